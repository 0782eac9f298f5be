/**
 * Header values that mirror body fields (`Mcp-Name`, `Mcp-Param-{Name}`):
 * a value that is not plain, header-safe ASCII travels as the Base64
 * sentinel `=?base64?{Base64 of its UTF-8}?=` (streamable-http.mdx, "Value
 * Encoding"). Clients encode; servers decode before comparing with the body.
 */

/** The sentinel's prefix and suffix; case-sensitive, exactly as written. */
export const BASE64_SENTINEL = { prefix: "=?base64?", suffix: "?=" } as const;

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** Visible ASCII and the space: the characters a plain value may hold. */
function isPlainAscii(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

const looksLikeSentinel = (value: string) => value.startsWith(BASE64_SENTINEL.prefix) && value.endsWith(BASE64_SENTINEL.suffix);

function base64OfUtf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The header value for `value`: as is when it is plain ASCII (visible
 * characters and inner spaces) that does not look like the sentinel;
 * otherwise (non-ASCII, control characters, leading or trailing whitespace,
 * a value shaped like the sentinel) the Base64 sentinel.
 */
export function encodeHeaderValue(value: string): string {
  const plain = isPlainAscii(value) && value.trim() === value && !looksLikeSentinel(value);
  return plain ? value : `${BASE64_SENTINEL.prefix}${base64OfUtf8(value)}${BASE64_SENTINEL.suffix}`;
}

/**
 * The value a header carries: the UTF-8 text inside a Base64 sentinel, or the
 * plain value. Undefined when the header is not valid: characters outside
 * visible ASCII, space and tab; a sentinel whose Base64 is malformed (bad
 * characters or padding, a length that is not a multiple of 4) or whose bytes
 * are not UTF-8. A value with only part of the sentinel is a plain value.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c > 0x7e) return undefined;
  }
  if (!looksLikeSentinel(raw)) return raw;
  const match = SENTINEL.exec(raw);
  const encoded = match?.[1];
  if (encoded === undefined || encoded.length % 4 !== 0) return undefined;
  let binary: string;
  try {
    binary = atob(encoded);
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
