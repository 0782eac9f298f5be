/**
 * The codec's keys: a ring of secrets, newest first. The first seals, every
 * one opens, so a secret rotates without downtime: deploy `[old, new]`
 * everywhere (so every instance opens `new`'s states before any seals with
 * it), then `[new, old]`, wait until no state sealed with `old` can still be
 * alive (the TTL plus the clock skew), then deploy `[new]`. With a single
 * instance the first step can be skipped.
 *
 * Each secret becomes an AES-256-GCM key by HKDF-SHA256 (fixed salt and info
 * naming this project and purpose, so the same secret used elsewhere yields
 * unrelated keys). Each key has an id that tokens carry, so opening picks the
 * key directly: the given `id`, or else the first 6 bytes of
 * SHA-256("mrtr/request-state/v1 key id" || 0x00 || secret) in base64url
 * (8 characters), which stays the same across restarts and instances.
 *
 * Secrets are checked when the ring is built (synchronously); the key
 * derivation (hashing, HKDF) happens on first use, on the ring's back end
 * (state-crypto.ts), and is remembered. Both back ends derive the same keys
 * and ids, so a token sealed on one opens on the other.
 */
import { encodeBase64Url } from "../base64url.js";
import { WeakSecretError } from "./errors.js";
import type { Eventually, StateCrypto, StateKey } from "./state-crypto.js";

export type { WebCryptoKey } from "./web-state-crypto.js";

/** A secret (a string counts by its UTF-8 bytes), optionally with the id tokens sealed by it carry. */
export type SecretInput =
  | string
  | Uint8Array
  | {
      /** The key id the tokens it seals carry (`kid`). */
      id: string;
      /** The secret itself, at least 32 bytes. */
      secret: string | Uint8Array;
    };

/** Fewest bytes a secret may have: 256 bits, the AES key size. */
export const MIN_SECRET_BYTES = 32;

/** What a key id may look like: it travels in the token between dots. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A derived key, ready for the ring's back end. */
export interface RingKey {
  id: string;
  key: StateKey;
}

/** The ring's keys once derived, with the back end they belong to. */
export interface RingKeys {
  crypto: StateCrypto;
  sealing: RingKey;
  byId: Map<string, StateKey>;
}

const utf8 = new TextEncoder();
const HKDF_SALT = utf8.encode("mrtr/request-state/v1");
const HKDF_INFO = utf8.encode("mrtr/request-state/v1 AES-256-GCM sealing key");
const KEY_ID_LABEL = utf8.encode("mrtr/request-state/v1 key id\0");

interface Entry {
  secret: Uint8Array<ArrayBuffer>;
  id: string | undefined;
}

/** Secrets, newest first, and the keys derived from them. */
export class KeyRing {
  readonly #entries: readonly Entry[];
  readonly #crypto: Eventually<StateCrypto>;
  #keys: Promise<RingKeys> | undefined;
  #ready: RingKeys | undefined;

  /**
   * Validates every secret now; throws {@link WeakSecretError} for a short
   * one and `RangeError` for anything else wrong. Keys will be derived on
   * `crypto`.
   */
  constructor(secrets: readonly SecretInput[], crypto: Eventually<StateCrypto>) {
    this.#crypto = crypto;
    if (!Array.isArray(secrets) || secrets.length === 0) {
      throw new RangeError("RequestStateCodec: `secrets` must list at least one secret, newest first. Generate one with `openssl rand -base64 32`.");
    }
    const ids = new Set<string>();
    this.#entries = secrets.map((input: SecretInput, index) => {
      const entry = toEntry(input, index);
      if (entry.id !== undefined) {
        if (ids.has(entry.id)) throw new RangeError(`RequestStateCodec: secrets #${index}: id "${entry.id}" is used twice; each secret needs its own id.`);
        ids.add(entry.id);
      }
      return entry;
    });
  }

  /** Number of secrets in the ring. */
  get size(): number {
    return this.#entries.length;
  }

  /** The derived keys: at once after the first derivation, else a promise of them. */
  keys(): RingKeys | Promise<RingKeys> {
    return this.#ready ?? this.#derive();
  }

  #derive(): Promise<RingKeys> {
    if (this.#keys === undefined) {
      const pending = deriveAll(this.#entries, this.#crypto);
      this.#keys = pending;
      pending.then(
        (keys) => {
          if (this.#keys === pending) this.#ready = keys;
        },
        // Do not remember a failure: the next call tries again.
        () => {
          if (this.#keys === pending) this.#keys = undefined;
        },
      );
    }
    return this.#keys;
  }
}

async function deriveAll(entries: readonly Entry[], backend: Eventually<StateCrypto>): Promise<RingKeys> {
  const crypto = await backend;
  const keys = await Promise.all(entries.map((entry) => derive(crypto, entry)));
  const byId = new Map<string, StateKey>();
  for (const { id, key } of keys) {
    if (byId.has(id)) {
      throw new RangeError(`RequestStateCodec: two secrets have the key id "${id}" (the same secret listed twice, or an explicit id equal to a derived one); remove the duplicate.`);
    }
    byId.set(id, key);
  }
  return { crypto, sealing: keys[0]!, byId };
}

async function derive(crypto: StateCrypto, entry: Entry): Promise<RingKey> {
  const key = await crypto.deriveKey(entry.secret, HKDF_SALT, HKDF_INFO);
  return { id: entry.id ?? (await derivedId(crypto, entry.secret)), key };
}

async function derivedId(crypto: StateCrypto, secret: Uint8Array): Promise<string> {
  const input = new Uint8Array(KEY_ID_LABEL.length + secret.length);
  input.set(KEY_ID_LABEL, 0);
  input.set(secret, KEY_ID_LABEL.length);
  const hash = await crypto.sha256(input);
  return encodeBase64Url(hash.subarray(0, 6));
}

function toEntry(input: SecretInput, index: number): Entry {
  let id: string | undefined;
  let secret: unknown = input;
  if (typeof input === "object" && input !== null && !(input instanceof Uint8Array)) {
    id = (input as { id?: unknown }).id as string;
    secret = (input as { secret?: unknown }).secret;
    if (typeof id !== "string" || !KEY_ID_PATTERN.test(id)) {
      throw new RangeError(`RequestStateCodec: secrets #${index}: id must be 1 to 64 characters from A-Z a-z 0-9 - _ (got ${JSON.stringify(id)}).`);
    }
  }
  let bytes: Uint8Array<ArrayBuffer>;
  if (typeof secret === "string") bytes = utf8.encode(secret);
  else if (secret instanceof Uint8Array) bytes = new Uint8Array(secret); // a copy: later changes by the caller do not reach the ring
  else throw new RangeError(`RequestStateCodec: secrets #${index} must be a string, a Uint8Array or { id, secret }.`);
  if (bytes.length < MIN_SECRET_BYTES) {
    const name = id === undefined ? `secrets #${index}` : `secrets #${index} ("${id}")`;
    throw new WeakSecretError(
      `RequestStateCodec: ${name} is ${bytes.length} bytes; a request-state secret must be at least ${MIN_SECRET_BYTES} bytes of random data. ` +
        "Generate one with `openssl rand -base64 32` and load it from your secret store, not from source code.",
    );
  }
  return { secret: bytes, id };
}
