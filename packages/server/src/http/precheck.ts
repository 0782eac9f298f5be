/**
 * What the HTTP binding checks before the core serves a message: that the
 * POST's headers agree with its body (the standard headers, then on
 * `tools/call` the `Mcp-Param-*` headers of the tool's annotated
 * parameters), by `@mrtr/schema/http`'s rules, which `mrtr lint-trace`
 * applies too. The first problem is the answer. Header rules live here
 * only; other transports carry no headers and have no such check.
 */
import { isRecord } from "@mrtr/internal";
import { UNSUPPORTED_PROTOCOL_VERSION } from "@mrtr/schema";
import { paramHeaderProblems, standardHeaderProblems, type HeaderLookup } from "@mrtr/schema/http";
import type { PrecheckFacts } from "../exchange.js";
import type { IncomingHttp } from "./incoming.js";
import { McpHeaderMismatchError, UnsupportedVersionError, type McpError } from "../errors.js";

/** The precheck of one HTTP request's message. */
export function httpPrecheck(request: Pick<IncomingHttp, "header">): (message: Record<string, unknown>, facts: PrecheckFacts) => McpError | undefined {
  const header: HeaderLookup = (name) => request.header(name) ?? undefined;
  return (message, facts) => {
    let [problem] = standardHeaderProblems(message, header, facts.supportedVersions, facts.namedParams);
    if (!problem && message.method === "tools/call") {
      const params = isRecord(message.params) ? message.params : {};
      const annotated = typeof params.name === "string" ? facts.toolParamHeaders(params.name) : [];
      if (annotated.length > 0) [problem] = paramHeaderProblems(annotated, header, params.arguments ?? {});
    }
    if (!problem) return undefined;
    return problem.code === UNSUPPORTED_PROTOCOL_VERSION ? new UnsupportedVersionError(problem.requested ?? "", facts.supportedVersions) : new McpHeaderMismatchError(problem.message);
  };
}
