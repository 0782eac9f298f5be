/**
 * Header/body agreement on Streamable HTTP, by the very rules our server
 * applies (`standardHeaderProblems` and `paramHeaderProblems` of
 * @mrtr/schema/http, basic/transports/streamable-http.mdx): every problem
 * the server would refuse a POST for is a finding here, and nothing else.
 * Checked on client-to-server records that carry headers; the `x-mcp-header`
 * parameters of a tool come from the server's tools/list earlier in the
 * trace.
 */
import { escapeToken, isRecord } from "@mrtr/internal";
import { LATEST_PROTOCOL_VERSION } from "@mrtr/schema";
import { paramHeaderProblems, paramHeaders, standardHeaderProblems, type HeaderLookup, type HeaderProblem } from "@mrtr/schema/http";
import type { RuleId, Violation } from "./catalogue.js";
import { objectOr, type TraceState } from "../state.js";

const RULE: Record<HeaderProblem["rule"], RuleId> = {
  "protocol-version": "header-protocol-version",
  method: "header-method",
  name: "header-name",
  param: "header-param",
};

export function checkHeaders(message: Record<string, unknown>, headers: Record<string, string>, state: TraceState): Violation[] {
  const header: HeaderLookup = (name) => headers[name.toLowerCase()];
  // The revision these rules are of: a version only the header names must be it, as our server requires.
  const problems = standardHeaderProblems(message, header, [LATEST_PROTOCOL_VERSION]);
  const params = objectOr(message.params);
  if (message.method === "tools/call" && typeof params.name === "string") {
    const declared = state.toolHeaders.get(params.name);
    if (declared) problems.push(...paramHeaderProblems(declared, header, params.arguments ?? {}));
  }
  return problems.map((p) => ({ rule: RULE[p.rule], pointer: pointerOf(p, headers), message: p.message }));
}

/** Where a problem is: the header when it was sent; when it was not, the argument it should mirror (or the headers). */
function pointerOf(problem: HeaderProblem, headers: Record<string, string>): string {
  if (problem.header in headers) return `/headers/${escapeToken(problem.header)}`;
  return problem.path ? `/message/params/arguments${problem.path.map((k) => `/${escapeToken(k)}`).join("")}` : "/headers";
}

/** Remembers the header parameters of each tool in a tools/list result (none for a definition a client must leave out). */
export function learnTools(result: Record<string, unknown>, state: TraceState): void {
  if (!Array.isArray(result.tools)) return;
  for (const tool of result.tools) {
    if (!isRecord(tool) || typeof tool.name !== "string") continue;
    const read = paramHeaders(tool.inputSchema);
    state.toolHeaders.set(tool.name, read.ok ? read.headers : []);
  }
}
