/**
 * Sealing and opening `requestState`, the opaque string a server returns with
 * `input_required` and the client echoes on its retry. The client (or anyone
 * on the way) may change it, so it is sealed with AES-256-GCM: the client can
 * neither read nor alter it, and the retry may land on any server instance
 * that holds the same secrets.
 *
 * Token format (ASCII, URL-safe, no padding):
 *
 *     v1.<kid>.<iv>.<ciphertext>
 *
 * - `v1`: token format version.
 * - `<kid>`: id of the key that sealed it (see key-ring.ts), 1-64 characters
 *   of [A-Za-z0-9_-].
 * - `<iv>`: base64url of a random 96-bit AES-GCM nonce, fresh per seal (16 characters).
 * - `<ciphertext>`: base64url of AES-256-GCM(payload) followed by its 128-bit tag.
 * - Additional authenticated data: the ASCII bytes of `v1.<kid>`, so neither
 *   the version nor the key id can be swapped without failing authentication.
 *
 * Payload: the JSON text (members in any order: nothing digests it; openers
 * parse it) of
 *
 *     { "v": 1,             payload format version
 *       "jti": "<22 chars>", unique id: 128 random bits, base64url
 *       "iat": <ms>,         issued at, ms since the Unix epoch
 *       "exp": <ms>,         expires at, iat + ttlSeconds
 *       "aud": "<audience>", the sealing server's identity
 *       "sub": "<principal>", absent when the request had no principal
 *       "m": "<method>",     the originating request's method
 *       "pd": "<digest>",    paramsDigest of its significant params
 *       "d": <data> }        the application's JSON data (absent if undefined)
 *
 * Opening checks, in this order: size (before anything else), shape, version,
 * key id, authentication, payload version, audience, principal, method and
 * params digest, issued-at not in the future and not expired (both allowing
 * `clockSkewSeconds`; a state also expires `ttlSeconds` after issue under the
 * opener's setting, so shortening the TTL shortens states already out).
 *
 * The cryptography runs on `node:crypto` where the runtime has it, else on
 * WebCrypto (`crypto: "webcrypto"` forces the latter); both write and read
 * exactly these bytes (state-crypto.ts).
 */
import { base64UrlLength, decodeBase64Url, encodeBase64Url } from "../base64url.js";
import { jsonText } from "./canonical-json.js";
import { StateTooLargeError } from "./errors.js";
import { KEY_ID_PATTERN, KeyRing, type SecretInput } from "./key-ring.js";
import { pickStateCrypto, type StateCryptoChoice } from "./pick-state-crypto.js";
import { TAG_BYTES, type StateCryptoName } from "./state-crypto.js";
import { utf8Length } from "@mrtr/internal";
import { randomBytes } from "./random-pool.js";

/** Options of {@link RequestStateCodec}. */
export interface RequestStateOptions {
  /** Secrets, newest first: the first seals, all open. Each at least 32 bytes; generate with `openssl rand -base64 32`. */
  secrets: SecretInput[];
  /** This server's identity (for example its public URL); a state sealed for another audience is refused. */
  audience: string;
  /** How long a sealed state stays valid, in seconds (default 600, at most 86400). */
  ttlSeconds?: number;
  /** Tolerated clock difference between server instances, in seconds (default 30, at most 600). */
  clockSkewSeconds?: number;
  /** Largest incoming token accepted, in bytes (default 16384); checked before any parsing or cryptography. */
  maxTokenBytes?: number;
  /** Largest token `seal` may produce, in bytes (default and maximum: `maxTokenBytes`). */
  maxSealedBytes?: number;
  /** Clock in ms since the Unix epoch (default `Date.now`); for tests. */
  now?: () => number;
  /**
   * The AES-GCM back end: `"auto"` (default) uses synchronous `node:crypto`
   * where the runtime has it and WebCrypto elsewhere; `"webcrypto"` always
   * uses WebCrypto. The tokens are the same either way.
   */
  crypto?: StateCryptoChoice;
}

/** What a state is bound to: the request it answers and who made it. */
export interface StateBinding {
  /** JSON-RPC method of the request (`tools/call`, ...). */
  method: string;
  /** `paramsDigest(params)` of the request. */
  paramsDigest: string;
  /** The authenticated principal, or `undefined` for an unauthenticated request. */
  principal: string | undefined;
}

