/**
 * The span name and attributes of one MCP request, as the OpenTelemetry
 * semantic conventions for MCP name them (`mcp.method.name`,
 * `gen_ai.tool.name`, …), shared by the server and the client side; and the
 * outcome of an answer (`error.type`, `rpc.response.status_code`).
 */
import type { Attributes } from "@opentelemetry/api";

/** What both sides know of a request. */
export interface RequestFacts {
  readonly method: string;
  readonly id: string | number | null | undefined;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  readonly protocolVersion: string | undefined;
  /** `"http"`, `"stdio"`, … as the binding names itself. */
  readonly transport: string | undefined;
  readonly flow: { readonly id: string; readonly round: number } | undefined;
  /** The session of an initialize-based revision the request belongs to (`mcp.session.id`). */
  readonly session?: string | undefined;
}

/** `{mcp.method.name} {target}`: the tool or prompt name as target; never a resource URI (high cardinality). */
export function spanName(method: string, params: Readonly<Record<string, unknown>> | undefined): string {
  const name = method === "tools/call" || method === "prompts/get" ? params?.name : undefined;
  return typeof name === "string" ? `${method} ${name}` : method;
}

/** The conventions' attributes of a request, plus this package's flow and round (`mrtr.flow.id`, `mrtr.flow.round`). */
export function requestAttributes(facts: RequestFacts): Attributes {
  const { method, params } = facts;
  const attributes: Attributes = { "mcp.method.name": method };
  if (facts.id !== null && facts.id !== undefined) attributes["jsonrpc.request.id"] = String(facts.id);
  if (facts.protocolVersion) attributes["mcp.protocol.version"] = facts.protocolVersion;
  if (facts.session !== undefined) attributes["mcp.session.id"] = facts.session;
  const transport = networkTransport(facts.transport);
  if (transport) attributes["network.transport"] = transport;
  if (facts.transport === "http") attributes["network.protocol.name"] = "http";
  const name = params?.name;
  if (method === "tools/call" && typeof name === "string") {
    attributes["gen_ai.tool.name"] = name;
    attributes["gen_ai.operation.name"] = "execute_tool";
  }
  if (method === "prompts/get" && typeof name === "string") attributes["gen_ai.prompt.name"] = name;
  if (typeof params?.uri === "string" && method.startsWith("resources/")) attributes["mcp.resource.uri"] = params.uri;
  if (facts.flow) {
    attributes["mrtr.flow.id"] = facts.flow.id;
    attributes["mrtr.flow.round"] = facts.flow.round;
  }
  return attributes;
}

/** The attributes of a session (for `mcp.*.session.duration`): its version and how it is carried. */
export function sessionAttributes(protocolVersion: string, transport: string | undefined): Attributes {
  const attributes: Attributes = { "mcp.protocol.version": protocolVersion };
  const network = networkTransport(transport);
  if (network) attributes["network.transport"] = network;
  if (transport === "http") attributes["network.protocol.name"] = "http";
  return attributes;
}

/** `tcp` for HTTP, `pipe` for stdio (the conventions' values); undefined otherwise. */
function networkTransport(transport: string | undefined): string | undefined {
  return transport === "http" ? "tcp" : transport === "stdio" ? "pipe" : undefined;
}

/** What an answer came to, for `error.type` and the span's status. */
export interface Outcome {
  /** `error.type`: the JSON-RPC error code as a string, `tool_error` for a tool result with `isError`, or the thrown error's name. */
  readonly errorType?: string;
  /** The JSON-RPC error code, for `rpc.response.status_code`. */
  readonly code?: number;
  /** The error's message, for the span's status. */
  readonly message?: string;
  /** The result's `resultType` (`complete`, `input_required`, …). */
  readonly resultType?: string;
}

/** The outcome of a result. */
export function resultOutcome(result: Readonly<Record<string, unknown>>): Outcome {
  const resultType = typeof result.resultType === "string" ? result.resultType : "complete";
  return result.isError === true ? { errorType: "tool_error", resultType } : { resultType };
}

/** The outcome of a JSON-RPC error, or of anything thrown. */
export function errorOutcome(error: unknown): Outcome {
  const e = error as { code?: unknown; message?: unknown; name?: unknown } | null | undefined;
  if (typeof e?.code === "number") return { errorType: String(e.code), code: e.code, ...(typeof e.message === "string" && { message: e.message }) };
  return { errorType: typeof e?.name === "string" ? e.name : "Error", ...(typeof e?.message === "string" && { message: e.message }) };
}

/** The attributes an outcome adds to the span and the duration metric. */
export function outcomeAttributes(outcome: Outcome): Attributes {
  return {
    ...(outcome.errorType !== undefined && { "error.type": outcome.errorType }),
    ...(outcome.code !== undefined && { "rpc.response.status_code": String(outcome.code) }),
  };
}

/** The attributes of the duration metrics: the low-cardinality part of a request's. */
export function metricAttributes(all: Attributes): Attributes {
  const out: Attributes = {};
  for (const key of ["mcp.method.name", "mcp.protocol.version", "network.transport", "network.protocol.name", "gen_ai.tool.name", "gen_ai.prompt.name", "gen_ai.operation.name", "error.type", "rpc.response.status_code"]) {
    if (all[key] !== undefined) out[key] = all[key];
  }
  return out;
}
