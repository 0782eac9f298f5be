/**
 * Errors of the gateway's upstreams: each names the upstream, says why it
 * cannot be reached, and what to do about it.
 */

/** Why an upstream cannot be used now. */
export type UpstreamDownReason = "crashes" | "budget" | "closed";

/**
 * A stdio upstream is not running and is not started for this request: it
 * crashed too often in a row (left down), the gateway's process limit is
 * reached, or the gateway is shutting down. `reason` tells which.
 */
export class UpstreamDownError extends Error {
  constructor(
    /** The upstream's name. */
    readonly upstream: string,
    /** Why it is down. */
    readonly reason: UpstreamDownReason,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
