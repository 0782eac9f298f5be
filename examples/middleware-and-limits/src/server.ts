/**
 * The server, ready for traffic: four tools, and the middleware every request
 * passes through, outermost first: an audit log, a per-caller rate limit, a
 * per-caller concurrency limit, a policy of our own, and a time limit.
 */
import { createServer, type McpServer, type SecretInput } from "@mrtr/server";
import { audit, concurrencyLimit, rateLimit, timeLimit, type AuditEvent } from "@mrtr/server/middleware";
import * as z from "zod";
import { adminOnly } from "./policy.js";

/** Waits `ms`, or rejects as soon as `signal` aborts (a time limit, a client gone). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** The catalog server, sealing with `secret`; every finished request is handed to `onAudit`. */
export function catalogServer(secret: SecretInput, onAudit: (event: AuditEvent) => void): McpServer {
  const server = createServer({
    name: "catalog",
    version: "1.0.0",
    // In production: `secretsFromEnv()`, the same secrets on every instance (see examples/many-instances).
    requestState: { secrets: [secret] },
    // Who is calling. A header stands in for authentication here: in production
    // `protect` (@mrtr/server/auth) verifies a token and names the caller itself.
    principal: ({ request }) => (request instanceof Request ? (request.headers.get("x-user") ?? undefined) : undefined),
    // A message's shape is checked before anything validates it: no string over 1 000 characters.
    jsonLimits: { maxStringLength: 1_000 },
  });

  server.use(
    // First, so refusals by the layers below are recorded too.
    audit({ sink: onAudit, arguments: ["search"], maxValueLength: 40 }),
    // A burst of 3 tool calls, then one every 10 s, per caller. Lists and discovery cost nothing here.
    rateLimit({ perCaller: { capacity: 3, refillPerSecond: 0.1 }, total: { capacity: 100, refillPerSecond: 50 }, cost: (call) => (call.method === "tools/call" ? 1 : 0) }),
    // One request at a time per caller, eight in all; nothing queues: a refused client sends again later.
    concurrencyLimit({ perCaller: 1, total: 8 }),
    adminOnly(["delete_everything"]),
    // Last, so the time a call waited in the layers above does not count against it.
    timeLimit({ ms: 10_000, perTool: { slow_lookup: 100 } }),
  );

  server.tool({
    name: "search",
    description: "Searches the catalog.",
    inputSchema: z.object({ query: z.string() }),
    handler: ({ query }) => ({ content: [{ type: "text", text: `3 results for "${query}"` }] }),
  });
  server.tool({
    name: "export_report",
    description: "Builds a report; takes a moment.",
    async handler(_args, ctx) {
      await sleep(1_000, ctx.signal);
      return { content: [{ type: "text", text: "report ready" }] };
    },
  });
  server.tool({
    name: "slow_lookup",
    description: "A lookup that takes longer than its time limit allows.",
    async handler(_args, ctx) {
      await sleep(5_000, ctx.signal); // stopped at 100 ms: ctx.signal aborts
      return { content: [{ type: "text", text: "never sent" }] };
    },
  });
  server.tool({
    name: "delete_everything",
    description: "Deletes the catalog. Admins only.",
    handler: () => ({ content: [{ type: "text", text: "catalog deleted" }] }),
  });
  return server;
}
