/** Builders shared by the legacy bridge's tests: a server with asking handlers, and a session whose output is recorded. */
import { createServer, inputRequired, type McpServer, type ServerOptions } from "@mrtr/server";
import { LegacySession, type SessionOptions } from "@mrtr/server/legacy";

export const SECRET = "legacy-test-secret-0123456789-abcdefghij";
const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A server whose handlers know nothing of eras: `greet` asks one name,
 * `twice` asks two rounds, `endless` asks forever, `once` consumes its state
 * once, `wait` waits for its signal (counting starts and aborts), `steps` reports
 * progress 1..3, `echo` returns its arguments.
 */
export function askingServer(overrides: Partial<ServerOptions> = {}) {
  const seen = { aborted: 0, calls: 0, waiting: 0 };
  const server = createServer({
    name: "legacy-test",
    version: "1.0.0",
    instructions: "Be kind.",
    requestState: { secrets: [SECRET] },
    subscriptions: { listChanged: true, resourceUpdates: true },
    progress: { minIntervalMs: 0 },
    ...overrides,
  })
    .tool({
      name: "greet",
      async handler(_a, ctx) {
        seen.calls++;
        const r = await ctx.elicit("name", { message: "Your name?", requestedSchema: NAME });
        return text(r.action === "accept" ? `hello ${String(r.content?.name)}` : `no (${r.action})`);
      },
    })
    .tool({
      name: "twice",
      async handler(_a, ctx) {
        const a = await ctx.elicit("first", { message: "First?", requestedSchema: NAME });
        const b = await ctx.elicit("second", { message: `Second, ${String(a.content?.name)}?`, requestedSchema: NAME });
        return text(`${String(a.content?.name)} and ${String(b.content?.name)}`);
      },
    })
    .tool({
      name: "endless",
      handler(_a, ctx) {
        // Low-level style: every round asks again, its round number carried in the sealed state.
        const round = ((ctx.state as number | undefined) ?? 0) + 1;
        return inputRequired({ state: round, inputRequests: { [`q${round}`]: { method: "elicitation/create", params: { mode: "form", message: `Round ${round}?`, requestedSchema: NAME } } } });
      },
    })
    .tool({
      name: "once",
      async handler(_a, ctx) {
        await ctx.elicit("ok", { message: "Sure?", requestedSchema: NAME });
        await ctx.consumeOnce();
        return text("consumed");
      },
    })
    .tool({
      name: "wait",
      async handler(_a, ctx) {
        seen.waiting++;
        await sleep(60_000, ctx.signal);
        if (ctx.signal.aborted) seen.aborted++;
        return text("waited");
      },
    })
    .tool({
      name: "steps",
      async handler(_a, ctx) {
        for (const n of [1, 2, 3]) ctx.progress(n, 3);
        return text("stepped");
      },
    })
    .tool({ name: "echo", handler: (args) => text(JSON.stringify(args)) })
    .resource({ uri: "test://doc", name: "doc", handler: (uri) => ({ contents: [{ uri, text: "doc" }] }) });
  return { server, seen };
}

export type Sent = { message: Record<string, unknown>; related: unknown; urgent: boolean | undefined };

/** A session on `server` whose messages are recorded in `sent`; `accept` answers whatever the server asks by the value given. */
export function session(server: McpServer, options: SessionOptions = {}, accept?: (request: Record<string, unknown>) => unknown) {
  const sent: Sent[] = [];
  let s!: LegacySession;
  s = new LegacySession(
    server,
    {
      send(message, related, urgent) {
        sent.push({ message, related, urgent });
        if (accept && typeof message.method === "string" && "id" in message) {
          const result = accept(message);
          if (result !== undefined) queueMicrotask(() => void s.receive({ jsonrpc: "2.0", id: message.id, result }));
        }
        return true;
      },
    },
    options,
  );
  return { session: s, sent };
}

/** `initialize` then `notifications/initialized`, as a 2025-11-25 client opens. */
export async function initialize(s: LegacySession, capabilities: Record<string, unknown> = { elicitation: {} }, protocolVersion = "2025-11-25") {
  const r = await s.receive({ jsonrpc: "2.0", id: "init", method: "initialize", params: { protocolVersion, capabilities, clientInfo: { name: "old-host", version: "1.0.0" } } });
  await s.receive({ jsonrpc: "2.0", method: "notifications/initialized" });
  return r;
}

/** Resolves once `condition` holds (bounded). */
export async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const call = (id: number | string, name: string, args: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args, ...extra },
});
