/**
 * How every key of @mrtr/redis is made: a checked prefix, then the base64url
 * SHA-256 of a labelled value. The value (a state id, a task id, an owner)
 * never reaches Redis as a key as it is, the label keeps the hashes of one
 * kind apart from another's, and the prefix keeps the keys apart from
 * everything else in a shared Redis.
 */
import { createHash } from "node:crypto";

/** Longest prefix accepted. */
export const MAX_KEY_PREFIX_LENGTH = 128;

/**
 * `prefix` when it is 1 to 128 printable ASCII characters without spaces or
 * braces; throws `RangeError` naming `option` and saying why braces are out.
 */
export function checkPrefix(prefix: unknown, option: string, whyNoBraces: string): string {
  if (typeof prefix !== "string" || prefix.length < 1 || prefix.length > MAX_KEY_PREFIX_LENGTH || !/^[\x21-\x7a\x7c\x7e]+$/.test(prefix)) {
    throw new RangeError(
      `${option} must be 1 to ${MAX_KEY_PREFIX_LENGTH} printable ASCII characters without spaces or braces ` +
        `(${whyNoBraces}); got ${JSON.stringify(prefix)}.`,
    );
  }
  return prefix;
}

/** base64url(SHA-256(label ‖ value)): 43 characters, never a brace. */
export function labelledHash(label: string, value: string): string {
  return createHash("sha256").update(label).update(value).digest("base64url");
}
