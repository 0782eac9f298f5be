/**
 * base64url without padding (RFC 4648 §5), written against `Uint8Array` so it
 * runs wherever WebCrypto does (no `Buffer`). Decoding is strict: only the
 * URL-safe alphabet, no padding, no whitespace, and unused trailing bits must
 * be zero, so every byte string has exactly one encoding and changing any
 * character of an encoding changes the bytes (or fails).
 *
 * Where the runtime has Node's `Buffer` (Node, Bun, Deno's Node layer), its
 * native codec does the work, after the same strictness checks; elsewhere the
 * loops below do.
 */

/** The part of Node's `Buffer` used here, typed so no Node types are needed. */
interface BufferCodec {
  from(bytes: ArrayBufferLike, offset: number, length: number): { toString(encoding: "base64url"): string };
  from(text: string, encoding: "base64url"): Uint8Array;
}

const native = (globalThis as { Buffer?: BufferCodec }).Buffer;
/** Only the URL-safe alphabet. */
const ALPHABET_ONLY = /^[A-Za-z0-9_-]*$/;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Character code -> 6-bit value, or -1 for characters outside the alphabet. */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** Encodes bytes as unpadded base64url. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return native !== undefined ? native.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url") : encodePortable(bytes);
}

/** `encodeBase64Url` without the native codec. */
function encodePortable(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** Number of characters `encodeBase64Url` produces for `byteLength` bytes. */
export function base64UrlLength(byteLength: number): number {
  return Math.ceil((byteLength * 4) / 3);
}

/**
 * Decodes unpadded base64url, or returns `undefined` if `text` is not the
 * canonical encoding of some byte string.
 */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  return native !== undefined ? decodeNative(native, text) : decodePortable(text);
}

/** `decodeBase64Url` without the native codec. */
function decodePortable(text: string): Uint8Array<ArrayBuffer> | undefined {
  const length = text.length;
  if (length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((length * 3) / 4));
  let o = 0;
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUES[code]! : -1;
    if (value < 0) return undefined;
    acc = (acc << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  // Leftover bits (2 or 4) must be zero, or two texts would decode alike.
  if (acc !== 0) return undefined;
  return out;
}

/** `decodeBase64Url` on the native codec: the alphabet and the unused trailing bits checked first (the codec itself skips what it cannot read). */
function decodeNative(codec: BufferCodec, text: string): Uint8Array<ArrayBuffer> | undefined {
  const rest = text.length % 4;
  if (rest === 1 || !ALPHABET_ONLY.test(text)) return undefined;
  if (rest !== 0) {
    const last = VALUES[text.charCodeAt(text.length - 1)]!;
    if ((last & (rest === 2 ? 0x0f : 0x03)) !== 0) return undefined;
  }
  const bytes = codec.from(text, "base64url");
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/** The loops alone, as a runtime without `Buffer` runs them (for tests of that path on Node). */
export const portableBase64Url = { encode: encodePortable, decode: decodePortable } as const;
