/** Deep merge of client-capability objects, to report every missing capability at once. */
import type { ClientCapabilities } from "@mrtr/schema";

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prev = out[key];
    out[key] =
      prev && typeof prev === "object" && value && typeof value === "object"
        ? merge(prev as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** `a` and `b` together; undefined when both are. */
export function mergeCapabilities(a: ClientCapabilities | undefined, b: ClientCapabilities | undefined): ClientCapabilities | undefined {
  if (!a) return b;
  if (!b) return a;
  return merge(a as Record<string, unknown>, b as Record<string, unknown>) as ClientCapabilities;
}
