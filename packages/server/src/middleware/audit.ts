/**
 * `audit()`: one structured event per request, after it ends: who (principal,
 * owner), what (method, name, binding, era, flow and round), the outcome
 * (`complete`, `input_required`, an extension's `resultType`, or `error`
 * with its code) and how long it took. Arguments are left out unless the
 * tool or prompt is allowed (`arguments`), and then each value is cut to
 * `maxValueLength`; the event never carries `_meta` (tokens, trace
 * context), `requestState`, `inputResponses` or a header. A sink that throws
 * or rejects changes nothing for the request.
 */
import { McpError, ServerDefinitionError } from "../errors.js";
import type { FlowPosition, Middleware, ServedCall } from "../middleware-chain.js";

/** One audited request. */
export interface AuditEvent {
  /** When it ended, ISO 8601. */
  readonly time: string;
  /** The request's method. */
  readonly method: string;
  /** The request's JSON-RPC id. */
  readonly id: string | number;
  /** The tool, prompt or resource URI it names, if any. */
  readonly name: string | undefined;
  /** Who sent it, if known. */
  readonly principal: string | undefined;
  /** Whom its per-caller limits count against. */
  readonly owner: string;
  /** The binding it came through. */
  readonly transport: string;
  /** Whether it was bridged from an initialize-based session. */
  readonly era: "modern" | "legacy";
  /** Its flow and round (multi round-trip methods). */
  readonly flow: FlowPosition | undefined;
  /** `complete`, `input_required`, another `resultType` (an extension's), or `error`. */
  readonly outcome: string;
  /** The JSON-RPC error code, when the outcome is `error`. */
  readonly errorCode?: number;
  /** How long it took, in ms. */
  readonly durationMs: number;
  /** The call's arguments, only for the tools and prompts `arguments` allows, each value cut to `maxValueLength`. */
  readonly arguments?: Record<string, unknown>;
}

/** Options of {@link audit}. */
export interface AuditOptions {
  /** Receives each event (a log line, a queue); what it throws or rejects with is ignored. */
  sink: (event: AuditEvent) => void | Promise<void>;
  /** The tools and prompts whose arguments are kept, by name, or a function deciding (default none: arguments are left out). */
  arguments?: readonly string[] | ((call: ServedCall) => boolean);
  /** Longest string kept of one argument value, in UTF-16 units (default 256); longer ones are cut and end in `…`. */
  maxValueLength?: number;
}

/** The defaults of {@link AuditOptions}. */
export const AUDIT_DEFAULTS = { maxValueLength: 256 } as const;

/** A middleware that reports every request to `sink`. */
export function audit(options: AuditOptions): Middleware {
  if (typeof options?.sink !== "function") throw new ServerDefinitionError("audit needs a sink: audit({ sink: (event) => … }).");
  const maxValueLength = options.maxValueLength ?? AUDIT_DEFAULTS.maxValueLength;
  const allowed = options.arguments;
  const keeps = typeof allowed === "function" ? allowed : (call: ServedCall) => call.name !== undefined && call.method !== "resources/read" && (allowed ?? []).includes(call.name);
  const report = (call: ServedCall, started: number, outcome: string, errorCode?: number) => {
    const args = call.params.arguments;
    const event: AuditEvent = {
      time: new Date().toISOString(),
      method: call.method,
      id: call.id,
      name: call.name,
      principal: call.principal,
      owner: call.owner,
      transport: call.transport,
      era: call.era,
      flow: call.flow,
      outcome,
      ...(errorCode !== undefined && { errorCode }),
      durationMs: performance.now() - started,
      ...(args !== null && typeof args === "object" && keeps(call) && { arguments: cut(args as Record<string, unknown>, maxValueLength) }),
    };
    try {
      void Promise.resolve(options.sink(event)).catch(() => undefined);
    } catch {
      // A failing sink changes nothing for the request.
    }
  };
  return async (call, next) => {
    const started = performance.now();
    try {
      const result = await next();
      report(call, started, typeof result.resultType === "string" ? result.resultType : "complete");
      return result;
    } catch (error) {
      report(call, started, "error", error instanceof McpError ? error.code : -32603);
      throw error;
    }
  };
}

/** The arguments, each string value cut to `max`, nested values as JSON cut likewise. */
function cut(args: Record<string, unknown>, max: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const text = typeof value === "string" ? value : typeof value === "object" && value !== null ? JSON.stringify(value) : undefined;
    out[key] = text === undefined ? value : text.length > max ? `${text.slice(0, max)}…` : typeof value === "string" ? value : text;
  }
  return out;
}
