/**
 * The digest that binds a sealed request state to the request it answered:
 * SHA-256 of the RFC 8785 canonical JSON of the request's significant params,
 * base64url without padding (43 characters). The hash runs on the process's
 * request-state back end (node:crypto where available, else WebCrypto).
 */
import { encodeBase64Url } from "../base64url.js";
import { canonicalJson } from "./canonical-json.js";
import { CanonicalJsonError } from "./errors.js";
import { sharedStateCrypto } from "./pick-state-crypto.js";

/**
 * Params that are not part of what the request asks for, so they may differ
 * between the first call and its retry: the per-request metadata and the MRTR
 * answer fields the retry adds.
 */
export const INSIGNIFICANT_PARAMS: readonly string[] = ["_meta", "inputResponses", "requestState"];

const utf8 = new TextEncoder();

/**
 * Digest of a request's significant params (every param except `_meta`,
 * `inputResponses` and `requestState`); absent params digest like `{}`.
 * Throws {@link CanonicalJsonError} if the params are not JSON data (for
 * params parsed off the wire: a string holding a lone surrogate, or nesting
 * deeper than the canonicalizer allows) or not an object, which a server
 * answers as invalid params.
 */
export async function paramsDigest(params: Record<string, unknown> | undefined): Promise<string> {
  // Null prototype: a param named "__proto__" stays an ordinary member.
  const significant: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (params !== undefined) {
    if (typeof params !== "object" || params === null || Array.isArray(params)) {
      throw new CanonicalJsonError("paramsDigest: params must be a JSON object or absent");
    }
    for (const key of Object.keys(params)) {
      if (!INSIGNIFICANT_PARAMS.includes(key)) significant[key] = params[key];
    }
  }
  const text = canonicalJson(significant);
  const crypto = await sharedStateCrypto();
  return encodeBase64Url(await crypto.sha256(utf8.encode(text)));
}
