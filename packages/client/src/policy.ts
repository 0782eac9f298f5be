/**
 * The flow's policy: how many rounds, how long to back off or poll, which
 * limits a server's answer must keep within, from `createClient`'s options
 * and the defaults.
 */
import type { ClientOptions, FlowPolicy } from "./types.js";

/** The defaults of the limits in {@link FlowPolicy}. */
export const FLOW_LIMIT_DEFAULTS = { maxRequestStateBytes: 256 * 1024, maxInputRequests: 32, inputConcurrency: 4 } as const;

/** The policy of a client with these options. */
export function flowPolicy(options: ClientOptions): FlowPolicy {
  return {
    maxRounds: options.maxRounds ?? 10,
    backoff: { initialMs: 100, maxMs: 5000, ...options.backoff },
    urlPolling: { intervalMs: 2000, maxPolls: 150, ...options.urlPolling },
    maxRequestStateBytes: options.maxRequestStateBytes ?? FLOW_LIMIT_DEFAULTS.maxRequestStateBytes,
    maxInputRequests: options.maxInputRequests ?? FLOW_LIMIT_DEFAULTS.maxInputRequests,
    inputConcurrency: options.inputConcurrency ?? FLOW_LIMIT_DEFAULTS.inputConcurrency,
    jsonLimits: options.jsonLimits ?? {},
  };
}
