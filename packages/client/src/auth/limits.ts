/**
 * The limits of the authorization layer, with their defaults. Everything a
 * metadata document, an authorization server or a user may make us wait for
 * or read is bounded.
 */

/** Limits of `withAuth`; every field has a default. */
export interface AuthLimits {
  /** Longest wait for one metadata, registration or token request, in ms (default 10 000). */
  timeoutMs?: number;
  /** Largest metadata, registration or token response read, in bytes (default 65 536). */
  maxResponseBytes?: number;
  /** Step-up authorizations tried for one request answered 403 insufficient_scope (default 2; so at most 3 authorizations per request). */
  maxStepUps?: number;
  /** Longest wait for the user to log in and the redirect to arrive, in ms (default 300 000). */
  authorizationTimeoutMs?: number;
  /** Same-origin redirects followed by a request that carries a token (default 5). */
  maxRedirects?: number;
  /** An access token is refreshed this many ms before its expiry (default 30 000). */
  expirySkewMs?: number;
}

export type ResolvedLimits = Required<AuthLimits>;

/** The default of every limit of {@link AuthLimits}. */
export const DEFAULT_LIMITS: Required<AuthLimits> = Object.freeze({
  timeoutMs: 10_000,
  maxResponseBytes: 65_536,
  maxStepUps: 2,
  authorizationTimeoutMs: 300_000,
  maxRedirects: 5,
  expirySkewMs: 30_000,
});

export function resolveLimits(limits: AuthLimits = {}): ResolvedLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ResolvedLimits)[]) {
    const value = limits[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new TypeError(`limits.${key} must be a finite number of at least 0.`);
    }
    out[key] = value;
  }
  return out;
}
