/**
 * The low-level way for a handler to ask for input: return
 * `inputRequired({ inputRequests, state })`. The server checks the requests
 * against the client's capabilities, seals `state` into the requestState, and
 * on the retry hands the handler `ctx.inputResponses` and `ctx.state` again.
 */
import type { InputRequests } from "@mrtr/schema";
import type { ElicitOptions } from "./context.js";

const BRAND: unique symbol = Symbol.for("mrtr.inputRequired");

/** What a handler returns to end this round with `input_required`. */
export interface InputRequiredReturn<S = unknown> {
  /** @internal Marks a value made by `inputRequired`. */
  readonly [BRAND]: true;
  /** What the client must fulfil before retrying, by server-chosen key. */
  readonly inputRequests: InputRequests | undefined;
  /** Application state sealed into requestState and handed back as `ctx.state` on the retry. */
  readonly state: S | undefined;
  /** Per input request key, the checks' exceptions (as `ctx.elicit` / `ctx.elicitUrl` take them). */
  readonly options: Readonly<Record<string, ElicitOptions>> | undefined;
}

/**
 * Ends this round asking the client for input. At least one of
 * `inputRequests` and `state` must be given; state alone asks the client to
 * retry at once (load shedding, polling). `options`, by input request key,
 * are the exceptions to the checks every question passes before it leaves,
 * as `ctx.elicit` / `ctx.elicitUrl` take them: `allowFields` (form fields the
 * secret screen must not flag) and `allowUrl` (URL-mode exceptions).
 */
export function inputRequired<S = unknown>(options: { inputRequests?: InputRequests; state?: S; options?: Record<string, ElicitOptions> }): InputRequiredReturn<S> {
  return { [BRAND]: true, inputRequests: options.inputRequests, state: options.state, options: options.options };
}

/** Whether a handler's return value is an `inputRequired(...)`. */
export function isInputRequired(value: unknown): value is InputRequiredReturn {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
