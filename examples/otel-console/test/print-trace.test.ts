import { ROOT_CONTEXT, SpanKind, trace } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { printTrace } from "../src/print-trace.js";

/** A tracer whose spans end up in `exporter`, as the participant `service`/`instance`. */
function tracerOf(exporter: InMemorySpanExporter, service: string, instance?: string) {
  const resource = resourceFromAttributes({ "service.name": service, ...(instance && { "service.instance.id": instance }) });
  return new TracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer("test");
}

describe("printTrace", () => {
  it("prints each trace as a tree, children indented under their parent, and counts the traces", () => {
    const exporter = new InMemorySpanExporter();
    const host = tracerOf(exporter, "host");
    const server = tracerOf(exporter, "survey", "b");
    const parent = host.startSpan("call");
    const child = server.startSpan("serve", { kind: SpanKind.SERVER, attributes: { "mrtr.flow.round": 2, "mrtr.result_type": "complete" } }, trace.setSpan(ROOT_CONTEXT, parent));
    child.end();
    parent.end();
    host.startSpan("other", { kind: SpanKind.CLIENT }, ROOT_CONTEXT).end();
    const lines = printTrace(exporter.getFinishedSpans()).split("\n");
    expect(lines.map((line) => line.replace(/ \d+\.\d ms$/, ""))).toEqual([
      `trace ${parent.spanContext().traceId} (2 spans)`,
      "  call [internal] @host",
      "    serve [server] @survey/b round 2 → complete",
      expect.stringMatching(/^trace [0-9a-f]{32} \(1 span\)$/),
      "  other [client] @host",
      "traces: 2",
    ]);
    expect(lines.filter((line) => / \d+\.\d ms$/.test(line))).toHaveLength(3);
  });

  it("puts a span whose parent is not among the spans (a remote caller's) at the root", () => {
    const exporter = new InMemorySpanExporter();
    const remote = trace.setSpanContext(ROOT_CONTEXT, { traceId: "a".repeat(32), spanId: "b".repeat(16), traceFlags: 1, isRemote: true });
    tracerOf(exporter, "survey", "a").startSpan("serve", { kind: SpanKind.SERVER }, remote).end();
    expect(printTrace(exporter.getFinishedSpans()).split("\n").slice(1)).toEqual([expect.stringMatching(/^ {2}serve \[server\] @survey\/a \d+\.\d ms$/), "traces: 1"]);
  });
});
