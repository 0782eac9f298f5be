/**
 * base64url without padding (RFC 4648 §5), strict on decoding: only the
 * canonical spelling of some bytes decodes, so no two tokens carry the same
 * bytes and a changed character is always a changed token.
 */

/** The 64 characters, in value order. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Value of each character code, -1 when not in the alphabet. */
const VALUES: readonly number[] = Array.from({ length: 128 }, (_, code) => ALPHABET.indexOf(String.fromCharCode(code)));

/** Encodes bytes as unpadded base64url. */
export function encodeBase64url(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += ALPHABET[(chunk >> (18 - 6 * c)) & 63];
  }
  return out;
}

/**
 * Decodes unpadded base64url, or returns `undefined` when `text` is not the
 * canonical encoding of any bytes (wrong character, impossible length,
 * non-zero unused bits).
 */
export function decodeBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let buffer = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const value = VALUES[text.charCodeAt(i)] ?? -1;
    if (value < 0) return undefined;
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return undefined;
  return out;
}
