/**
 * The trace of what a modern round-trip does not have: a legacy session
 * (2025-11-25) whose server asks the client a question with a request of
 * its own, and a task the tasks extension follows with polls and answers.
 */
import { SpanKind } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { createClient, httpTransport } from "@mrtr/client";
import { legacyClient } from "@mrtr/client/legacy";
import { createHttpHandler, createServer } from "@mrtr/server";
import { inProcessTransport } from "@mrtr/server";
import { tasksClient } from "@mrtr/tasks/client";
import { tasks } from "@mrtr/tasks/server";
import { describe, expect, it } from "vitest";
import { clientTelemetry, serverTelemetry } from "../src/index.js";
import { metricOf, parentOf, spans, telemetry, tracerProvider, treeOf, withContextManager } from "./helpers/sdk.js";

const SECRET = "otel-sessions-secret-0123456789-abcdefghij";
const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };
const form = async () => ({ action: "accept" as const, content: { name: "Ada" } });

withContextManager();

const id = (span: ReadableSpan) => span.spanContext().spanId;
const one = (all: readonly ReadableSpan[], kind: SpanKind, name: string, where: (s: ReadableSpan) => boolean = () => true) => {
  const found = all.filter((s) => s.kind === kind && s.name === name && where(s));
  expect(found, `${name} [${SpanKind[kind]}]`).toHaveLength(1);
  return found[0]!;
};

/** A server asking one name, its HTTP handler, and a legacy-only client reaching it through that handler. */
function legacySetup() {
  const server = createServer({ name: "otel-legacy", version: "1.0.0", requestState: { secrets: [SECRET] } })
    .tool({
      name: "greet",
      async handler(_a, ctx) {
        const r = await ctx.elicit("name", { message: "Your name?", requestedSchema: NAME });
        return { content: [{ type: "text" as const, text: `hello ${String(r.content?.name)}` }] };
      },
    })
    .use(serverTelemetry(telemetry));
  const handler = createHttpHandler(server);
  const sessionIds = new Set<string>();
  const fetch: typeof globalThis.fetch = async (url, init) => {
    const response = await handler(new Request(url, init));
    const sid = response.headers.get("mcp-session-id");
    if (sid) sessionIds.add(sid);
    return response;
  };
  const client = createClient({
    transport: httpTransport("http://otel.test/mcp", { fetch }),
    name: "c",
    version: "1",
    legacy: legacyClient({ mode: "legacy" }),
    elicitation: { form },
    middleware: [clientTelemetry(telemetry)],
  });
  return { client, sessionIds };
}

