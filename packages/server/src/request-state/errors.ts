/**
 * Errors thrown to the developer by the request-state module. None of them is
 * ever thrown because of client input: `RequestStateCodec.open` reports bad
 * tokens as a result, never as an exception.
 */

/** A secret in the key ring is too short to be a key. Thrown by the codec's constructor. */
export class WeakSecretError extends Error {
  /** Always `"WeakSecretError"`. */
  override name = "WeakSecretError";
}

/** `seal` was asked to produce a token larger than the configured limit: a server bug (too much state), not client input. */
export class StateTooLargeError extends Error {
  /** Always `"StateTooLargeError"`. */
  override name = "StateTooLargeError";
}

/** A value cannot be written as RFC 8785 canonical JSON (not JSON data, a non-finite number, a lone surrogate, a cycle, too deep). */
export class CanonicalJsonError extends Error {
  /** Always `"CanonicalJsonError"`. */
  override name = "CanonicalJsonError";
}
