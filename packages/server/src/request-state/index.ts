/**
 * Sealed `requestState` for Multi Round-Trip Requests: AES-256-GCM tokens
 * bound to audience, principal, request and expiry (codec.ts documents the
 * format), the params digest they bind to, RFC 8785 canonical JSON, and a
 * replay guard for states that must be used once.
 *
 * @module
 */
export {
  RequestStateCodec,
  type OpenedState,
  type OpenResult,
  type RejectReason,
  type RequestStateOptions,
  type StateBinding,
} from "./codec.js";
export type { SecretInput } from "./key-ring.js";
export type { StateCryptoChoice } from "./pick-state-crypto.js";
export type { StateCryptoName } from "./state-crypto.js";
export { secretsFromEnv, type SecretsFromEnvOptions } from "./secrets-from-env.js";
export { paramsDigest } from "./digest.js";
export { canonicalJson } from "./canonical-json.js";
export { MemoryReplayGuard, type MemoryReplayGuardOptions, type ReplayGuard } from "./replay-guard.js";
export { REPLAY_GUARD_UNAVAILABLE_MESSAGE, ReplayGuardUnavailableError } from "./replay-guard-unavailable.js";
export { CanonicalJsonError, StateTooLargeError, WeakSecretError } from "./errors.js";
