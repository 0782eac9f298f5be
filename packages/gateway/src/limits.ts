/**
 * The gateway's limits and their defaults: one place, read by every part.
 */
import type { GatewayLimits } from "./options.js";

/** The default of each of the gateway's limits (`createGateway({ limits })` overrides them one by one). */
export const GATEWAY_LIMITS: Readonly<GatewayLimits> = Object.freeze({
  maxItemsPerUpstream: 2_000,
  maxPagesPerUpstream: 50,
  upstreamTimeoutMs: 60_000,
  maxHolds: 256,
  maxHoldsPerCaller: 16,
  holdTimeoutMs: 300_000,
  maxQueuedPerUpstream: 64,
  queueTimeoutMs: 30_000,
  maxProcesses: 32,
  upstreamMemoryMb: 1_024,
  maxSubscriptionsPerUpstream: 256,
});

/** The limits in force: the defaults with `given` over them, each checked to be a positive whole number. */
export function resolveLimits(given: Partial<GatewayLimits> | undefined): GatewayLimits {
  const limits = { ...GATEWAY_LIMITS, ...given };
  for (const [key, value] of Object.entries(limits)) {
    if (!(Number.isSafeInteger(value) && value > 0)) throw new TypeError(`createGateway: limits.${key} must be a positive whole number (got ${String(value)}).`);
  }
  return limits;
}
