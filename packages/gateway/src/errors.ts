/**
 * The gateway's errors: each a JSON-RPC error the front client receives,
 * with a message saying what happened and what to do.
 */
import { INVALID_PARAMS } from "@mrtr/schema";
import { McpError, ServerBusyError } from "@mrtr/server";

/**
 * A retry of a call to an initialize-based upstream reached another gateway
 * instance than the one holding the upstream call (-32602). The balancer
 * must send a client's requests to one instance (source-address affinity).
 */
export class HeldElsewhereError extends McpError {
  constructor(
    /** The instance holding the call. */
    readonly holder: string,
    /** This instance. */
    readonly here: string,
  ) {
    super(
      INVALID_PARAMS,
      `This call is held by gateway instance ${holder}, not ${here}: its upstream speaks an initialize-based revision, whose questions wait on one connection. Route a client's requests to one gateway instance (source-address affinity at the balancer: see the gateway README, "Deployment"), then start the call again.`,
      { reason: "held-elsewhere", holder, here },
    );
    this.name = "HeldElsewhereError";
  }
}

/** A retry found no held call: it timed out, the upstream ended it, or this instance restarted (-32602). */
export class HoldExpiredError extends McpError {
  constructor(upstream: string) {
    super(INVALID_PARAMS, `The call to upstream "${upstream}" waiting for this answer is no longer held (it timed out, ended, or the gateway restarted). Start the call again.`, { reason: "hold-expired" });
    this.name = "HoldExpiredError";
  }
}

/**
 * An upstream failed, or could not be reached, while serving a call
 * (-32603 with `data.reason` "upstream-failed"). Its message names the
 * upstream and what kind of failure it was, never the upstream's own words
 * (a command line, stderr, an internal address): those go to the gateway's
 * `onWarning` as a `call-failed` warning.
 */
export class UpstreamError extends ServerBusyError {
  constructor(
    /** The upstream. */
    readonly upstream: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`Upstream "${upstream}" ${message}`, { reason: "upstream-failed", upstream });
    this.name = "UpstreamError";
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
