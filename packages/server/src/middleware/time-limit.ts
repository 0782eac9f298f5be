/**
 * `timeLimit()`: how long a request may take, handlers, validators and
 * Standard Schema checks included. When it passes, the handler's
 * `ctx.signal` aborts and the client is answered with `TimeLimitError`
 * (-32603, `data.limit: "timeLimit"`, the limit in ms), whatever the handler
 * still does. Without it a handler that never settles holds its request
 * until the client leaves. Subscription streams pass by (they last as long
 * as the subscription; their own limits bound them).
 */
import { INTERNAL_ERROR } from "@mrtr/schema";
import { McpError, ServerDefinitionError } from "../errors.js";
import type { Middleware, ServedCall } from "../middleware-chain.js";

/** Options of {@link timeLimit}. */
export interface TimeLimitOptions {
  /** Longest a request may take, in ms (default 60 000). */
  ms?: number;
  /** A limit per tool, by name, in ms (overrides `ms` for `tools/call` of that tool). */
  perTool?: Readonly<Record<string, number>>;
}

/** The defaults of {@link TimeLimitOptions}. */
export const TIME_LIMIT_DEFAULTS = { ms: 60_000 } as const;

/** A request took longer than its time limit. */
export class TimeLimitError extends McpError {
  constructor(call: ServedCall, ms: number) {
    const what = call.method === "tools/call" ? `tool ${JSON.stringify(call.name)}` : call.method;
    super(INTERNAL_ERROR, `The request (${what}) took longer than its time limit of ${ms} ms and was stopped; raise timeLimit's ${call.method === "tools/call" ? "perTool or " : ""}ms if it needs longer.`, {
      limit: "timeLimit",
      ms,
    });
    this.name = "TimeLimitError";
  }
}

/** A middleware that stops requests at a time limit. */
export function timeLimit(options: TimeLimitOptions = {}): Middleware {
  const ms = options.ms ?? TIME_LIMIT_DEFAULTS.ms;
  const perTool = options.perTool ?? {};
  for (const [name, value] of [["ms", ms], ...Object.entries(perTool)] as const) {
    if (!(value > 0) || !Number.isFinite(value)) throw new ServerDefinitionError(`timeLimit: ${name === "ms" ? "ms" : `perTool[${JSON.stringify(name)}]`} must be a number of ms above 0 (got ${String(value)}).`);
  }
  return (call, next) => {
    if (call.method === "subscriptions/listen") return next();
    const limit = (call.method === "tools/call" && call.name !== undefined && Object.hasOwn(perTool, call.name) ? perTool[call.name] : undefined) ?? ms;
    // Middleware outside this one sees the time limit's error at once, whatever the handler still does.
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new TimeLimitError(call, limit);
        call.abort(error);
        reject(error);
      }, limit);
      next()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  };
}
