/**
 * `ui/resource-teardown`: before the host removes the view it asks the
 * view to finish (save what it must), and waits for its answer at most
 * `timeoutMs`; then the bridge closes. The view's requests are still served
 * meanwhile (it may save through a tool). A view never initialized gets
 * nothing (the host sends nothing before `initialized`). The params are `{}`
 * unless a reason is given: revision 2026-01-26 shows `{ reason }`, while
 * ext-apps 2.0.4's schema allows no field.
 */
import type { BridgeState } from "./bridge-state.js";
import type { TeardownOutcome } from "./bridge-types.js";
import type { ViewBridgeError } from "./view-bridge-error.js";

/** The options of `teardown`. */
export interface TeardownOptions {
  /** How long to wait for the view's answer, in ms (default `limits.teardownTimeoutMs`). */
  timeoutMs?: number;
  /** Why the view is torn down (sent as `params.reason`). */
  reason?: string;
}

const validMs = (ms: number | undefined, fallback: number) => (typeof ms === "number" && ms > 0 && Number.isFinite(ms) ? ms : fallback);

/** How a failed teardown request ended. */
const outcomeOf = (error: ViewBridgeError): TeardownOutcome => (error.kind === "error-response" ? "refused" : error.kind === "timeout" ? "timeout" : "closed");

/** Tears the view down; resolves with how it went, and closes the bridge. */
export async function tearDown(state: BridgeState, { timeoutMs, reason }: TeardownOptions = {}): Promise<TeardownOutcome> {
  if (state.phase === "closed") return "closed";
  if (state.phase !== "ready") {
    state.close();
    return "not-initialized";
  }
  state.phase = "tearing-down";
  const params = typeof reason === "string" ? { reason } : {};
  const outcome = await state.hostRequests.start("ui/resource-teardown", params, validMs(timeoutMs, state.limits.teardownTimeoutMs), true).then(
    (): TeardownOutcome => "answered",
    (error: ViewBridgeError) => outcomeOf(error),
  );
  state.close();
  return outcome;
}
