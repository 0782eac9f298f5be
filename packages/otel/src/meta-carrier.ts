/**
 * Trace context in `params._meta` (SEP-414; the OpenTelemetry MCP
 * conventions): `traceparent`, `tracestate` and `baggage`, unprefixed. What a
 * peer sends there is read through a bounded getter: only strings, each at
 * most `MAX_META_VALUE_LENGTH` characters, so a malformed, huge or repeated
 * value changes nothing but the trace (the propagator then finds no parent)
 * and never fails the request.
 */
import type { TextMapGetter, TextMapSetter } from "@opentelemetry/api";

/** The `_meta` keys trace context travels under. */
export const TRACE_META_KEYS = ["traceparent", "tracestate", "baggage"] as const;

/** Longest `_meta` trace value read (W3C Baggage allows 8 192 bytes; traceparent is 55 characters). */
export const MAX_META_VALUE_LENGTH = 8192;

type Meta = Record<string, unknown>;

/** Reads trace context from a peer's `_meta`, within the bounds above. */
export const metaGetter: TextMapGetter<Meta | undefined> = {
  keys: (meta) => (meta ? TRACE_META_KEYS.filter((key) => typeof meta[key] === "string") : []),
  get(meta, key) {
    const value = meta?.[key];
    return typeof value === "string" && value.length <= MAX_META_VALUE_LENGTH ? value : undefined;
  },
};

/** Writes trace context into the `_meta` the client sends. */
export const metaSetter: TextMapSetter<Meta> = {
  set(meta, key, value) {
    meta[key] = value;
  },
};
