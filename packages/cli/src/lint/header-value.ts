/**
 * Header values mirrored from the body (basic/transports/streamable-http.mdx:
 * 480-520): plain when safe ASCII, else `=?base64?…?=` of the UTF-8 bytes.
 */

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
/** Visible ASCII, inner spaces and tabs; no leading or trailing whitespace. */
const SAFE = /^(?:[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?)?$/;

/** Whether `value` may travel as a plain header value (and does not look like the Base64 sentinel). */
export function isPlainSafe(value: string): boolean {
  return SAFE.test(value) && !SENTINEL.test(value);
}

/** The value a header carries: decoded when in the Base64 sentinel form; undefined when that form is malformed. */
export function decodeHeaderValue(header: string): string | undefined {
  const m = SENTINEL.exec(header);
  if (!m) return header;
  const b64 = m[1]!;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(b64, "base64"));
  } catch {
    return undefined;
  }
}

/** The header form of a value, as a conforming client writes it. */
export function encodeHeaderValue(value: string): string {
  return isPlainSafe(value) ? value : `=?base64?${Buffer.from(value, "utf8").toString("base64")}?=`;
}
