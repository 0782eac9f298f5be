/**
 * `serverTelemetry()`: a server middleware that records each request the
 * server serves as a SERVER span (`{mcp.method.name} {target}`, the MCP
 * conventions' attributes, the flow's id and round) whose parent is the
 * trace context the client put in `params._meta` (the ambient context,
 * such as the HTTP request's, is linked), and its duration in
 * `mcp.server.operation.duration`. The handler runs inside the span, so
 * spans it starts are its children. Rounds of one flow served by different
 * instances join the client's trace, as each carries its context. A
 * bridged request of an initialize-based session carries `mcp.session.id`.
 */
import { context, SpanKind, trace } from "@opentelemetry/api";
import type { Middleware, MiddlewareHooks } from "@mrtr/server";
import { errorOutcome, requestAttributes, resultOutcome, spanName, type Outcome } from "./attributes.js";
import { endSpan } from "./end-span.js";
import { durationHistogram, instruments, type TelemetryOptions } from "./options.js";
import { outgoingTelemetry, sessionTelemetry } from "./session-telemetry.js";

/**
 * Middleware for `server.use` that traces and measures every request served,
 * and, in sessions of initialize-based clients, every request the server
 * sends and each session's duration (session-telemetry.ts).
 */
export function serverTelemetry(options: TelemetryOptions = {}): MiddlewareHooks {
  const used = instruments(options);
  return { request: requestTelemetry(used), outgoing: outgoingTelemetry(used), session: sessionTelemetry(used, "server") };
}

/** The SERVER span and duration of each request served. */
function requestTelemetry({ tracer, meter, extract }: ReturnType<typeof instruments>): Middleware {
  const duration = durationHistogram(meter, "mcp.server.operation.duration");
  return async (call, next) => {
    const started = performance.now();
    const ambient = context.active();
    const ambientSpan = trace.getSpanContext(ambient);
    // The client's context from _meta is the parent; without one, the ambient context is.
    const parent = extract(ambient, call.params._meta as Record<string, unknown> | undefined);
    const remote = trace.getSpanContext(parent);
    const attributes = requestAttributes(call);
    const span = tracer.startSpan(
      spanName(call.method, call.params),
      { kind: SpanKind.SERVER, attributes, ...(ambientSpan && remote !== ambientSpan && { links: [{ context: ambientSpan }] }) },
      parent,
    );
    const finish = (outcome: Outcome) => endSpan(span, outcome, { histogram: duration, startedMs: started, attributes });
    try {
      const result = await context.with(trace.setSpan(parent, span), next);
      finish(resultOutcome(result));
      return result;
    } catch (error) {
      finish(errorOutcome(error));
      throw error;
    }
  };
}
