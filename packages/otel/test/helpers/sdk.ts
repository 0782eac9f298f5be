/**
 * The OpenTelemetry SDK as the tests set it up: spans and metrics kept in
 * memory, W3C trace context and baggage, the AsyncLocalStorage context
 * manager (enabled for a test file by `withContextManager()`); and readers of
 * what was recorded.
 */
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from "@opentelemetry/core";
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, beforeEach } from "vitest";

export const spans = new InMemorySpanExporter();
export const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });
export const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
export const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const meterProvider = new MeterProvider({ readers: [reader] });
const propagator = new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] });
/** What `serverTelemetry` and `clientTelemetry` are given. */
export const telemetry = { tracerProvider, meterProvider, propagator };

/** Enables the context manager for this test file, and empties the span exporter before each test. */
export function withContextManager(): void {
  const contextManager = new AsyncLocalStorageContextManager();
  beforeAll(() => void context.setGlobalContextManager(contextManager.enable()));
  afterAll(() => void context.disable());
  beforeEach(() => spans.reset());
}

export const byName = (name: string) => spans.getFinishedSpans().filter((s) => s.name === name);
export const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** The metric recorded under `name` so far: its unit and points. */
export async function metricOf(name: string) {
  await reader.forceFlush();
  const metrics = metricExporter.getMetrics().flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
  const metric = metrics.filter((m) => m.descriptor.name === name).at(-1);
  return { unit: metric?.descriptor.unit, points: metric?.dataPoints ?? [] };
}

/** The spans as an indented tree: name, kind, round, result type. */
export function treeOf(all: readonly ReadableSpan[]): string {
  const kinds = ["internal", "server", "client", "producer", "consumer"];
  const children = new Map<string | undefined, ReadableSpan[]>();
  const ids = new Set(all.map((s) => s.spanContext().spanId));
  for (const span of [...all].sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])) {
    const parent = ids.has(parentOf(span) ?? "") ? parentOf(span) : undefined;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const lines: string[] = [`trace ${all[0]?.spanContext().traceId}`];
  const walk = (parent: string | undefined, depth: number) => {
    for (const span of children.get(parent) ?? []) {
      const round = span.attributes["mrtr.flow.round"];
      lines.push(`${"  ".repeat(depth + 1)}${span.name} [${kinds[span.kind]}]${round === undefined ? "" : ` round ${String(round)}`}${span.attributes["mrtr.result_type"] ? ` → ${String(span.attributes["mrtr.result_type"])}` : ""}`);
      walk(span.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines.join("\n");
}
