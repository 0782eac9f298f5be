/**
 * Limits on what the CLI reads, each with a default and an option, so a
 * hostile or broken input cannot exhaust memory or the stack.
 */
import { checkJsonLimits } from "@mrtr/zod";

/** Defaults of every limit. */
export const DEFAULT_LIMITS = {
  /** Largest JSONL line (message or trace record), in bytes. */
  maxLineBytes: 16 * 1024 * 1024,
  /** Largest `.json` file, in bytes. */
  maxFileBytes: 64 * 1024 * 1024,
  /** Deepest nesting of arrays and objects in one message. */
  maxDepth: 100,
  /** Requests remembered per file to match responses (oldest forgotten first). */
  maxTracked: 100_000,
} as const;

export type Limits = { -readonly [K in keyof typeof DEFAULT_LIMITS]: number };

const UNBOUNDED = { maxNodes: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity, maxObjectKeys: Infinity };

/** Whether `value` nests arrays/objects deeper than `max` (@mrtr/zod's iterative walk: deep input cannot overflow the stack). */
export function deeperThan(value: unknown, max: number): boolean {
  return checkJsonLimits(value, { maxDepth: max, ...UNBOUNDED }) !== undefined;
}

/** A map that forgets its oldest entries beyond `max` (insertion order). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    if (this.size > this.max) this.delete(this.keys().next().value as K);
    return this;
  }
}
