/**
 * The portable request-state back end: WebCrypto (`globalThis.crypto.subtle`),
 * which browsers, workers, Deno, Bun and Node 20+ all have. Every call is
 * asynchronous (on Node it runs on a worker thread).
 */
import { TAG_BYTES, type StateCrypto, type StateKey } from "./state-crypto.js";

/**
 * WebCrypto's key type, named through the global `crypto`: @types/node has
 * no global `CryptoKey`, and these declarations ship to projects with lib DOM
 * and to Node projects without it.
 */
export type WebCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** The WebCrypto back end, or a `TypeError` saying what is missing. */
export function webStateCrypto(): StateCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    throw new TypeError("RequestStateCodec needs WebCrypto (globalThis.crypto.subtle): Node.js 20+, Deno, Bun, or a browser/worker runtime.");
  }
  const cryptoKey = (key: StateKey) => key as unknown as WebCryptoKey;
  return {
    name: "webcrypto",
    async deriveKey(secret, salt, info) {
      const material = await subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
      const key = await subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt, info }, material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
      return key as unknown as StateKey;
    },
    async sha256(bytes) {
      return new Uint8Array(await subtle.digest("SHA-256", bytes));
    },
    async seal(key, iv, aad, plaintext) {
      return new Uint8Array(await subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad, tagLength: TAG_BYTES * 8 }, cryptoKey(key), plaintext));
    },
    async open(key, iv, aad, sealed) {
      try {
        return new Uint8Array(await subtle.decrypt({ name: "AES-GCM", iv, additionalData: aad, tagLength: TAG_BYTES * 8 }, cryptoKey(key), sealed));
      } catch {
        return undefined;
      }
    },
  };
}
