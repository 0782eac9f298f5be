/**
 * The error of a single-use check that could not be made. A shared
 * {@link ReplayGuard} (one store for every server instance) can be unreachable
 * or slow; `ctx.consumeOnce()` then fails closed: the handler stops before
 * doing what must happen at most once, the client receives this error's
 * message (not a bare "Internal error"), and the host's `onError` receives the
 * error with the store's failure as its `cause`.
 */
import { INTERNAL_ERROR } from "@mrtr/schema";
import { McpError } from "../errors.js";
import type { ReplayGuard } from "./replay-guard.js";

/** What the client reads when the single-use check could not be made. */
export const REPLAY_GUARD_UNAVAILABLE_MESSAGE =
  "single-use check unavailable: the server could not confirm this requestState is unused, so the request was not carried out; retry later";

/**
 * -32603 with {@link REPLAY_GUARD_UNAVAILABLE_MESSAGE}: the replay guard did
 * not answer (store down, timeout, overload). A guard throws it from `claim`;
 * anything else a guard throws is wrapped in one by `consumeOnce`. The server
 * sends it as it is and reports it to `onError`.
 */
export class ReplayGuardUnavailableError extends McpError {
  constructor(options?: { cause?: unknown }) {
    super(INTERNAL_ERROR, REPLAY_GUARD_UNAVAILABLE_MESSAGE);
    this.name = "ReplayGuardUnavailableError";
    if (options && "cause" in options) this.cause = options.cause;
  }
}
