/**
 * The browser test bench of @mrtr/apps: Debian's Chromium driven headless by
 * playwright-core (nothing downloads a browser), and four node:http servers
 * on four ports, so four origins: the host page with its MCP endpoints, the
 * sandbox proxy (`createSandboxProxyHandler`), an origin views declare and
 * one they do not. The probe origins record every request by path, so a
 * test can tell "the browser refused it" from "no one was asked".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createHttpHandler, type McpServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { createSandboxProxyHandler } from "../../src/sandbox/index.js";
import type { HostPolicy } from "../../src/host/view-policy.js";

/** How to launch Chromium, or why the file's browser tests are skipped. */
export type Support = { executablePath: string; launch: (path: string) => Promise<Browser> } | string;

/** Chromium on PATH and playwright-core installed, or why a browser test is skipped. */
export async function browserSupport(file: string): Promise<Support> {
  try {
    await import("playwright-core");
  } catch {
    return `${file}: skipped, no playwright-core (npm install)`;
  }
  const { findChromium, launchChromium } = await import("../../../../examples/web-host/test/chromium.js");
  const executablePath = findChromium();
  if (!executablePath) return `${file}: skipped, no chromium on PATH (Debian: apt-get install -y chromium; .ci/run installs it)`;
  return { executablePath, launch: launchChromium };
}

const PAGE_ENTRY = fileURLToPath(new URL("./page-entry.ts", import.meta.url));
const RESULTS = fileURLToPath(new URL("../../test-results/", import.meta.url));

let bundle: Promise<string> | undefined;

/** The host page's script, bundled once per test file from the sources. */
export function pageBundle(entry = PAGE_ENTRY): Promise<string> {
  if (entry !== PAGE_ENTRY) return bundleOf(entry);
  return (bundle ??= bundleOf(entry));
}

async function bundleOf(entry: string): Promise<string> {
  const out = await build({ entryPoints: [entry], bundle: true, write: false, format: "iife", platform: "browser", target: "es2022", conditions: ["@mrtr/source"], logLevel: "warning" });
  return out.outputFiles[0]!.text;
}

/** The bench's servers. */
export interface Bench {
  /** The host page (its origin serves `/`, `/page.js` and `/mcp/<name>`). */
  pageUrl: string;
  /** The MCP endpoint of each server, by name. */
  endpoints: Record<string, string>;
  /** The sandbox proxy's URL. */
  proxyUrl: string;
  /** An origin views may declare, and one they must not reach. */
  declared: string;
  undeclared: string;
  /** Paths each probe origin was asked for. */
  hits: { declared: string[]; undeclared: string[] };
  close(): Promise<void>;
}

/** What the bench serves. */
export interface BenchOptions {
  /** MCP servers by name, each at `/mcp/<name>` of the page's origin; a function is given the probe origins (to declare one in a view's `csp`). */
  servers: Record<string, McpServer | ((origins: { declared: string; undeclared: string }) => McpServer)>;
  /** The proxy handler's host policy. */
  hostPolicy?: HostPolicy;
  /** The page's script (default page-entry.ts's bundle); it must define `window.mrtr`, which `inPage` waits for. */
  script?: string;
  /** More of the page's HTML body. */
  body?: string;
}

/** Starts the bench's four origins. */
export async function startBench(options: BenchOptions): Promise<Bench> {
  const script = options.script ?? (await pageBundle());
  const hits = { declared: [] as string[], undeclared: [] as string[] };
  const probe = (list: string[]) => listen((request, response) => {
    list.push(request.url ?? "");
    response.writeHead(200, { "content-type": request.url?.endsWith(".js") ? "text/javascript" : "text/plain", "access-control-allow-origin": "*" });
    response.end(request.url?.endsWith(".js") ? "window.__probe = (window.__probe || 0) + 1;" : "ok");
  });
  const declared = await probe(hits.declared);
  const undeclared = await probe(hits.undeclared);
  let pageOrigin = "";
  let proxy: (request: Request) => Response = () => new Response("starting", { status: 503 });
  const proxyServer = createNodeServer(async (request) => proxy(request));
  // Another host name as well as another port: cookies ignore ports, so only this keeps the page's cookies from the proxy's origin.
  const proxyOrigin = (await listenOn(proxyServer)).replace("127.0.0.1", "localhost");
  const origins = { declared: declared.origin, undeclared: undeclared.origin };
  const handlers = Object.fromEntries(
    Object.entries(options.servers).map(([name, server]) => [`/mcp/${name}`, createHttpHandler(typeof server === "function" ? server(origins) : server, { path: `/mcp/${name}` })]),
  );
  const pageServer = createNodeServer(async (request) => {
    const path = new URL(request.url).pathname;
    const mcp = handlers[path];
    if (mcp) return mcp(request);
    if (path === "/page.js") return new Response(script, { headers: { "content-type": "text/javascript; charset=utf-8" } });
    if (path === "/") return new Response(`<!doctype html><html><head><meta charset="utf-8"><title>test host</title></head><body>${options.body ?? ""}<script src="/page.js"></script></body></html>`, { headers: { "content-type": "text/html; charset=utf-8", "set-cookie": "host-secret=42; Path=/; SameSite=Strict" } });
    return new Response("not found", { status: 404 });
  });
  pageOrigin = await listenOn(pageServer);
  proxy = createSandboxProxyHandler({ hostOrigins: [pageOrigin], ...(options.hostPolicy && { hostPolicy: options.hostPolicy }) });
  const servers: Server[] = [declared.server, undeclared.server, proxyServer, pageServer];
  return {
    pageUrl: `${pageOrigin}/`,
    endpoints: Object.fromEntries(Object.keys(options.servers).map((name) => [name, `${pageOrigin}/mcp/${name}`])),
    proxyUrl: `${proxyOrigin}/sandbox`,
    declared: declared.origin,
    undeclared: undeclared.origin,
    hits,
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
    },
  };
}

/**
 * Launches Chromium and starts a bench before the file's tests (`options`
 * may be a function, called then, after the launch), and stops both after;
 * read `browser` and `bench` inside tests. Registers nothing when `support`
 * is a skip message. An `afterAll` the file registers later runs before
 * this one's (vitest runs after-hooks in reverse).
 */
export function useBench(support: Support, options: BenchOptions | (() => BenchOptions | Promise<BenchOptions>)): { readonly browser: Browser; readonly bench: Bench } {
  let browser: Browser | undefined;
  let bench: Bench | undefined;
  if (typeof support !== "string") {
    beforeAll(async () => {
      browser = await support.launch(support.executablePath);
      bench = await startBench(typeof options === "function" ? await options() : options);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await bench?.close();
    });
  }
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useBench: no ${name} yet (read it inside a test)`);
    return value;
  };
  return {
    get browser() {
      return started(browser, "browser");
    },
    get bench() {
      return started(bench, "bench");
    },
  };
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  return { server, origin: await listenOn(server) };
}

async function listenOn(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Runs `body` in a fresh page opened on the bench's page, once its script
 * defined `window.mrtr` (a page script given to `startBench` must define it
 * too). `step(label)` names what is being checked; on failure the page is
 * saved as test-results/<test>--<step>.png and the error passes on.
 */
export async function inPage(browser: Browser, bench: Bench, test: string, body: (page: Page, step: (label: string) => void) => Promise<void>): Promise<void> {
  const { inFreshPage } = await import("../../../../examples/web-host/test/chromium.js");
  const ready = (page: Page) => page.waitForFunction(() => "mrtr" in window);
  return inFreshPage(browser, { url: bench.pageUrl, results: RESULTS, name: test, timeoutMs: 15_000, ready }, body);
}
