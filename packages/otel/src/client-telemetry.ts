/**
 * `clientTelemetry()`: a client middleware that makes each call one trace.
 * The call (all its rounds) is a span of its own, a child of the context the
 * call was made in; each round is a CLIENT span under it
 * (`{mcp.method.name} {target}`, the MCP conventions' attributes, the round),
 * whose context is written into `params._meta` (`traceparent`, `tracestate`,
 * `baggage`) so the server's span of that round is its child, whichever
 * instance serves it; between rounds, an `mrtr.input` span shows how long the
 * answers took (a person's, often). Each round's duration goes to
 * `mcp.client.operation.duration`. What an extension sends for the call (the
 * tasks extension's polls and answers) is a CLIENT span under the call's too,
 * and the call's span ends when the call does. Against an initialize-based
 * server, the answers to its requests and the sessions are traced and
 * measured too (session-telemetry.ts).
 *
 * Calls whose next round never comes (a manual flow put aside) are ended
 * after `idleMs` (default 15 min) or when more than `maxOpenFlows` (default
 * 1 000) are open, oldest first, with an error status saying so.
 */
import { context, SpanKind, trace, type Context, type Span } from "@opentelemetry/api";
import type { ClientMiddleware, ClientMiddlewareHooks } from "@mrtr/client";
import { errorOutcome, requestAttributes, resultOutcome, spanName, type Outcome } from "./attributes.js";
import { endSpan } from "./end-span.js";
import { durationHistogram, instruments, type TelemetryOptions } from "./options.js";
import { inboundTelemetry, sessionTelemetry } from "./session-telemetry.js";

/** Options of {@link clientTelemetry}. */
export interface ClientTelemetryOptions extends TelemetryOptions {
  /** How long a call may wait for its next round before its span is ended, in ms (default 900 000). */
  idleMs?: number;
  /** Most calls with rounds still to come whose spans are kept open (default 1 000). */
  maxOpenFlows?: number;
}

/** The defaults of {@link ClientTelemetryOptions}' limits. */
export const CLIENT_TELEMETRY_DEFAULTS = { idleMs: 900_000, maxOpenFlows: 1000 } as const;

interface OpenFlow {
  readonly span: Span;
  readonly context: Context;
  /** The span of the wait for answers, while one runs. */
  input: Span | undefined;
  /** When the flow was last used (ms). */
  at: number;
}

/** Middleware for `createClient({ middleware })` that traces every call as one trace and measures every round. */
export function clientTelemetry(options: ClientTelemetryOptions = {}): ClientMiddlewareHooks {
  const used = instruments(options);
  return { request: requestTelemetry(used, options), inbound: inboundTelemetry(used), session: sessionTelemetry(used, "client") };
}

/** The call, round and wait spans of every request sent, and each round's duration. */
function requestTelemetry({ tracer, meter, inject }: ReturnType<typeof instruments>, options: ClientTelemetryOptions): ClientMiddleware {
  const idleMs = options.idleMs ?? CLIENT_TELEMETRY_DEFAULTS.idleMs;
  const maxOpenFlows = options.maxOpenFlows ?? CLIENT_TELEMETRY_DEFAULTS.maxOpenFlows;
  const duration = durationHistogram(meter, "mcp.client.operation.duration");
  const flows = new Map<string, OpenFlow>();

  const close = (id: string, flow: OpenFlow, outcome: Outcome) => {
    flows.delete(id);
    flow.input?.end();
    endSpan(flow.span, outcome);
  };
  /** Ends the calls left waiting too long, and the oldest past the limit. */
  const prune = (now: number) => {
    for (const [id, flow] of flows) {
      if (now - flow.at < idleMs && flows.size < maxOpenFlows) break;
      close(id, flow, { errorType: "abandoned", message: "The call's next round did not come (idleMs or maxOpenFlows of clientTelemetry)." });
    }
  };

  return async (call, next) => {
    const now = Date.now();
    prune(now);
    const params = call.message.params as Record<string, unknown> | undefined;
    const attributes = requestAttributes({
      method: call.method,
      id: call.message.id,
      params,
      protocolVersion: (params?._meta as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/protocolVersion"] as string | undefined,
      transport: undefined,
      flow: call.flow,
    });
    if (call.followUp !== undefined) delete attributes["mrtr.flow.round"]; // a follow-up is no round of the flow
    const name = spanName(call.method, params);
    let flow = flows.get(call.flow.id);
    if (flow) {
      flows.delete(call.flow.id); // re-inserted below: most recently used last
      if (call.followUp === undefined) {
        flow.input?.end();
        flow.input = undefined;
      }
    } else {
      const { "jsonrpc.request.id": _, "mrtr.flow.round": __, ...callAttributes } = attributes;
      const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes: callAttributes }, context.active());
      const opened: OpenFlow = { span, context: trace.setSpan(context.active(), span), input: undefined, at: now };
      flow = opened;
      // Told when the whole call is over: ends a call an extension went on with (a manual flow is never told, and ends with its last round).
      call.onCallEnd((error) => flows.get(call.flow.id) === opened && close(call.flow.id, opened, error === undefined ? {} : errorOutcome(error)));
    }
    flow.at = now;
    flows.set(call.flow.id, flow);
    const round = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, flow.context);
    const roundContext = trace.setSpan(flow.context, round);
    const meta: Record<string, unknown> = { ...(params?._meta as Record<string, unknown> | undefined) };
    inject(roundContext, meta);
    const started = performance.now();
    let outcome: Outcome;
    try {
      const response = await context.with(roundContext, () => next({ ...call.message, params: { ...params, _meta: meta } } as typeof call.message));
      const r = response as { result?: unknown; error?: unknown };
      outcome = r.error !== undefined ? errorOutcome(r.error) : resultOutcome((r.result ?? {}) as Record<string, unknown>);
      return response;
    } catch (error) {
      outcome = errorOutcome(error);
      throw error;
    } finally {
      endSpan(round, outcome!, { histogram: duration, startedMs: started, attributes });
      if (call.followUp !== undefined) {
        // An extension's request for the call: the call goes on until it ends.
      } else if (outcome!.resultType === "input_required" && outcome!.errorType === undefined) {
        flow.input = tracer.startSpan("mrtr.input", { attributes: { "mrtr.flow.id": call.flow.id, "mrtr.flow.round": call.flow.round } }, flow.context);
      } else if (outcome!.errorType === undefined && outcome!.resultType !== "complete") {
        // Claimed by an extension (a task): its follow-ups come next, and the call's end ends the span.
      } else {
        close(call.flow.id, flow, outcome!);
      }
    }
  };
}
