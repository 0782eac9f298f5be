/**
 * The synchronous request-state back end: `node:crypto` (Node, and the
 * runtimes that offer its API: Bun, Deno, workers with Node compatibility).
 * AES-256-GCM runs on the calling thread, with none of WebCrypto's hand-off
 * to a worker thread and back. This file never imports `node:crypto`: it is
 * given the module (pick-state-crypto.ts finds it where it exists), so the
 * fetch-only entry points neither load nor typecheck against Node built-ins.
 */
import { TAG_BYTES, type StateCrypto, type StateKey } from "./state-crypto.js";

/** The part of `node:crypto` this back end calls, typed here so no Node types are needed. */
export interface NodeCryptoModule {
  createCipheriv(algorithm: "aes-256-gcm", key: unknown, iv: Uint8Array, options: { authTagLength: number }): NodeCipher;
  createDecipheriv(algorithm: "aes-256-gcm", key: unknown, iv: Uint8Array, options: { authTagLength: number }): NodeDecipher;
  createSecretKey(key: Uint8Array): unknown;
  hkdfSync(digest: "sha256", ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, keylen: number): ArrayBuffer;
  createHash(algorithm: "sha256"): { update(data: Uint8Array): { digest(): Uint8Array } };
  /** One-shot digest (Node 20.12+, Bun, Deno): no hash object per call. */
  hash?(algorithm: "sha256", data: Uint8Array, outputEncoding: "buffer"): Uint8Array;
}

interface NodeCipher {
  setAAD(aad: Uint8Array): unknown;
  update(data: Uint8Array): Uint8Array;
  final(): Uint8Array;
  getAuthTag(): Uint8Array;
}

interface NodeDecipher {
  setAAD(aad: Uint8Array): unknown;
  setAuthTag(tag: Uint8Array): unknown;
  update(data: Uint8Array): Uint8Array;
  final(): Uint8Array;
}

const ALGORITHM = "aes-256-gcm";
const OPTIONS = { authTagLength: TAG_BYTES };

/** Whether `module` has every function this back end calls. */
export function isNodeCryptoModule(module: unknown): module is NodeCryptoModule {
  if (typeof module !== "object" || module === null) return false;
  const m = module as Record<string, unknown>;
  return ["createCipheriv", "createDecipheriv", "createSecretKey", "hkdfSync", "createHash"].every((name) => typeof m[name] === "function");
}

/** The back end over `node`, a loaded `node:crypto`. */
export function nodeStateCrypto(node: NodeCryptoModule): StateCrypto {
  const hash = typeof node.hash === "function" ? node.hash.bind(node) : undefined;
  return {
    name: "node:crypto",
    deriveKey(secret, salt, info) {
      const bytes = new Uint8Array(node.hkdfSync("sha256", secret, salt, info, 32));
      const key = node.createSecretKey(bytes);
      bytes.fill(0);
      return key as StateKey;
    },
    sha256(bytes) {
      return plain(hash !== undefined ? hash("sha256", bytes, "buffer") : node.createHash("sha256").update(bytes).digest());
    },
    seal(key, iv, aad, plaintext) {
      const cipher = node.createCipheriv(ALGORITHM, key, iv, OPTIONS);
      cipher.setAAD(aad);
      const head = cipher.update(plaintext);
      const tail = cipher.final();
      const out = new Uint8Array(head.length + tail.length + TAG_BYTES);
      out.set(head, 0);
      out.set(tail, head.length);
      out.set(cipher.getAuthTag(), head.length + tail.length);
      return out;
    },
    open(key, iv, aad, sealed) {
      if (sealed.length < TAG_BYTES) return undefined;
      const end = sealed.length - TAG_BYTES;
      const decipher = node.createDecipheriv(ALGORITHM, key, iv, OPTIONS);
      decipher.setAAD(aad);
      decipher.setAuthTag(sealed.subarray(end));
      const head = decipher.update(sealed.subarray(0, end));
      let tail: Uint8Array;
      try {
        tail = decipher.final();
      } catch {
        return undefined; // authentication failed: what update() returned is discarded unread
      }
      if (tail.length === 0) return plain(head);
      const out = new Uint8Array(head.length + tail.length);
      out.set(head, 0);
      out.set(tail, head.length);
      return out;
    },
  };
}

/** A plain `Uint8Array` over the same memory as `bytes` (a `Buffer`), no copy: both back ends answer with the same type. */
function plain(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
