/**
 * `@mrtr/schema/http`: the rules of the Streamable HTTP binding that both
 * sides apply to header values (the Base64 sentinel), to custom headers
 * from tool parameters (`x-mcp-header`), and to whether a POST's headers
 * agree with its body; and the trace format's types. No dependencies.
 *
 * @module
 */
export { paramHeaderProblems, standardHeaderProblems } from "./header-agreement.js";
export type { HeaderLookup, HeaderProblem } from "./header-agreement.js";
export { BASE64_SENTINEL, decodeHeaderValue, encodeHeaderValue } from "./header-value.js";
export { headerMatches, MCP_PARAM_HEADER_PREFIX, paramHeaders, paramHeaderValues, valueAt, X_MCP_HEADER } from "./param-headers.js";
export type { ParamHeader, ParamHeaders } from "./param-headers.js";
export type { TraceDirection, TraceRecord, TraceSink } from "./trace-record.js";
