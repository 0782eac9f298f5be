/**
 * `@mrtr/schema/http`: the rules of the Streamable HTTP binding that both
 * sides apply to header values (the Base64 sentinel) and to custom headers
 * from tool parameters (`x-mcp-header`), the trace format's types and the
 * body handling its two hooks share. No dependencies.
 */
export { BASE64_SENTINEL, decodeHeaderValue, encodeHeaderValue } from "./header-value.js";
export { headerMatches, MCP_PARAM_HEADER_PREFIX, paramHeaders, paramHeaderValues, valueAt, X_MCP_HEADER } from "./param-headers.js";
export type { ParamHeader, ParamHeaders } from "./param-headers.js";
export type { TraceDirection, TraceRecord, TraceSink } from "./trace-record.js";
export { observeTraceBody, readBounded, TRACE_MAX_BODY_BYTES, TRACE_REDACTED_HEADERS, traceHeaders, traceMessage } from "./trace-body.js";
export type { TracePart } from "./trace-body.js";
