/**
 * Finished spans as text: each trace an indented tree (children under their
 * parent, in the order they started), one line per span, then a line with
 * the number of traces. A line reads
 * `{name} [{kind}] @{service}[/{instance}][ round {n}][ → {result type}] {ms} ms`,
 * the participant taken from the span's resource and the round and result
 * type from `@mrtr/otel`'s attributes (`mrtr.flow.round`, `mrtr.result_type`).
 */
import { SpanKind } from "@opentelemetry/api";
import { hrTimeToMilliseconds } from "@opentelemetry/core";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";

/** The text of `spans`: every trace among them as a tree, and `traces: {count}` last. */
export function printTrace(spans: readonly ReadableSpan[]): string {
  const traces = byTrace(spans);
  const lines = [...traces].flatMap(([traceId, members]) => [`trace ${traceId} (${members.length} span${members.length === 1 ? "" : "s"})`, ...treeLines(members)]);
  return [...lines, `traces: ${traces.size}`].join("\n");
}

/** The spans of each trace, traces in the order their first span started. */
function byTrace(spans: readonly ReadableSpan[]): Map<string, ReadableSpan[]> {
  const traces = new Map<string, ReadableSpan[]>();
  for (const span of [...spans].sort(byStart)) {
    const id = span.spanContext().traceId;
    traces.set(id, [...(traces.get(id) ?? []), span]);
  }
  return traces;
}

/** One trace's lines, depth first; a span whose parent is not among them (a remote caller's) is a root. */
function treeLines(members: readonly ReadableSpan[]): string[] {
  const ids = new Set(members.map((s) => s.spanContext().spanId));
  const children = new Map<string | undefined, ReadableSpan[]>();
  for (const span of members) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent !== undefined && ids.has(parent) ? parent : undefined;
    children.set(key, [...(children.get(key) ?? []), span]);
  }
  const walk = (parent: string | undefined, depth: number): string[] =>
    (children.get(parent) ?? []).flatMap((span) => [spanLine(span, depth), ...walk(span.spanContext().spanId, depth + 1)]);
  return walk(undefined, 1);
}

/** One span's line, indented two spaces a level. */
export function spanLine(span: ReadableSpan, depth: number): string {
  const round = span.attributes["mrtr.flow.round"];
  const resultType = span.attributes["mrtr.result_type"];
  return [
    `${"  ".repeat(depth)}${span.name} [${SpanKind[span.kind].toLowerCase()}] @${participantOf(span)}`,
    round === undefined ? "" : ` round ${String(round)}`,
    resultType === undefined ? "" : ` → ${String(resultType)}`,
    ` ${hrTimeToMilliseconds(span.duration).toFixed(1)} ms`,
  ].join("");
}

/** `service.name`, and `/service.instance.id` when the resource has one. */
function participantOf(span: ReadableSpan): string {
  const { "service.name": service, "service.instance.id": instance } = span.resource.attributes;
  return instance === undefined ? String(service) : `${String(service)}/${String(instance)}`;
}

/** Earlier start first (HrTime: seconds, then nanoseconds). */
function byStart(a: ReadableSpan, b: ReadableSpan): number {
  return a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1];
}
