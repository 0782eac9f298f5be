/**
 * @mrtr/client/auth/node: the user-agent step for terminal apps on Node. A
 * listener on a loopback address receives the redirect (RFC 8252 §7.3); the
 * authorization URL is opened in the user's browser (or shown, by `open`).
 * Also `assertionFromFile`, a workload identity token file as a `jwtBearer`
 * assertion source. Node-only (node:http, node:child_process, node:fs), hence
 * its own entry point.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { UserAgentError } from "./errors.js";
import type { UserAgent } from "./user-agent.js";

export { assertionFromFile } from "./assertion-file.js";
export type { AssertionFileOptions } from "./assertion-file.js";

/** Options of `loopbackUserAgent`. */
export interface LoopbackUserAgentOptions {
  /** Loopback address to listen on (default "127.0.0.1"). */
  host?: "127.0.0.1" | "localhost" | "::1";
  /** Port (default 0: a free one, chosen when the redirect URI is first needed). Fix it when the redirect URI must be registered beforehand. */
  port?: number;
  /** Path of the redirect URI (default "/callback"). */
  path?: string;
  /** Shows the authorization URL (default `openInBrowser`). */
  open?: (authorizationUrl: URL) => void | Promise<void>;
  /** Page shown in the browser once the redirect arrived. */
  successHtml?: string;
}

/** A loopback user agent; `close()` stops its listener. */
export interface LoopbackUserAgent extends UserAgent {
  /** Stops the loopback listener; a login still waiting fails. */
  close(): Promise<void>;
}

const DONE_HTML = "<!doctype html><meta charset=utf-8><title>Signed in</title><p>Signed in. You can close this window and return to the application.</p>";

/**
 * Opens `url` in the default browser (open, xdg-open, or url.dll on Windows;
 * no shell, the URL is one argument) and prints it to stderr as well.
 */
export function openInBrowser(url: URL): void {
  process.stderr.write(`Open this URL to sign in:\n  ${url.href}\n`);
  const [command, args]: [string, string[]] =
    process.platform === "darwin" ? ["open", [url.href]] : process.platform === "win32" ? ["rundll32", ["url.dll,FileProtocolHandler", url.href]] : ["xdg-open", [url.href]];
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true, shell: false });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // the printed URL is the fallback
  }
}

/** A user agent that opens the browser and receives the redirect on a loopback listener. */
export function loopbackUserAgent(options: LoopbackUserAgentOptions = {}): LoopbackUserAgent {
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/callback";
  const open = options.open ?? openInBrowser;
  let server: Server | undefined;
  let listening: Promise<string> | undefined;
  let pending: { state: string; resolve: (url: URL) => void } | undefined;

  const start = () =>
    (listening ??= new Promise<string>((resolve, reject) => {
      server = createServer((req, res) => {
        const base = `http://${host.includes(":") ? `[${host}]` : host}`;
        let url: URL;
        try {
          url = new URL(req.url ?? "/", base);
        } catch {
          res.writeHead(400).end();
          return;
        }
        // Only the redirect of the waiting authorization is taken: right method, path and state.
        if (req.method !== "GET" || url.pathname !== path || !pending || url.searchParams.get("state") !== pending.state) {
          res.writeHead(url.pathname === path ? 400 : 404, { "content-type": "text/plain" }).end(url.pathname === path ? "No sign-in is waiting for this response.\n" : "Not found\n");
          return;
        }
        const entry = pending;
        pending = undefined;
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(options.successHtml ?? DONE_HTML);
        const port = (server!.address() as { port: number }).port;
        entry.resolve(new URL(`${url.pathname}${url.search}`, `${base}:${port}`));
      });
      server.on("error", reject);
      server.listen(options.port ?? 0, host, () => {
        const port = (server!.address() as { port: number }).port;
        resolve(`http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`);
      });
    }));

  return {
    redirectUri: start,
    async authorize(authorizationUrl, { signal }) {
      await start();
      const state = authorizationUrl.searchParams.get("state");
      if (!state) throw new UserAgentError("The authorization URL has no state parameter; the loopback listener cannot match the redirect.");
      return new Promise<URL>((resolve, reject) => {
        const onAbort = () => {
          if (pending?.state === state) pending = undefined;
          reject(new UserAgentError("The sign-in was not completed in time, or was aborted."));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener("abort", onAbort, { once: true });
        pending = {
          state,
          resolve: (url) => {
            signal.removeEventListener("abort", onAbort);
            resolve(url);
          },
        };
        Promise.resolve()
          .then(() => open(authorizationUrl))
          .catch((error: unknown) => {
            signal.removeEventListener("abort", onAbort);
            pending = undefined;
            reject(new UserAgentError(`Could not open the browser: ${(error as Error)?.message ?? String(error)}`));
          });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        pending = undefined;
        if (!server) return resolve();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
