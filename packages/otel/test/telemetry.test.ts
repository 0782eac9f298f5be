import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { createClient, type Transport } from "@mrtr/client";
import { createServer, inProcessTransport, type McpServer } from "@mrtr/server";
import { describe, expect, it } from "vitest";
import { clientTelemetry, serverTelemetry } from "../src/index.js";
import { byName, metricOf, parentOf, spans, telemetry, tracerProvider, treeOf, withContextManager } from "./helpers/sdk.js";

const SECRET = "otel-test-secret-0123456789-abcdefghijkl";
const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };

withContextManager();

/** A server instance: `three` asks three questions, a round each; `t` answers at once; `broken` fails. */
function instance(): McpServer {
  return createServer({ name: "otel", version: "1.0.0", requestState: { secrets: [SECRET] } })
    .tool({
      name: "three",
      async handler(_a, ctx) {
        const names: string[] = [];
        for (const key of ["a", "b", "c"]) names.push(String((await ctx.elicit(key, { message: `${key}?`, requestedSchema: NAME })).content?.name));
        return { content: [{ type: "text", text: names.join(" ") }] };
      },
    })
    .tool({
      name: "t",
      handler: () => {
        // A span the handler starts is a child of the request's server span.
        tracerProvider.getTracer("app").startSpan("work").end();
        return { content: [] };
      },
    })
    .tool({ name: "oops", handler: () => ({ content: [], isError: true }) })
    .use(serverTelemetry(telemetry));
}

/** A transport that sends each request to the next instance in turn, as a load balancer might. */
function roundRobin(servers: McpServer[]): Transport {
  const transports = servers.map((s) => inProcessTransport(s));
  let next = 0;
  return { request: (message, options) => transports[next++ % transports.length]!.request(message, options) };
}

