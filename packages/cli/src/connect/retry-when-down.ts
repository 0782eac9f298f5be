/**
 * When the remote server could not be listed at start (the sign-in was not
 * completed, or the server was unreachable), the process serves anyway; this
 * middleware lists it again before the host's next request, so the sign-in
 * is offered again when the host next asks for something. At most one
 * attempt at a time, and not more often than every `intervalMs`, so a host
 * that polls does not open a browser tab per request.
 */
import type { Gateway } from "@mrtr/gateway";
import type { Middleware } from "@mrtr/server";

/** Default time between two attempts, in ms. */
export const RETRY_INTERVAL_MS = 15_000;

/** A middleware of the gateway's front server that lists `upstream` again before a request while it is down. */
export function retryWhenDown(gateway: Gateway, upstream: string, intervalMs = RETRY_INTERVAL_MS, now: () => number = Date.now): Middleware {
  let last = Number.NEGATIVE_INFINITY;
  let attempt: Promise<void> | undefined;
  return async (call, next) => {
    // Discovery (initialize) is answered at once: it needs nothing from the remote server.
    if (call.method === "server/discover") return next();
    const down = gateway.status().find((s) => s.name === upstream)?.state === "down";
    if (down && attempt === undefined && now() - last >= intervalMs) {
      last = now();
      attempt = gateway.refresh(upstream).finally(() => (attempt = undefined));
    }
    if (attempt) await attempt;
    return next();
  };
}
