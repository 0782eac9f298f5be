/**
 * The cryptography request state needs, behind one interface so that it can
 * run on either of two back ends with the same bytes in and out:
 * `node:crypto` (synchronous, on the main thread: web-state-crypto.ts's
 * WebCrypto calls run on a worker thread and marshal their results back,
 * which costs more than the AES itself for tokens this small) where the
 * runtime has it, and WebCrypto everywhere else (pick-state-crypto.ts
 * chooses). A key is only ever used with the back end that derived it.
 *
 * What both compute, bit for bit:
 * - `deriveKey`: HKDF-SHA256(secret, salt, info) to 32 bytes, the AES-256 key;
 * - `sha256`: SHA-256;
 * - `seal`: AES-256-GCM with a 96-bit IV and a 128-bit tag, returning the
 *   ciphertext followed by the tag (WebCrypto's layout);
 * - `open`: the inverse, or `undefined` when authentication fails.
 */

/** A key derived by one back end, opaque to everything else. */
export type StateKey = { readonly stateKeyOf: StateCryptoName };

/** Which back end. */
export type StateCryptoName = "node:crypto" | "webcrypto";

/** A value now, or later. */
export type Eventually<T> = T | Promise<T>;

/** AES-256-GCM, HKDF-SHA256 and SHA-256, as request state uses them (see the module comment). */
export interface StateCrypto {
  readonly name: StateCryptoName;
  deriveKey(secret: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>): Eventually<StateKey>;
  sha256(bytes: Uint8Array<ArrayBuffer>): Eventually<Uint8Array>;
  seal(key: StateKey, iv: Uint8Array<ArrayBuffer>, aad: Uint8Array<ArrayBuffer>, plaintext: Uint8Array<ArrayBuffer>): Eventually<Uint8Array>;
  open(key: StateKey, iv: Uint8Array<ArrayBuffer>, aad: Uint8Array<ArrayBuffer>, sealed: Uint8Array<ArrayBuffer>): Eventually<Uint8Array | undefined>;
}

/** Bytes of the GCM authentication tag (128 bits), both back ends. */
export const TAG_BYTES = 16;
