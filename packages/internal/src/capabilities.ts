/**
 * Merging capability objects (ClientCapabilities, ServerCapabilities): each
 * key of either, objects merged key by key, a non-object value of the second
 * winning. Used to declare what several input kinds together offer, and to
 * report every missing capability at once.
 */
import { isRecord } from "./record.js";

/** `a` and `b` together, as a new object; neither is changed. Undefined when both are. */
export function mergeCapabilities<T extends object>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return merge(a as Record<string, unknown>, b as Record<string, unknown>) as T;
}

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prev = out[key];
    out[key] = isRecord(prev) && isRecord(value) ? merge(prev, value) : value;
  }
  return out;
}
