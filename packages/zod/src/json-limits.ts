/**
 * Bounded intake: one iterative pass over a parsed JSON value that enforces
 * limits on its shape (nesting, size, lengths) before anything else reads it,
 * and names the first limit hit with a JSON Pointer to where it was hit.
 */
import { escapeToken } from "@mrtr/internal";

/** Limits on the shape of a parsed JSON value. */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects: `1` is 0, `[]` is 1, `{"a":[1]}` is 2. */
  maxDepth: number;
  /** Values in all, at every level: objects, arrays, strings, numbers, booleans and nulls (keys are not counted). */
  maxNodes: number;
  /** Elements of one array. */
  maxArrayLength: number;
  /** Length of one string, value or key, in UTF-16 code units (JavaScript's `length`). */
  maxStringLength: number;
  /** Keys of one object. */
  maxObjectKeys: number;
}

/**
 * The defaults, chosen to accept any realistic MCP message with a wide margin
 * while bounding the work a message can cause:
 * - `maxDepth` 64: the protocol's own structure nests about 8 levels, and tool
 *   arguments and JSON Schemas rarely go past 20;
 * - `maxNodes` 250,000: a `tools/list` page of a thousand richly described
 *   tools holds about 100,000 values; a 1 MiB request at most ~350,000;
 * - `maxArrayLength` 50,000 and `maxObjectKeys` 10,000: room for tabular
 *   structured results and large maps;
 * - `maxStringLength` 16 Mi code units: base64 media of about 12 MB in a
 *   result (a server's request body is capped lower by its own size limit).
 */
export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 64,
  maxNodes: 250_000,
  maxArrayLength: 50_000,
  maxStringLength: 16 * 1024 * 1024,
  maxObjectKeys: 10_000,
});

/** The first limit a value breaks. */
export interface JsonLimitHit {
  /** Which limit. */
  limit: keyof JsonLimits;
  /** The limit in force. */
  max: number;
  /** JSON Pointer (RFC 6901) to where it was hit: the container too deep, the array or object too large, the string too long, the value past the node count. */
  path: string;
  /** What was found (where: `path`), and how to accept it. */
  message: string;
}

const WHAT: Record<keyof JsonLimits, (max: number) => string> = {
  maxDepth: (max) => `nested deeper than ${max} levels`,
  maxNodes: (max) => `more than ${max} values in all`,
  maxArrayLength: (max) => `an array of more than ${max} elements`,
  maxStringLength: (max) => `a string longer than ${max} UTF-16 code units`,
  maxObjectKeys: (max) => `an object with more than ${max} keys`,
};

/**
 * Checks `value` against `limits` (each absent one is the default) in one
 * pass, without recursion, in document order; returns the first limit hit,
 * or undefined. Never throws for a JSON value; stops at the first hit, so its
 * cost is bounded by the limits, not by the input.
 */
export function checkJsonLimits(value: unknown, limits: Partial<JsonLimits> = {}): JsonLimitHit | undefined {
  const max: JsonLimits = { ...DEFAULT_JSON_LIMITS, ...limits };
  // The containers open above the current value, their keys (objects) and the next index in each.
  const containers: unknown[] = [];
  const keyLists: Array<string[] | null> = [];
  const next: number[] = [];
  const hit = (limit: keyof JsonLimits): JsonLimitHit => {
    let path = "";
    for (let j = 0; j < containers.length; j++) {
      const keys = keyLists[j];
      path += `/${escapeToken(keys ? keys[next[j]! - 1]! : next[j]! - 1)}`;
    }
    return {
      limit,
      max: max[limit],
      path,
      message: `${WHAT[limit](max[limit])}; to accept it, raise the ${limit} limit (limits: { ${limit}: … })`,
    };
  };
  let nodes = 0;
  let current = value;
  for (;;) {
    if (++nodes > max.maxNodes) return hit("maxNodes");
    if (typeof current === "string") {
      if (current.length > max.maxStringLength) return hit("maxStringLength");
    } else if (current !== null && typeof current === "object") {
      if (containers.length + 1 > max.maxDepth) return hit("maxDepth");
      if (Array.isArray(current)) {
        if (current.length > max.maxArrayLength) return hit("maxArrayLength");
        keyLists.push(null);
      } else {
        const keys = Object.keys(current);
        if (keys.length > max.maxObjectKeys) return hit("maxObjectKeys");
        keyLists.push(keys);
      }
      containers.push(current);
      next.push(0);
    }
    // On to the next value in document order: the next child of the innermost open container.
    let found = false;
    while (containers.length > 0) {
      const top = containers.length - 1;
      const keys = keyLists[top];
      const i = next[top]!;
      if (keys) {
        if (i < keys.length) {
          const key = keys[i]!;
          next[top] = i + 1;
          if (key.length > max.maxStringLength) return hit("maxStringLength");
          current = (containers[top] as Record<string, unknown>)[key];
          found = true;
          break;
        }
      } else if (i < (containers[top] as unknown[]).length) {
        next[top] = i + 1;
        current = (containers[top] as unknown[])[i];
        found = true;
        break;
      }
      containers.pop();
      keyLists.pop();
      next.pop();
    }
    if (!found) return undefined;
  }
}
