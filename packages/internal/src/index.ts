/**
 * @mrtr/internal: what the @mrtr packages share and users do not need. No
 * semver: for @mrtr packages only (see README).
 */
export { readWithin } from "./bounded-read.js";
export type { BodyRead, ReadFailure, ReadLimits } from "./bounded-read.js";
export { concat } from "./bytes.js";
export { mergeCapabilities } from "./capabilities.js";
export { definedOnly } from "./defined-only.js";
export { defaultShare, FairShare, isShareRefusal, refusalData, shareLimitsProblem } from "./fair-share.js";
export type { Evictable, Hold, ShareLimits, ShareRefusal } from "./fair-share.js";
export { FORM_FORMATS, isFormFormat, readFormField } from "./form-field.js";
export type { FieldReading, FormField, FormFormat, FormOption } from "./form-field.js";
export { escapeToken, jsonPointer, parsePointer } from "./json-pointer.js";
export { startClock } from "./exchange-clock.js";
export type { ClockLimits, ExchangeClock } from "./exchange-clock.js";
export { idOfTruncated, LineSplitter } from "./line-splitter.js";
export type { LineFrame } from "./line-splitter.js";
export { lifeStarted } from "./life-observers.js";
export { runOnion } from "./onion.js";
export { isRecord } from "./record.js";
export { SSE_DEFAULTS, SseStream } from "./sse-stream.js";
export type { SseOptions } from "./sse-stream.js";
export { observeTraceBody, readBounded, TRACE_MAX_BODY_BYTES, TRACE_REDACTED_HEADERS, traceHeaders, traceMessage } from "./trace-body.js";
export type { TracePart } from "./trace-body.js";
export { sleep } from "./sleep.js";
export { utf8Length } from "./utf8.js";
