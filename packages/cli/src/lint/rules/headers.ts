/**
 * Header/body agreement on Streamable HTTP (basic/transports/streamable-http.mdx):
 * MCP-Protocol-Version on every POST and equal to `_meta`'s protocolVersion;
 * Mcp-Method on every request, equal to the method; Mcp-Name on tools/call,
 * prompts/get and resources/read, equal to the name or URI after Base64
 * decoding; Mcp-Param-{Name} for each x-mcp-header argument of the tool (as
 * the server listed it earlier in the trace), omitted when the value is
 * absent or null. Checked on client-to-server records that carry headers.
 */
import { MCP_NAME_HEADER_PARAMS } from "@mrtr/schema";
import { valueAt } from "@mrtr/schema/http";
import type { Violation } from "./catalogue.js";
import { decodeHeaderValue } from "../header-value.js";
import { isObject, objectOr, type HeaderParam, type TraceState } from "../state.js";

const H = "/headers";
const NAMED: Readonly<Record<string, string>> = MCP_NAME_HEADER_PARAMS;

export function checkHeaders(message: Record<string, unknown>, headers: Record<string, string>, state: TraceState): Violation[] {
  const out: Violation[] = [];
  const method = typeof message.method === "string" ? message.method : undefined;
  const isRequest = method !== undefined && "id" in message;
  const params = objectOr(message.params);

  const version = objectOr(params._meta)["io.modelcontextprotocol/protocolVersion"];
  const headerVersion = headers["mcp-protocol-version"];
  if (headerVersion === undefined) {
    out.push({ rule: "header-protocol-version", pointer: H, message: "MCP-Protocol-Version header missing: every POST carries it" });
  } else if (typeof version === "string" && headerVersion !== version) {
    out.push({ rule: "header-protocol-version", pointer: `${H}/mcp-protocol-version`, message: `MCP-Protocol-Version ${JSON.stringify(headerVersion)} differs from _meta protocolVersion ${JSON.stringify(version)}`, cite: "basic/transports/streamable-http.mdx:257" });
  }

  if (method === undefined) return out;
  const headerMethod = headers["mcp-method"];
  if (headerMethod === undefined) {
    if (isRequest) out.push({ rule: "header-method", pointer: H, message: `Mcp-Method header missing on a ${method} request` });
  } else if (headerMethod !== method) {
    out.push({ rule: "header-method", pointer: `${H}/mcp-method`, message: `Mcp-Method ${JSON.stringify(headerMethod)} differs from method ${JSON.stringify(method)}` });
  }

  const field = NAMED[method];
  const name = field ? params[field] : undefined;
  if (isRequest && typeof name === "string") {
    const header = headers["mcp-name"];
    if (header === undefined) out.push({ rule: "header-name", pointer: H, message: `Mcp-Name header missing on ${method}` });
    else {
      const decoded = decodeHeaderValue(header);
      if (decoded === undefined) out.push({ rule: "header-name", pointer: `${H}/mcp-name`, message: "Mcp-Name is a malformed =?base64?…?= value", cite: "basic/transports/streamable-http.mdx:498" });
      else if (decoded !== name) out.push({ rule: "header-name", pointer: `${H}/mcp-name`, message: `Mcp-Name ${JSON.stringify(header)} does not carry ${field} ${JSON.stringify(name)}${header === name ? " (this value must travel Base64-encoded)" : ""}`, cite: "basic/transports/streamable-http.mdx:295" });
    }
  }

  if (isRequest && method === "tools/call" && typeof params.name === "string") {
    const declared = state.toolHeaders.get(params.name);
    if (declared) out.push(...checkParams(declared, objectOr(params.arguments), headers));
  }
  return out;
}

function checkParams(declared: HeaderParam[], args: Record<string, unknown>, headers: Record<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const param of declared) {
    const headerName = `mcp-param-${param.name.toLowerCase()}`;
    const header = headers[headerName];
    const value = valueAt(args, param.path);
    const at = `/message/params/arguments/${param.path.map((k) => k.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
    if (value === undefined || value === null) {
      if (header !== undefined) out.push({ rule: "header-param", pointer: `${H}/${headerName}`, message: `Mcp-Param-${param.name} sent, but the argument is ${value === null ? "null" : "absent"}: the header is omitted then`, cite: "basic/transports/streamable-http.mdx:564" });
      continue;
    }
    if (header === undefined) {
      out.push({ rule: "header-param", pointer: at, message: `Mcp-Param-${param.name} header missing for the argument the tool marks x-mcp-header` });
      continue;
    }
    const decoded = decodeHeaderValue(header);
    const agrees =
      decoded !== undefined &&
      (typeof value === "string" ? decoded === value : typeof value === "boolean" ? decoded === String(value) : typeof value === "number" ? decoded.trim() !== "" && Number(decoded) === value : false);
    if (!agrees) out.push({ rule: "header-param", pointer: `${H}/${headerName}`, message: `Mcp-Param-${param.name} ${JSON.stringify(header)} does not carry the argument ${JSON.stringify(value)}` });
  }
  return out;
}

/** The x-mcp-header parameters of a tool's inputSchema: reachable through `properties` only. */
export function headerParams(inputSchema: unknown): HeaderParam[] {
  const out: HeaderParam[] = [];
  const walk = (schema: unknown, path: string[], depth: number) => {
    if (!isObject(schema) || depth > 32) return;
    const mark = schema["x-mcp-header"];
    if (typeof mark === "string" && path.length > 0) out.push({ name: mark, path });
    if (isObject(schema.properties)) for (const [key, child] of Object.entries(schema.properties)) walk(child, [...path, key], depth + 1);
  };
  walk(inputSchema, [], 0);
  return out;
}

/** Remembers the header parameters of each tool in a tools/list result. */
export function learnTools(result: Record<string, unknown>, state: TraceState): void {
  if (!Array.isArray(result.tools)) return;
  for (const tool of result.tools) {
    if (isObject(tool) && typeof tool.name === "string") state.toolHeaders.set(tool.name, headerParams(tool.inputSchema));
  }
}