describe("@mrtr/otel in a legacy session and for a task", () => {
  it("a legacy session's question to the client is in the call's trace: the server's CLIENT span under the client's round, the client's answer a SERVER span under it, both with mcp.session.id", async () => {
    const { client, sessionIds } = legacySetup();
    const result = await client.callTool("greet");
    expect(result.content).toEqual([{ type: "text", text: "hello Ada" }]);
    const all = spans.getFinishedSpans().filter((s) => s.name !== "server/discover" && !s.name.startsWith("initialize"));
    expect(new Set(all.map((s) => s.spanContext().traceId)).size).toBe(1);
    const [sessionId] = [...sessionIds];
    expect(sessionIds.size).toBe(1);
    const callSpan = one(all, SpanKind.INTERNAL, "tools/call greet");
    const round = one(all, SpanKind.CLIENT, "tools/call greet");
    expect(parentOf(round)).toBe(id(callSpan));
    // The bridge serves the legacy call in two modern rounds; both are the client's round's children, in the session.
    const served = all.filter((s) => s.kind === SpanKind.SERVER && s.name === "tools/call greet");
    expect(served.map((s) => [parentOf(s), s.attributes["mrtr.flow.round"], s.attributes["mcp.session.id"]])).toEqual([
      [id(round), 1, sessionId],
      [id(round), 2, sessionId],
    ]);
    // The server asks: its CLIENT span, then the client's SERVER span answering it.
    const asked = one(all, SpanKind.CLIENT, "elicitation/create");
    expect(parentOf(asked)).toBe(id(round));
    expect(asked.attributes).toMatchObject({ "mcp.method.name": "elicitation/create", "mcp.session.id": sessionId, "mcp.protocol.version": "2025-11-25", "network.transport": "tcp" });
    const answered = one(all, SpanKind.SERVER, "elicitation/create");
    expect(parentOf(answered)).toBe(id(asked));
    expect(answered.attributes).toMatchObject({ "mcp.session.id": sessionId, "mcp.protocol.version": "2025-11-25", "network.transport": "tcp" });
    console.log(treeOf(all));
  });

  it("records each legacy session's duration on both sides when it ends", async () => {
    const { client } = legacySetup();
    await client.callTool("greet");
    const count = async (name: string) => (await metricOf(name)).points.reduce((n, p) => n + (p.value as { count: number }).count, 0);
    const before = { server: await count("mcp.server.session.duration"), client: await count("mcp.client.session.duration") };
    await client.close();
    expect(await count("mcp.server.session.duration")).toBe(before.server + 1);
    expect(await count("mcp.client.session.duration")).toBe(before.client + 1);
    const http = { "mcp.protocol.version": "2025-11-25", "network.transport": "tcp", "network.protocol.name": "http" };
    for (const name of ["mcp.server.session.duration", "mcp.client.session.duration"]) {
      const metric = await metricOf(name);
      expect(metric.unit).toBe("s");
      expect(metric.points.map((p) => p.attributes)).toContainEqual(http);
    }
  });

  it("a task is one trace: created, polled, asked and answered, each request a CLIENT span under the call's, the task's work under the call that made it, the call's span ending with the call", async () => {
    const server = createServer({ name: "otel-tasks", version: "1.0.0", requestState: { secrets: [SECRET] }, extensions: [tasks()] })
      .tool({
        name: "interview",
        task: { pollIntervalMs: 5 },
        async handler(_a, ctx) {
          tracerProvider.getTracer("app").startSpan("work").end();
          const r = await ctx.elicit("name", { message: "Your name?", requestedSchema: NAME });
          return { content: [{ type: "text" as const, text: `hi ${String(r.content?.name)}` }] };
        },
      })
      .use(serverTelemetry(telemetry));
    const client = createClient({
      transport: inProcessTransport(server),
      name: "c",
      version: "1",
      extensions: [tasksClient({ minPollMs: 5, maxPollMs: 20 })],
      elicitation: { form },
      middleware: [clientTelemetry(telemetry)],
    });
    const result = await client.callTool("interview");
    expect(result.content).toEqual([{ type: "text", text: "hi Ada" }]);
    const all = spans.getFinishedSpans();
    expect(new Set(all.map((s) => s.spanContext().traceId)).size).toBe(1);
    const callSpan = one(all, SpanKind.INTERNAL, "tools/call interview");
    const sent = all.filter((s) => s.kind === SpanKind.CLIENT);
    const methods = new Set(sent.map((s) => s.attributes["mcp.method.name"]));
    expect(methods).toEqual(new Set(["tools/call", "tasks/get", "tasks/update"]));
    expect(sent.every((s) => parentOf(s) === id(callSpan))).toBe(true);
    // Every request sent was served under its CLIENT span.
    for (const s of sent) expect(all.filter((x) => x.kind === SpanKind.SERVER && parentOf(x) === id(s))).toHaveLength(1);
    // The task's work runs under the server span of the call that made it.
    const created = all.find((s) => s.kind === SpanKind.SERVER && s.name === "tools/call interview")!;
    expect(created.attributes["mrtr.result_type"]).toBe("task");
    expect(parentOf(one(all, SpanKind.INTERNAL, "work"))).toBe(id(created));
    // The call's span ends after its last follow-up's (spans are exported as they end, so in the order they ended).
    expect(all.indexOf(callSpan)).toBeGreaterThan(Math.max(...sent.map((s) => all.indexOf(s))));
    console.log(treeOf(all));
  });
});
