/**
 * The server the fair-share suites attack, built as the READMEs show: users
 * named by `createServer({ principal })` (here the `x-user` header; stdio
 * callers have none, so each channel is its own caller), both eras over HTTP
 * (`legacyHttp()`) and stdio (`legacyStdio()`), list changes on
 * `subscriptions/listen`, and tasks. One process serves:
 *
 * - HTTP on 127.0.0.1:$PORT (`/mcp`), and `GET /stats`: memory (after a
 *   collection when run with --expose-gc) and what the server holds;
 * - stdio on its own stdin/stdout;
 * - stdio framing on every connection to the Unix socket $STDIO_SOCKET, each
 *   one more stdio channel (so two stdio callers can meet one server).
 *
 * Limits come from the environment where a suite shrinks one (FAIR_*);
 * otherwise every default holds.
 */
import { createServer as createSocketServer } from "node:net";
import { createHttpHandler, createServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { serveStdio } from "@mrtr/server/stdio";
import { legacyHttp, legacyStdio } from "@mrtr/server/legacy";
import { tasks } from "@mrtr/tasks/server";

const env = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };

const server = createServer({
  name: "fair-share",
  version: "1.0.0",
  principal: ({ request }) => (request instanceof Request ? (request.headers.get("x-user") ?? undefined) : undefined),
  subscriptions: { listChanged: true },
  extensions: [tasks({ ...(env("FAIR_MAX_RUNNING") && { maxRunning: env("FAIR_MAX_RUNNING") }) })],
  onWarning: () => undefined, // no shared secret: this process's own key
})
  .tool({
    name: "greet",
    async handler(_args, ctx) {
      const r = await ctx.elicit("name", { message: "Your name?", requestedSchema: NAME });
      return text(`hello ${String(r.content?.name)}`);
    },
  })
  .tool({
    name: "park",
    task: {},
    async handler(_args, ctx) {
      const r = await ctx.elicit("go", { message: "Go on?", requestedSchema: NAME });
      return text(`parked until ${String(r.content?.name)}`);
    },
  })
  .tool({ name: "quick", task: {}, handler: () => text("done") })
  .tool({ name: "echo", handler: (args) => text(JSON.stringify(args)) })
  .tool({
    name: "announce",
    handler: () => {
      server.notify.toolsListChanged();
      return text("announced");
    },
  });

const heldBytes = { ...(env("FAIR_HELD_BYTES") && { maxHeldBytes: env("FAIR_HELD_BYTES") }), ...(env("FAIR_HELD_BYTES_SHARE") && { maxHeldBytesPerPrincipal: env("FAIR_HELD_BYTES_SHARE") }) };
const mcp = createHttpHandler(server, { path: "/mcp", legacy: legacyHttp(heldBytes) });
const stdioLegacy = legacyStdio(heldBytes);

const gc = (globalThis as { gc?: () => void }).gc;
function stats(): Response {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return Response.json({ rss: m.rss, heapUsed: m.heapUsed, activity: server.activity() });
}

const http = createNodeServer((request) => (new URL(request.url).pathname === "/stats" ? Promise.resolve(stats()) : mcp(request)));
const sockets = createSocketServer((socket) => {
  serveStdio(server, { input: socket, output: socket, legacy: stdioLegacy, exitOnEnd: false, redirectStdout: false });
});

serveStdio(server, { legacy: stdioLegacy, onEnd: () => void http.close() });
sockets.listen(process.env.STDIO_SOCKET!, () => {
  http.listen(Number(process.env.PORT), "127.0.0.1", () => process.stderr.write("listening\n"));
});
