/**
 * End to end: a traced client and server whose spans the OpenTelemetry SDK
 * exports over OTLP/HTTP (JSON) to a receiver in this test, as they would to
 * a collector.
 */
import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { context, propagation } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { createClient } from "@mrtr/client";
import { createServer, inProcessTransport } from "@mrtr/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientTelemetry, serverTelemetry } from "../src/index.js";

interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const received: OtlpSpan[] = [];
const paths: string[] = [];
const receiver = createHttpServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    paths.push(`${req.method} ${req.url} ${req.headers["content-type"]}`);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
    for (const r of body.resourceSpans) for (const s of r.scopeSpans) received.push(...s.spans);
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(async () => {
  context.disable();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("@mrtr/otel exporting over OTLP/HTTP", () => {
  it("delivers the call's trace to a receiver: the client's and the server's spans, one trace, the server's under the client's round", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
    const processor = new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) });
    const tracerProvider = new TracerProvider({ spanProcessors: [processor] });
    const telemetry = { tracerProvider, propagator: new W3CTraceContextPropagator() };
    const server = createServer({ name: "otlp", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) }).use(serverTelemetry(telemetry));
    const client = createClient({ transport: inProcessTransport(server), name: "c", version: "1", middleware: [clientTelemetry(telemetry)] });
    await client.callTool("t");
    await tracerProvider.forceFlush();
    expect(paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    const byKind = (kind: number) => received.find((s) => s.kind === kind && s.name === "tools/call t")!;
    const [serverSpan, clientSpan] = [byKind(2), byKind(3)]; // OTLP: 2 server, 3 client
    expect(serverSpan.traceId).toBe(clientSpan.traceId);
    expect(serverSpan.parentSpanId).toBe(clientSpan.spanId);
    expect(serverSpan.attributes).toContainEqual({ key: "gen_ai.tool.name", value: { stringValue: "t" } });
    expect(propagation.fields()).toEqual([]); // nothing registered globally: the propagator was passed
    await tracerProvider.shutdown();
  });
});
