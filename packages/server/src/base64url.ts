/**
 * base64url without padding (RFC 4648 §5), written against `Uint8Array` so it
 * runs wherever WebCrypto does (no `Buffer`). Decoding is strict: only the
 * URL-safe alphabet, no padding, no whitespace, and unused trailing bits must
 * be zero, so every byte string has exactly one encoding and changing any
 * character of an encoding changes the bytes (or fails).
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Character code -> 6-bit value, or -1 for characters outside the alphabet. */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** Encodes bytes as unpadded base64url. */
export function encodeBase64Url(bytes: Uint8Array): string {
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