/** A state that opened: authentic, unexpired and bound to this request. */
export interface OpenedState<T = unknown> {
  /** Unique id of this state (for a {@link ReplayGuard}). */
  id: string;
  /** When it was sealed, ms since the Unix epoch. */
  issuedAt: number;
  /** When it stops opening (before the clock-skew allowance), ms since the Unix epoch. */
  expiresAt: number;
  /**
   * The data passed to `seal`. Authentic, but possibly sealed by an older
   * release of the server: validate its shape if that can have changed.
   */
  data: T;
}

/** Why a token was refused. */
export type RejectReason =
  | "malformed"
  | "too-large"
  | "unknown-key"
  | "tampered"
  | "unsupported-version"
  | "expired"
  | "issued-in-future"
  | "wrong-audience"
  | "wrong-principal"
  | "wrong-request"
  | "internal"
  /** The sealed application state does not fit the definition's `stateSchema` (e.g. sealed by an older release). */
  | "state-schema";

/** Outcome of `open`. `detail` is for server logs, not for the client. */
export type OpenResult<T> =
  | {
      /** The token opened and passed every check. */
      ok: true;
      /** What it holds. */
      state: OpenedState<T>;
    }
  | {
      /** The token was refused. */
      ok: false;
      /** Which check refused it (for the host's hook; the client learns nothing). */
      reason: RejectReason;
      /** More about it, for logs. */
      detail?: string;
    };

const TOKEN_VERSION = "v1";
const PAYLOAD_VERSION = 1;
const IV_BYTES = 12;
const IV_CHARS = base64UrlLength(IV_BYTES);
const ID_BYTES = 16;
/** Longest TTL accepted: a day. */
const MAX_TTL_SECONDS = 86_400;
/** Largest clock skew accepted: ten minutes. */
const MAX_SKEW_SECONDS = 600;

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The sealed payload, as written (see the format above). */
interface Payload {
  v: number;
  jti: string;
  iat: number;
  exp: number;
  aud: string;
  sub?: string;
  m: string;
  pd: string;
  d?: unknown;
}

/**
 * Seals request state into an authenticated, encrypted token and opens it
 * again, checking it belongs to this server, principal and request and has
 * not expired. Instances built with the same secrets and audience open each
 * other's tokens.
 */
export class RequestStateCodec {
  readonly #ring: KeyRing;
  readonly #audience: string;
  readonly #ttlMs: number;
  readonly #skewMs: number;
  readonly #maxTokenBytes: number;
  readonly #maxSealedBytes: number;
  readonly #now: () => number;

  /**
   * Checks every option now: throws {@link WeakSecretError} for a secret
   * shorter than 32 bytes and `RangeError` for any other bad option. Keys are
   * derived on first use.
   */
  constructor(options: RequestStateOptions) {
    if (globalThis.crypto?.subtle === undefined) {
      throw new TypeError("RequestStateCodec needs WebCrypto (globalThis.crypto.subtle): Node.js 20+, Deno, Bun, or a browser/worker runtime.");
    }
    if (typeof options !== "object" || options === null) throw new RangeError("RequestStateCodec: options are required ({ secrets, audience }).");
    const { audience, ttlSeconds = 600, clockSkewSeconds = 30, maxTokenBytes = 16 * 1024, now = Date.now } = options;
    const maxSealedBytes = options.maxSealedBytes ?? maxTokenBytes;
    this.#ring = new KeyRing(options.secrets, pickStateCrypto(options.crypto ?? "auto"));
    if (typeof audience !== "string" || audience === "") {
      throw new RangeError("RequestStateCodec: `audience` must be a non-empty string naming this server (for example its public URL).");
    }
    if (typeof ttlSeconds !== "number" || !(ttlSeconds > 0 && ttlSeconds <= MAX_TTL_SECONDS)) {
      throw new RangeError(`RequestStateCodec: \`ttlSeconds\` must be a number > 0 and at most ${MAX_TTL_SECONDS} (a day); request state should be short-lived.`);
    }
    if (typeof clockSkewSeconds !== "number" || !(clockSkewSeconds >= 0 && clockSkewSeconds <= MAX_SKEW_SECONDS)) {
      throw new RangeError(`RequestStateCodec: \`clockSkewSeconds\` must be a number from 0 to ${MAX_SKEW_SECONDS}.`);
    }
    if (!Number.isSafeInteger(maxTokenBytes) || maxTokenBytes < 1) throw new RangeError("RequestStateCodec: `maxTokenBytes` must be a positive integer.");
    if (!Number.isSafeInteger(maxSealedBytes) || maxSealedBytes < 1 || maxSealedBytes > maxTokenBytes) {
      throw new RangeError("RequestStateCodec: `maxSealedBytes` must be a positive integer no larger than `maxTokenBytes` (a token this server seals must be one it opens).");
    }
    if (typeof now !== "function") throw new RangeError("RequestStateCodec: `now` must be a function returning ms since the epoch.");
    this.#audience = audience;
    this.#ttlMs = Math.round(ttlSeconds * 1000);
    this.#skewMs = Math.round(clockSkewSeconds * 1000);
    this.#maxTokenBytes = maxTokenBytes;
    this.#maxSealedBytes = maxSealedBytes;
    this.#now = now;
  }

