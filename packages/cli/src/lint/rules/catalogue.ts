/**
 * Every lint-trace rule: its id, severity, the specification page it comes
 * from (a path under the draft's specification folder, with the line), and
 * what it checks. `mrtr lint-trace --list-rules` prints this table.
 */
import type { Severity } from "../../report/finding.js";

/** One rule of `mrtr lint-trace`. */
export interface RuleInfo {
  /** Whether breaking it is an error (exit 1) or a warning. */
  severity: Severity;
  /** The specification page it comes from, with the line (`basic/transports/streamable-http.mdx:290`). */
  cite: string;
  /** The rule in one sentence. */
  summary: string;
}

/** Every lint-trace rule by id: its severity, the page it cites and what it checks. */
export const RULES = {
  "trace-record": { severity: "error", cite: "docs/trace-format.md", summary: "Each line is a trace record: direction, message (or omitted), optional headers, status, time." },
  "message-schema": { severity: "error", cite: "schema.mdx", summary: "Each message is valid by the generated validators (full protocol)." },
  "deprecated-feature": { severity: "warning", cite: "deprecated.mdx:24", summary: "Sampling, roots and logging are deprecated since 2026-07-28; earliest removal on or after 2027-07-28." },
  "server-request": { severity: "error", cite: "basic/patterns/mrtr.mdx:10", summary: "A server never sends a JSON-RPC request; it asks through an InputRequiredResult." },
  "request-id-in-flight": { severity: "error", cite: "basic/index.mdx:47", summary: "A client request id differs from every request still awaiting its response." },
  "retry-new-id": { severity: "error", cite: "basic/patterns/mrtr.mdx:256", summary: "A retry carries a new JSON-RPC id, not the id of the request it retries." },
  "request-state-echo": { severity: "error", cite: "basic/patterns/mrtr.mdx:254", summary: "A retry echoes the requestState it was given, byte for byte." },
  "request-state-unasked": { severity: "error", cite: "basic/patterns/mrtr.mdx:255", summary: "No requestState is sent unless the round being retried gave one (never one from another request)." },
  "input-responses-keys": { severity: "error", cite: "basic/patterns/mrtr.mdx:102", summary: "inputResponses keys are among the keys of the retried round's inputRequests." },
  "input-responses-complete": { severity: "warning", cite: "basic/patterns/mrtr.mdx:251", summary: "A retry answers every input request of the round it retries." },
  "input-required-method": { severity: "error", cite: "basic/patterns/mrtr.mdx:192", summary: "Only tools/call, prompts/get and resources/read are answered with input_required." },
  "input-request-capability": { severity: "error", cite: "basic/patterns/mrtr.mdx:246", summary: "Every input request needs a capability the client declared in that request (elicitation mode, sampling, sampling.tools, roots)." },
  "result-type": { severity: "error", cite: "basic/index.mdx:73", summary: "Every result carries resultType." },
  "header-protocol-version": { severity: "error", cite: "basic/transports/streamable-http.mdx:252", summary: "Every POST carries MCP-Protocol-Version, equal to the body's _meta protocolVersion." },
  "header-method": { severity: "error", cite: "basic/transports/streamable-http.mdx:290", summary: "Every request carries Mcp-Method equal to its method." },
  "header-name": { severity: "error", cite: "basic/transports/streamable-http.mdx:291", summary: "tools/call, prompts/get and resources/read carry Mcp-Name equal (after Base64 decoding) to the name or URI." },
  "header-param": { severity: "error", cite: "basic/transports/streamable-http.mdx:524", summary: "tools/call mirrors each x-mcp-header argument of the listed tool into Mcp-Param-{Name}, and omits it when the value is absent or null." },
} as const satisfies Record<string, RuleInfo>;

/** The id of a lint-trace rule (`header-method`, …). */
export type RuleId = keyof typeof RULES;

/** A rule broken: where in the message, and what happened. */
export interface Violation {
  rule: RuleId;
  /** JSON Pointer into the record ("/message/params/requestState", "/headers/mcp-name"). */
  pointer: string;
  message: string;
  /** A more precise page than the rule's, when the violation has one. */
  cite?: string;
}
