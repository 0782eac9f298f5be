/**
 * What the HTTP binding checks before the core serves a message: the
 * standard headers (standard-headers.ts) and, on `tools/call`, the
 * `Mcp-Param-*` headers of the tool's annotated parameters
 * (param-headers.ts). Header rules live here only; other transports carry
 * no headers and have no such check.
 */
import type { PrecheckFacts } from "../exchange.js";
import type { McpError } from "../errors.js";
import { checkParamHeaders } from "./param-headers.js";
import { checkStandardHeaders } from "./standard-headers.js";
import { isRecord } from "../is-record.js";


/** The precheck of one HTTP request's message. */
export function httpPrecheck(request: Request): (message: Record<string, unknown>, facts: PrecheckFacts) => McpError | undefined {
  return (message, facts) => {
    const refused = checkStandardHeaders(request, message, facts.supportedVersions);
    if (refused || message.method !== "tools/call") return refused;
    const params = isRecord(message.params) ? message.params : {};
    if (typeof params.name !== "string") return undefined;
    const annotated = facts.toolParamHeaders(params.name);
    return annotated.length > 0 ? checkParamHeaders(annotated, request.headers, params.arguments ?? {}) : undefined;
  };
}