  /** Which back end this codec's cryptography runs on (for diagnostics); derives the keys if not done yet. */
  async backend(): Promise<StateCryptoName> {
    return (await this.#ring.keys()).crypto.name;
  }

  /**
   * Seals `data` (JSON data; `undefined` allowed) bound to `binding`. Rejects
   * with {@link CanonicalJsonError} if `data` is not JSON, with
   * {@link StateTooLargeError} if the token would exceed `maxSealedBytes`, and
   * with `TypeError` for a malformed binding: all server bugs.
   */
  async seal(data: unknown, binding: StateBinding): Promise<string> {
    assertBinding(binding);
    const now = Math.floor(this.#now());
    if (!Number.isSafeInteger(now)) throw new TypeError("RequestStateCodec: `now()` did not return ms since the epoch.");
    // One draw for both the id and the IV, from a pool refilled by the CSPRNG (random-pool.ts).
    const random = randomBytes(ID_BYTES + IV_BYTES);
    const payload: Payload = {
      v: PAYLOAD_VERSION,
      jti: encodeBase64Url(random.subarray(0, ID_BYTES)),
      iat: now,
      exp: now + this.#ttlMs,
      aud: this.#audience,
      m: binding.method,
      pd: binding.paramsDigest,
      d: data,
    };
    if (binding.principal !== undefined) payload.sub = binding.principal;
    const plaintext = utf8.encode(jsonText(payload));
    const keys = await this.#ring.keys();
    const { id, key } = keys.sealing;
    const header = `${TOKEN_VERSION}.${id}`;
    const size = header.length + 1 + IV_CHARS + 1 + base64UrlLength(plaintext.length + TAG_BYTES);
    if (size > this.#maxSealedBytes) {
      throw new StateTooLargeError(
        `RequestStateCodec: the sealed state would be ${size} bytes, over the ${this.#maxSealedBytes}-byte limit. ` +
          "Keep less in request state (ids rather than records), or raise maxTokenBytes on every instance.",
      );
    }
    const iv = random.slice(ID_BYTES);
    const sealed = await keys.crypto.seal(key, iv, utf8.encode(header), plaintext);
    return `${header}.${encodeBase64Url(iv)}.${encodeBase64Url(sealed)}`;
  }

  /**
   * Opens a token the client echoed, checking it against `binding`. Never
   * throws or rejects: whatever goes wrong, including inside this codec, is
   * `{ ok: false }` (fail closed), with reason `"internal"` for a fault of
   * the server rather than the token.
   */
  async open<T = unknown>(token: string, binding: StateBinding): Promise<OpenResult<T>> {
    try {
      return await this.#open<T>(token, binding);
    } catch (error) {
      return { ok: false, reason: "internal", detail: error instanceof Error ? `${error.name}: ${error.message}` : "non-Error thrown" };
    }
  }

  async #open<T>(token: unknown, binding: StateBinding): Promise<OpenResult<T>> {
    if (typeof token !== "string") return reject("malformed", `token is a ${token === null ? "null" : typeof token}, not a string`);
    // Size first: nothing below looks at more than maxTokenBytes of input.
    // A UTF-16 unit is at most 3 UTF-8 bytes: a token of up to a third of the limit in units needs no count.
    if (token.length > this.#maxTokenBytes || (token.length * 3 > this.#maxTokenBytes && utf8Length(token, this.#maxTokenBytes) > this.#maxTokenBytes)) {
      return reject("too-large", `token exceeds ${this.#maxTokenBytes} bytes`);
    }
    assertBinding(binding);
    const parts = token.split(".");
    if (parts.length !== 4) return reject("malformed", "expected 4 dot-separated parts");
    const [version, kid, ivText, sealedText] = parts as [string, string, string, string];
    if (version !== TOKEN_VERSION) {
      return /^v[0-9]{1,9}$/.test(version) ? reject("unsupported-version", `token version ${version}`) : reject("malformed", "bad version part");
    }
    if (!KEY_ID_PATTERN.test(kid)) return reject("malformed", "bad key id");
    const iv = ivText.length === IV_CHARS ? decodeBase64Url(ivText) : undefined;
    if (iv === undefined) return reject("malformed", "bad iv");
    const sealed = decodeBase64Url(sealedText);
    if (sealed === undefined || sealed.length < TAG_BYTES) return reject("malformed", "bad ciphertext");
    const keys = await this.#ring.keys();
    const key = keys.byId.get(kid);
    if (key === undefined) return reject("unknown-key", `no secret has key id ${kid}`);

    const plaintext = await keys.crypto.open(key, iv, utf8.encode(`${version}.${kid}`), sealed);
    if (plaintext === undefined) return reject("tampered", "authentication failed");

    // Authentic from here on: only a server sharing the secret wrote it.
    let payload: unknown;
    try {
      payload = JSON.parse(strictUtf8.decode(plaintext));
    } catch {
      return reject("malformed", "sealed payload is not JSON");
    }
    if (typeof payload !== "object" || payload === null || (payload as { v?: unknown }).v !== PAYLOAD_VERSION) {
      return reject("unsupported-version", "sealed payload version");
    }
    if (!isPayload(payload)) return reject("malformed", "sealed payload fields");

    if (!sameString(payload.aud, this.#audience)) return reject("wrong-audience", "sealed for another audience");
    const principalMatches =
      payload.sub === undefined || binding.principal === undefined
        ? payload.sub === binding.principal
        : sameString(payload.sub, binding.principal);
    if (!principalMatches) return reject("wrong-principal", "sealed for another principal");
    if (!sameString(payload.m, binding.method)) return reject("wrong-request", "sealed for another method");
    if (!sameString(payload.pd, binding.paramsDigest)) return reject("wrong-request", "sealed for other params");

    const now = this.#now();
    if (!Number.isFinite(now)) throw new TypeError("RequestStateCodec: `now()` did not return ms since the epoch.");
    if (payload.iat > now + this.#skewMs) return reject("issued-in-future", "issued after now plus the clock skew");
    const expiresAt = Math.min(payload.exp, payload.iat + this.#ttlMs);
    if (now >= expiresAt + this.#skewMs) return reject("expired", "expired");

    return { ok: true, state: { id: payload.jti, issuedAt: payload.iat, expiresAt, data: payload.d as T } };
  }
}

function reject<T>(reason: RejectReason, detail: string): OpenResult<T> {
  return { ok: false, reason, detail };
}

function assertBinding(binding: StateBinding): void {
  if (
    typeof binding !== "object" ||
    binding === null ||
    typeof binding.method !== "string" ||
    typeof binding.paramsDigest !== "string" ||
    (binding.principal !== undefined && typeof binding.principal !== "string")
  ) {
    throw new TypeError("RequestStateCodec: binding must be { method: string, paramsDigest: string, principal: string | undefined }.");
  }
}

function isPayload(p: object): p is Payload {
  const r = p as Record<string, unknown>;
  return (
    typeof r.jti === "string" &&
    Number.isSafeInteger(r.iat) &&
    Number.isSafeInteger(r.exp) &&
    typeof r.aud === "string" &&
    (r.sub === undefined || typeof r.sub === "string") &&
    typeof r.m === "string" &&
    typeof r.pd === "string"
  );
}

/** Equality whose time depends on the lengths only, not on where the strings differ. */
function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