describe("@mrtr/otel with the OpenTelemetry SDK", () => {
  it("a plain call: the client's call and round spans, the server's span their child in one trace, the handler's span under it, the conventions' attributes", async () => {
    const server = instance();
    const client = createClient({ transport: inProcessTransport(server), name: "c", version: "1", middleware: [clientTelemetry(telemetry)] });
    await client.callTool("t", { x: 1 });
    const all = spans.getFinishedSpans();
    const [serverSpan] = all.filter((s) => s.kind === SpanKind.SERVER);
    const [roundSpan] = all.filter((s) => s.kind === SpanKind.CLIENT);
    const [callSpan] = all.filter((s) => s.kind === SpanKind.INTERNAL && s.name === "tools/call t");
    const [work] = byName("work");
    expect(new Set(all.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(parentOf(roundSpan!)).toBe(callSpan!.spanContext().spanId);
    expect(parentOf(serverSpan!)).toBe(roundSpan!.spanContext().spanId);
    expect(parentOf(work!)).toBe(serverSpan!.spanContext().spanId);
    expect(serverSpan!.name).toBe("tools/call t");
    expect(serverSpan!.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": "t",
      "gen_ai.operation.name": "execute_tool",
      "mcp.protocol.version": "2026-07-28",
      "mrtr.flow.round": 1,
      "mrtr.result_type": "complete",
    });
    expect(serverSpan!.attributes["jsonrpc.request.id"]).toBe(roundSpan!.attributes["jsonrpc.request.id"]);
    expect(serverSpan!.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it("a three-round flow whose rounds go to two server instances is one trace: each round's server span under that round's client span, the answers' waits between", async () => {
    const client = createClient({
      transport: roundRobin([instance(), instance()]),
      name: "c",
      version: "1",
      elicitation: { form: async (request) => ({ action: "accept", content: { name: String(request.message).replace("?", "") } }) },
      middleware: [clientTelemetry(telemetry)],
    });
    const result = await client.callTool("three");
    expect(result.content).toEqual([{ type: "text", text: "a b c" }]);
    const all = spans.getFinishedSpans();
    expect(new Set(all.map((s) => s.spanContext().traceId)).size).toBe(1);
    const [callSpan] = all.filter((s) => s.kind === SpanKind.INTERNAL && s.name === "tools/call three");
    const rounds = all.filter((s) => s.kind === SpanKind.CLIENT).sort((a, b) => Number(a.attributes["mrtr.flow.round"]) - Number(b.attributes["mrtr.flow.round"]));
    const served = all.filter((s) => s.kind === SpanKind.SERVER);
    expect(rounds.map((s) => s.attributes["mrtr.flow.round"])).toEqual([1, 2, 3, 4]);
    expect(rounds.every((s) => parentOf(s) === callSpan!.spanContext().spanId)).toBe(true);
    for (const round of rounds) {
      const server = served.find((s) => parentOf(s) === round.spanContext().spanId)!;
      expect(server.attributes["mrtr.flow.round"]).toBe(round.attributes["mrtr.flow.round"]);
    }
    // The server's flow id (sealed in requestState) is the same on every round, on both instances.
    expect(new Set(served.map((s) => s.attributes["mrtr.flow.id"])).size).toBe(1);
    expect(rounds.map((s) => s.attributes["mrtr.result_type"])).toEqual(["input_required", "input_required", "input_required", "complete"]);
    const waits = byName("mrtr.input");
    expect(waits).toHaveLength(3);
    expect(waits.every((w) => parentOf(w) === callSpan!.spanContext().spanId)).toBe(true);
    // Printed for the record: the trace as a tree.
    console.log(treeOf(all));
  });

  it("a refused call: error.type is the JSON-RPC code on both sides, status ERROR with the message; a tool error is tool_error", async () => {
    const client = createClient({ transport: inProcessTransport(instance()), name: "c", version: "1", middleware: [clientTelemetry(telemetry)] });
    await expect(client.callTool("nope")).rejects.toMatchObject({ code: -32602 });
    const server = spans.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
    const round = spans.getFinishedSpans().find((s) => s.kind === SpanKind.CLIENT)!;
    for (const span of [server, round]) {
      expect(span.attributes).toMatchObject({ "error.type": "-32602", "rpc.response.status_code": "-32602" });
      expect(span.status).toMatchObject({ code: SpanStatusCode.ERROR, message: "Unknown tool: nope" });
    }
    spans.reset();
    await client.callTool("oops");
    expect(spans.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!.attributes["error.type"]).toBe("tool_error");
  });

  it("records mcp.server.operation.duration and mcp.client.operation.duration with the conventions' attributes", async () => {
    const client = createClient({ transport: inProcessTransport(instance()), name: "c", version: "1", middleware: [clientTelemetry(telemetry)] });
    await client.callTool("t");
    const server = await metricOf("mcp.server.operation.duration");
    const client_ = await metricOf("mcp.client.operation.duration");
    expect(server.unit).toBe("s");
    expect(client_.unit).toBe("s");
    expect(client_.points.some((p) => p.attributes["gen_ai.tool.name"] === "t")).toBe(true);
    const point = server.points.find((p) => p.attributes["gen_ai.tool.name"] === "t")!;
    expect(point.attributes).toMatchObject({ "mcp.method.name": "tools/call", "mcp.protocol.version": "2026-07-28" });
    expect(point.attributes["jsonrpc.request.id"]).toBeUndefined(); // high cardinality: spans only
    expect((point.value as { count: number }).count).toBeGreaterThanOrEqual(1);
  });

  it("a hostile traceparent or baggage (malformed, huge, not a string) changes nothing but the trace", async () => {
    const server = instance();
    const send = (meta: Record<string, unknown>) =>
      server.handle({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "t",
          arguments: {},
          _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: "h", version: "1" }, ...meta },
        },
      });
    const hostile = [
      { traceparent: "00-zz-nope-01" },
      { traceparent: `00-${"a".repeat(32)}-${"b".repeat(16)}-01`, tracestate: "x".repeat(100_000) },
      { traceparent: ["00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"] },
      { baggage: "k=v,".repeat(50_000) },
      { traceparent: 42, baggage: { a: 1 } },
    ];
    for (const meta of hostile) {
      const response = (await send(meta)) as { result?: { resultType?: string } };
      expect(response.result?.resultType).toBe("complete");
    }
    const served = spans.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER);
    expect(served).toHaveLength(hostile.length);
    // The one well-formed traceparent (with a huge tracestate) still parents its span; the others start traces of their own.
    expect(served.filter((s) => s.parentSpanContext?.traceId === "a".repeat(32))).toHaveLength(1);
    expect(served.filter((s) => s.parentSpanContext === undefined)).toHaveLength(hostile.length - 1);
  });

  it("with only the API (no SDK registered), a traced server and client work and record nothing", async () => {
    const server = createServer({ name: "bare", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) }).use(serverTelemetry());
    const client = createClient({ transport: inProcessTransport(server), name: "c", version: "1", middleware: [clientTelemetry()] });
    await client.callTool("t");
    expect(spans.getFinishedSpans()).toHaveLength(0);
    expect(propagation.extract(ROOT_CONTEXT, {})).toBe(ROOT_CONTEXT);
    expect(trace.getSpan(context.active())).toBeUndefined();
  });
});
