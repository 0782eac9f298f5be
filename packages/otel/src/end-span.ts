/**
 * How every span of this package ends, one rule for all: the outcome's
 * attributes (`error.type`, `rpc.response.status_code`, `mrtr.result_type`),
 * status ERROR with the error's message when there is an `error.type` (as
 * the MCP conventions ask), then the duration recorded with the
 * low-cardinality attributes only.
 */
import { SpanStatusCode, type Attributes, type Histogram, type Span } from "@opentelemetry/api";
import { metricAttributes, outcomeAttributes, type Outcome } from "./attributes.js";

/** Ends `span` with `outcome`; with `duration`, records the time since `startedMs` (a `performance.now()`) under `attributes`. */
export function endSpan(span: Span, outcome: Outcome, duration?: { histogram: Histogram; startedMs: number; attributes: Attributes }): void {
  const more = outcomeAttributes(outcome);
  span.setAttributes(more);
  if (outcome.resultType) span.setAttribute("mrtr.result_type", outcome.resultType);
  if (outcome.errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, ...(outcome.message !== undefined && { message: outcome.message }) });
  span.end();
  if (duration) duration.histogram.record((performance.now() - duration.startedMs) / 1000, metricAttributes({ ...duration.attributes, ...more }));
}
