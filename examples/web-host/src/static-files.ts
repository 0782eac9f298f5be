/**
 * Serving the built page (dist/) as a web-standard handler. Only the files
 * directly in the folder, by a plain name, are served (no path leaves it),
 * each with its content type and headers that keep the page to itself:
 * a Content-Security-Policy allowing scripts, styles and fetches from its
 * own origin (and fetches to the authorization server), frames only from
 * the origins named (the sandbox proxy of MCP Apps views), no framing of
 * the page itself, no referrer sent to other sites, no caching while
 * developing.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json; charset=utf-8",
};

/** A file name the handler serves: one plain segment with a known extension. */
const SERVED = /^\/([a-z0-9][a-z0-9._-]*)\.(html|js|css|map)$/;

/** What the page may reach beyond its own origin. */
export interface PageReach {
  /** Other origins the page may fetch from. */
  connectTo?: readonly string[];
  /** Origins the page may show in frames (none by default: `frame-src` is then left to `default-src 'none'`). */
  frameFrom?: readonly string[];
}

/** The page's Content-Security-Policy; `connectTo` lists the other origins it may fetch from, `frameFrom` those it may frame. */
export function contentSecurityPolicy(connectTo: readonly string[], frameFrom: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${connectTo.join(" ")}`.trim(),
    frameFrom.length > 0 && `frame-src ${frameFrom.join(" ")}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ]
    .filter((directive): directive is string => typeof directive === "string")
    .join("; ");
}

/** A handler serving the files of `root` ("/" is index.html); anything else is 404. */
export function staticFiles(root: string, options: PageReach = {}): (request: Request) => Promise<Response> {
  const csp = contentSecurityPolicy(options.connectTo ?? [], options.frameFrom ?? []);
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return new Response("Method not allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    const path = new URL(request.url).pathname;
    const match = SERVED.exec(path === "/" ? "/index.html" : path);
    if (!match) return new Response("Not found", { status: 404 });
    let body: Buffer;
    try {
      body = await readFile(join(root, `${match[1]}.${match[2]}`));
    } catch {
      return new Response("Not found (run npm run build -w @mrtr/example-web-host first?)", { status: 404 });
    }
    return new Response(request.method === "HEAD" ? null : new Uint8Array(body), {
      headers: {
        "content-type": TYPES[match[2]!]!,
        "content-security-policy": csp,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "cache-control": "no-store",
      },
    });
  };
}
