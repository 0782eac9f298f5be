/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): one byte-exact text per JSON
 * value, so two parties that hold equal data compute equal digests.
 *
 * - Objects: members sorted by key, comparing UTF-16 code units (what the
 *   default `Array.prototype.sort` does on strings); no whitespace.
 * - Numbers: the ECMAScript Number-to-String algorithm (`String(n)`, which is
 *   also `JSON.stringify`'s), so `-0` is `0` and `1e21` is `1e+21`; NaN and
 *   the infinities are refused.
 * - Strings: `JSON.stringify`'s escaping, which for well-formed strings is the
 *   RFC's (`\b \t \n \f \r \" \\` short, other controls `\u00xx` lowercase,
 *   everything else literal); strings holding a lone surrogate are refused,
 *   as RFC 8785 §3.2.2.2 requires.
 *
 * Only JSON data is accepted: `null`, booleans, finite numbers, strings,
 * arrays and plain objects (prototype `Object.prototype` or `null`). An object
 * member whose value is `undefined` is left out, as `JSON.stringify` would
 * leave it off the wire; `undefined` anywhere else, functions, symbols,
 * bigints, class instances (Date, Map, ...), cycles and nesting deeper than
 * {@link MAX_CANONICAL_DEPTH} throw a {@link CanonicalJsonError} naming the
 * JSON Pointer of the offending value.
 */
import { CanonicalJsonError } from "./errors.js";
import { jsonPointer } from "@mrtr/internal";

/**
 * Deepest nesting of arrays and objects accepted. A fixed limit (rather than
 * the host's stack) makes every host accept and refuse the same inputs.
 */
export const MAX_CANONICAL_DEPTH = 1000;

/** In a `u` regex, a surrogate range matches only surrogates that are not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Returns the RFC 8785 canonical JSON text of `value`; throws {@link CanonicalJsonError} if it is not JSON data. */
export function canonicalJson(value: unknown): string {
  return write(defined(value), [], []);
}

/**
 * The JSON text of `value` with members in the order it holds them, for text
 * nobody digests (a sealed payload): refuses exactly what
 * {@link canonicalJson} refuses, with the same errors, at the cost of a walk
 * and `JSON.stringify` rather than a sort and a string built member by member.
 */
export function jsonText(value: unknown): string {
  walk(defined(value), [], []);
  return JSON.stringify(value);
}

/** `value`, unless it is `undefined`, which is not JSON. */
function defined(value: unknown): unknown {
  if (value === undefined) throw new CanonicalJsonError("canonicalJson: undefined is not JSON (at the root)");
  return value;
}

/** Checks a value that is not a container (a string, number, boolean or null); false for a container. */
function checkScalar(value: unknown, path: (string | number)[]): boolean {
  switch (typeof value) {
    case "string":
      if (LONE_SURROGATE.test(value)) fail("string holds a lone surrogate (not well-formed Unicode)", path);
      return true;
    case "number":
      if (!Number.isFinite(value)) fail(`${value} is not a JSON number`, path);
      return true;
    case "boolean":
      return true;
    case "object":
      return value === null;
    default:
      return fail(`a ${typeof value} is not JSON`, path);
  }
}

/** Enters a container: refuses a cycle, nesting too deep, and objects that are not plain. */
function enter(value: object, path: (string | number)[], ancestors: object[]): void {
  if (ancestors.includes(value)) fail("cycle", path);
  if (ancestors.length >= MAX_CANONICAL_DEPTH) fail(`nested deeper than ${MAX_CANONICAL_DEPTH}`, path);
  if (!Array.isArray(value)) {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
      fail(`${typeof name === "string" && name !== "" ? name : "a non-plain object"} is not JSON (only plain objects and arrays)`, path);
    }
  }
  ancestors.push(value);
}

function write(value: unknown, path: (string | number)[], ancestors: object[]): string {
  // Strings are checked as they are written (one scan, writeString); other scalars by checkScalar, and String()
  // writes them as JSON does (finite numbers by ECMAScript's Number-to-String, booleans, null).
  if (typeof value === "string") return writeString(value, path);
  return checkScalar(value, path) ? String(value) : writeContainer(value as object, path, ancestors);
}

function writeContainer(value: object, path: (string | number)[], ancestors: object[]): string {
  enter(value, path, ancestors);
  let out: string;
  if (Array.isArray(value)) {
    out = "[";
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      path.push(i);
      if (item === undefined) fail("undefined is not JSON (array element)", path);
      out += (i === 0 ? "" : ",") + write(item, path, ancestors);
      path.pop();
    }
    out += "]";
  } else {
    const record = value as Record<string, unknown>;
    out = "{";
    let first = true;
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      path.push(key);
      out += (first ? "" : ",") + writeString(key, path) + ":" + write(member, path, ancestors);
      path.pop();
      first = false;
    }
    out += "}";
  }
  ancestors.pop();
  return out;
}

/** `write`'s checks without the writing (for `jsonText`). */
function walk(value: unknown, path: (string | number)[], ancestors: object[]): void {
  if (checkScalar(value, path)) return;
  const container = value as object;
  enter(container, path, ancestors);
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) {
      const item: unknown = container[i];
      path.push(i);
      if (item === undefined) fail("undefined is not JSON (array element)", path);
      walk(item, path, ancestors);
      path.pop();
    }
  } else {
    const record = container as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const member = record[key];
      if (member === undefined) continue;
      path.push(key);
      checkScalar(key, path);
      walk(member, path, ancestors);
      path.pop();
    }
  }
  ancestors.pop();
}

function writeString(value: string, path: (string | number)[]): string {
  const text = JSON.stringify(value);
  // JSON.stringify writes a lone surrogate as a \u escape, so a text without one held none (the usual case: no second scan).
  if (text.includes("\\u") && LONE_SURROGATE.test(value)) fail("string holds a lone surrogate (not well-formed Unicode)", path);
  return text;
}

function fail(reason: string, path: readonly (string | number)[]): never {
  throw new CanonicalJsonError(`canonicalJson: ${reason} (at "${jsonPointer(path)}")`);
}
