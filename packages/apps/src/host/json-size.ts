/**
 * How large a message from a view is as JSON text, measured without making
 * that text: a walk that stops as soon as the message passes the byte or
 * depth bound, so a huge or deeply nested (or cyclic) message costs no more
 * than the bound to refuse. A value JSON cannot carry (a function, a Map,
 * a Date, a non-finite number: what structured cloning may bring) is not JSON.
 */

/** The measure of one message: its size in UTF-8 bytes, or why it is refused. */
export type JsonMeasure = { readonly ok: true; readonly bytes: number } | { readonly ok: false; readonly problem: "too-large" | "too-deep" | "not-json" };

/** Whether `value` is a plain object (`{}` or `Object.create(null)`, from any realm). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.prototype.toString.call(value) === "[object Object]";
}

/** The UTF-8 length of `text` as a JSON string literal (quotes and escapes included); stops counting past `max`. */
export function jsonStringBytes(text: string, max: number): number {
  if (text.length + 2 > max) return text.length + 2;
  let bytes = 2;
  for (let i = 0; i < text.length && bytes <= max; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20) bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) (bytes += 4), i++;
    else bytes += code >= 0xd800 && code <= 0xdfff ? 6 : 3;
  }
  return bytes;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The size of a scalar as JSON, or undefined when JSON has no such value. */
function scalarBytes(value: unknown, max: number): number | undefined {
  if (value === null) return 4;
  if (typeof value === "boolean") return value ? 4 : 5;
  if (typeof value === "number") return Number.isFinite(value) ? String(value).length : undefined;
  if (typeof value === "string") return jsonStringBytes(value, max);
  return undefined;
}

/** Measures `value` as JSON text against `maxBytes` and `maxDepth`. */
export function measureJson(value: unknown, maxBytes: number, maxDepth: number): JsonMeasure {
  const stack: [unknown, number][] = [[value, 0]];
  let bytes = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (depth > maxDepth) return { ok: false, problem: "too-deep" };
    const added = typeof item === "object" && item !== null ? containerBytes(item, depth, maxBytes, stack) : scalarBytes(item, maxBytes);
    if (added === undefined) return { ok: false, problem: "not-json" };
    bytes += added;
    if (bytes > maxBytes) return { ok: false, problem: "too-large" };
  }
  return { ok: true, bytes };
}

/** The bytes of an array's or object's own punctuation and keys; pushes its values to walk. */
function containerBytes(item: object, depth: number, max: number, stack: [unknown, number][]): number | undefined {
  if (Array.isArray(item)) {
    for (let i = item.length - 1; i >= 0 && stack.length <= max; i--) stack.push([item[i], depth + 1]);
    return 2 + Math.max(0, item.length - 1);
  }
  if (!isPlainObject(item)) return undefined;
  let bytes = 1; // the braces, less the comma the first entry does not need
  for (const key in item) {
    if (!Object.prototype.hasOwnProperty.call(item, key) || item[key] === undefined) continue;
    bytes += jsonStringBytes(key, max) + 2; // the key, its colon and a comma before it
    stack.push([item[key], depth + 1]);
    if (bytes > max) break;
  }
  return bytes === 1 ? 2 : bytes;
}
