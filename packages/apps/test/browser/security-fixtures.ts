/**
 * Fixtures of the security tests (security-*.test.ts): a probe view, a
 * server that counts what it ran, and helpers to reach the view's frame.
 *
 * The probe view is a plain document whose inline script speaks the view's
 * JSON-RPC over postMessage (no SDK), does the handshake, and puts a small
 * API on `window.view`: `request`, `notify`, `post` (anything, as is), the
 * answers it got, and the CSP violations its document saw from the first
 * byte. The tests drive it with Playwright's `frame.evaluate` in the view's
 * own frame, so every probe runs with the view's origin, sandbox and CSP.
 */
import { createServer, type McpServer } from "@mrtr/server";
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { appView } from "../../src/server/index.js";
import type { ViewCsp } from "../../src/ui-meta.js";
import type { Bench } from "./harness.js";

/** What the probe view keeps on `window.view`. */
export interface ProbeView {
  request(method: string, params?: Record<string, unknown>): Promise<Answer>;
  notify(method: string, params?: Record<string, unknown>): void;
  post(message: unknown): void;
  answers: Answer[];
  violations: { directive: string; blocked: string }[];
  nextId(): number;
}

/** A JSON-RPC answer the view got. */
export interface Answer {
  id: number | string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

/** The probe view's runtime (runs in the view's frame; self-contained). */
function probeViewScript(): void {
  const violations: { directive: string; blocked: string }[] = [];
  document.addEventListener("securitypolicyviolation", (e) => violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
  let next = 1000;
  const answers: Record<string, unknown>[] = [];
  const waiting = new Map<unknown, (answer: Record<string, unknown>) => void>();
  const post = (message: unknown) => window.parent.postMessage(message, "*");
  const request = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      post({ jsonrpc: "2.0", id, method, params });
    });
  const notify = (method: string, params: Record<string, unknown> = {}) => post({ jsonrpc: "2.0", method, params });
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const message = event.data as Record<string, unknown>;
    if (message.method === undefined && message.id !== undefined) {
      answers.push(message);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    } else if ((message.method === "ping" || message.method === "ui/resource-teardown") && message.id !== undefined) {
      post({ jsonrpc: "2.0", id: message.id, result: {} });
    }
  });
  (window as unknown as { view: unknown }).view = { request, notify, post, answers, violations, nextId: () => ++next };
  void request("ui/initialize", { appInfo: { name: "probe-view", version: "1.0.0" }, appCapabilities: {}, protocolVersion: "2026-01-26" }).then((answer) => {
    notify("ui/notifications/initialized");
    const mark = document.createElement("p");
    mark.id = "ready";
    mark.textContent = answer.result ? "ready" : `refused ${JSON.stringify(answer.error)}`;
    document.body.appendChild(mark);
  });
}

/** The probe view's document. */
export const PROBE_VIEW_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Probe</title>
<script>var __name = function (f) { return f; };(${String(probeViewScript)})();</script>
</head><body><h1>Probe</h1></body></html>`;

/** What the security server ran, by tool. */
export interface ServerLog {
  calls: Record<string, number>;
  /** Most `slow` calls running at once. */
  maxConcurrentSlow: number;
  /** Resolves at the next `release()`. */
  gate(): Promise<void>;
  /** Lets every waiting `slow` call finish. */
  release(): void;
}

/** A fresh log (one per bench). */
export function serverLog(): ServerLog {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  return {
    calls: {},
    maxConcurrentSlow: 0,
    gate: () => gate,
    release() {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

const count = (log: ServerLog, name: string) => void (log.calls[name] = (log.calls[name] ?? 0) + 1);

/**
 * The security server: `show` (model and app) opens the probe view (or
 * `html`, such as the dice view, whose buttons call `reroll`, `admin_reset`
 * and `other_server_tool`); `reroll`, `echo` and `slow` are app-only;
 * `admin_reset` is model-only.
 * Every call is counted in `log`; `slow` waits for `log.release()`.
 */
export function securityServer(log: ServerLog, options: { csp?: ViewCsp; html?: string } = {}): McpServer {
  const server = createServer({ name: "security", version: "1.0.0" });
  server.tool({ name: "admin_reset", description: "Model only: no view may call it", _meta: { ui: { visibility: ["model"] } }, handler: () => (count(log, "admin_reset"), { content: [{ type: "text", text: "reset done" }] }) });
  let running = 0;
  appView(server, { uri: "ui://security/probe", name: "Probe", html: options.html ?? PROBE_VIEW_HTML, ...(options.csp && { csp: options.csp }) })
    .tool({ name: "show", description: "Shows the probe view", handler: () => (count(log, "show"), { content: [{ type: "text", text: "shown" }] }) })
    .tool({ name: "reroll", description: "App only: what the dice view's reroll button calls", visibility: ["app"], handler: (args: { sides?: number }) => (count(log, "reroll"), { content: [{ type: "text", text: `rerolled a d${args.sides ?? 6}: 4` }] }) })
    .tool({ name: "echo", description: "App only: echoes", visibility: ["app"], handler: (args: { text?: string }) => (count(log, "echo"), { content: [{ type: "text", text: `echo ${args.text ?? ""}` }] }) })
    .tool({
      name: "slow",
      description: "App only: answers when released",
      visibility: ["app"],
      handler: async () => {
        count(log, "slow");
        running += 1;
        log.maxConcurrentSlow = Math.max(log.maxConcurrentSlow, running);
        await log.gate();
        running -= 1;
        return { content: [{ type: "text", text: "slow done" }] };
      },
    });
  return server;
}

/** Another server the page is connected to, counting calls of its only tool. */
export function countingOtherServer(log: ServerLog): McpServer {
  const server = createServer({ name: "other", version: "1.0.0" });
  server.tool({ name: "other_server_tool", description: "A tool of another server", handler: () => (count(log, "other_server_tool"), { content: [{ type: "text", text: "other server reached" }] }) });
  return server;
}

/** What `window.mrtr.showView` answers. */
export type Shown = { id: string; csp: string; allow: string; refused: string[]; resultText: string };

/** Shows `tool` of server `server` through the bench's sandbox proxy. */
export function showView(page: Page, bench: Bench, extra: Record<string, unknown> = {}, server = "security", tool = "show"): Promise<Shown> {
  return page.evaluate((options) => (window as any).mrtr.showView(options), { endpoint: bench.endpoints[server], tool, proxyUrl: bench.proxyUrl, ...extra });
}


/** The proxy's frame (the one in the page's `section[data-view]`, the last shown). */
export async function proxyFrame(page: Page): Promise<Frame> {
  const handle = await page.locator("section[data-view] iframe").last().elementHandle();
  const frame = await handle!.contentFrame();
  expect(frame, "the proxy frame").not.toBeNull();
  return frame!;
}

/** The view's frame (the proxy's inner frame), once the probe view finished its handshake. */
export async function viewFrame(page: Page): Promise<Frame> {
  await page.frameLocator("section[data-view] iframe").last().frameLocator("iframe").locator("#ready").waitFor({ state: "attached" });
  const proxy = await proxyFrame(page);
  const [inner] = proxy.childFrames();
  expect(inner, "the view frame").toBeDefined();
  expect(await inner!.locator("#ready").textContent()).toBe("ready");
  return inner!;
}

export { hostEvents } from "./page-helpers.js";
