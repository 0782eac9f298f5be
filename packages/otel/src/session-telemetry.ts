/**
 * Telemetry of what only sessions of the initialize-based revisions
 * (2025-11-25, 2025-06-18) have. On the server, each request it sends the
 * client (a bridged call's elicitation, sampling or roots question, a ping)
 * is a CLIENT span, as the MCP conventions have a server report the
 * operations it starts, whose parent is the trace context of the client's
 * request it asks for, so the question sits in the call's trace; its context
 * goes to the client in the question's `params._meta`, and its duration to
 * `mcp.client.operation.duration`. On the client, the answer to such a
 * request is a SERVER span under that context (`mcp.server.operation.duration`).
 * Each side records each session's life (`mcp.server.session.duration`,
 * `mcp.client.session.duration`).
 */
import { context, SpanKind, trace } from "@opentelemetry/api";
import type { InboundMiddleware } from "@mrtr/client";
import type { OutgoingMiddleware } from "@mrtr/server";
import { errorOutcome, requestAttributes, resultOutcome, sessionAttributes, spanName, type Outcome } from "./attributes.js";
import { endSpan } from "./end-span.js";
import { durationHistogram, type instruments } from "./options.js";

type Instruments = ReturnType<typeof instruments>;

/** The attributes of a request sent in a session, either way: the session gives its version, binding and id. */
function sessionRequestAttributes(call: {
  readonly method: string;
  readonly id: string | number;
  readonly params: Readonly<Record<string, unknown>>;
  readonly session: { readonly id: string; readonly protocolVersion: string; readonly transport: string };
}) {
  const { session } = call;
  return requestAttributes({ method: call.method, id: call.id, params: call.params, protocolVersion: session.protocolVersion, transport: session.transport, flow: undefined, session: session.id });
}

/** Spans and durations of the requests a server sends in a session. */
export function outgoingTelemetry({ tracer, meter, extract, inject }: Instruments): OutgoingMiddleware {
  const duration = durationHistogram(meter, "mcp.client.operation.duration");
  return async (call, next) => {
    const started = performance.now();
    const parent = extract(context.active(), call.related?.params._meta as Record<string, unknown> | undefined);
    const attributes = sessionRequestAttributes(call);
    const span = tracer.startSpan(spanName(call.method, call.params), { kind: SpanKind.CLIENT, attributes }, parent);
    const meta: Record<string, unknown> = { ...(call.params._meta as Record<string, unknown> | undefined) };
    inject(trace.setSpan(parent, span), meta);
    let outcome: Outcome = {};
    try {
      const result = await next({ ...call.params, _meta: meta });
      outcome = resultOutcome((result ?? {}) as Record<string, unknown>);
      return result;
    } catch (error) {
      outcome = errorOutcome(error);
      throw error;
    } finally {
      endSpan(span, outcome, { histogram: duration, startedMs: started, attributes });
    }
  };
}

/** The SERVER span and duration of each answer the client gives a request of an initialize-based server. */
export function inboundTelemetry({ tracer, meter, extract }: Instruments): InboundMiddleware {
  const duration = durationHistogram(meter, "mcp.server.operation.duration");
  return async (call, next) => {
    const started = performance.now();
    const parent = extract(context.active(), call.params._meta as Record<string, unknown> | undefined);
    const attributes = sessionRequestAttributes(call);
    const span = tracer.startSpan(spanName(call.method, call.params), { kind: SpanKind.SERVER, attributes }, parent);
    let outcome: Outcome = {};
    try {
      const answer = await context.with(trace.setSpan(parent, span), next);
      outcome = resultOutcome((answer ?? {}) as Record<string, unknown>);
      return answer;
    } catch (error) {
      outcome = errorOutcome(error);
      throw error;
    } finally {
      endSpan(span, outcome, { histogram: duration, startedMs: started, attributes });
    }
  };
}

/** A session's life, either side's (`mcp.server.session.duration` or `mcp.client.session.duration`), with `error.type` when it ended by being let go. */
export function sessionTelemetry({ meter }: Instruments, side: "server" | "client") {
  const duration = durationHistogram(meter, side === "server" ? "mcp.server.session.duration" : "mcp.client.session.duration");
  return (session: { readonly protocolVersion: string; readonly transport: string }) => {
    const started = performance.now();
    return (end: { readonly errorType?: string }) => {
      const attributes = sessionAttributes(session.protocolVersion, session.transport);
      if (end.errorType !== undefined) attributes["error.type"] = end.errorType;
      duration.record((performance.now() - started) / 1000, attributes);
    };
  };
}
