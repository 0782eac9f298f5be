/**
 * What both sides' telemetry takes: the providers and the propagator (the
 * global ones by default, as `@opentelemetry/api` has them registered; with
 * only the API installed, every span and metric is a no-op and nothing is
 * propagated).
 */
import { metrics, propagation, trace, type Context, type Histogram, type Meter, type MeterProvider, type TextMapPropagator, type TracerProvider } from "@opentelemetry/api";
import { metaGetter, metaSetter } from "./meta-carrier.js";

/** Options of `serverTelemetry` and `clientTelemetry`. */
export interface TelemetryOptions {
  /** Where spans go (default the global tracer provider). */
  tracerProvider?: TracerProvider;
  /** Where metrics go (default the global meter provider). */
  meterProvider?: MeterProvider;
  /** How trace context is read from and written to `params._meta` (default the global propagator: W3C Trace Context and Baggage under the Node SDK). */
  propagator?: TextMapPropagator;
}

/** The instrumentation scope's name. */
export const SCOPE = "@mrtr/otel";

/** Histogram buckets of the duration metrics, in seconds (the conventions' advice for MCP operations). */
export const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** The tracer, meter and propagation of one side. */
export function instruments(options: TelemetryOptions) {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(SCOPE);
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE);
  const propagator = options.propagator;
  return {
    tracer,
    meter,
    extract: (into: Context, meta: Record<string, unknown> | undefined): Context => (propagator ? propagator.extract(into, meta, metaGetter) : propagation.extract(into, meta, metaGetter)),
    inject: (from: Context, meta: Record<string, unknown>): void => (propagator ? propagator.inject(from, meta, metaSetter) : propagation.inject(from, meta, metaSetter)),
  };
}

/** The duration histograms of the MCP conventions, each described once. */
const DURATIONS = {
  "mcp.server.operation.duration": "The duration of an MCP request or notification as the server served it.",
  "mcp.client.operation.duration": "The duration of an MCP request as its sender saw it, from sending to its answer.",
  "mcp.server.session.duration": "The duration of an MCP session as the server saw it, from initialize to its end.",
  "mcp.client.session.duration": "The duration of an MCP session as the client saw it, from initialize to its end.",
} as const;

/** One of the conventions' duration histograms, in seconds, with their advised buckets. */
export function durationHistogram(meter: Meter, name: keyof typeof DURATIONS): Histogram {
  return meter.createHistogram(name, { unit: "s", description: DURATIONS[name], advice: { explicitBucketBoundaries: DURATION_BUCKETS } });
}
