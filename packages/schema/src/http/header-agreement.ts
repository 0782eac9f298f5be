/**
 * Whether a POST's headers agree with its body (streamable-http.mdx,
 * "Protocol Version Header", "Standard Request Headers", "Custom Headers
 * from Tool Parameters", "Server Validation"), as pure functions over a
 * header lookup: the server's HTTP binding refuses a message on the first
 * problem, `mrtr lint-trace` reports every one, and both judge by these.
 *
 * The standard headers, in the order the draft implies:
 * 1. `MCP-Protocol-Version` is required on every POST (a server for this
 *    revision serves no client older than 2025-06-18, which may omit it);
 * 2. a version named only by the header (the body has no `_meta` version)
 *    must be one the server speaks (else -32022); one that differs from
 *    `_meta`'s is a mismatch;
 * 3. `Mcp-Method` is required on every message with a method and equals it;
 *    `Mcp-Name` is required on tools/call, prompts/get and resources/read and
 *    equals the name or URI after decoding the Base64 sentinel (and on an
 *    extension's methods that the caller names, such as the Tasks
 *    extension's `tasks/get` with `taskId`, their field);
 * Then, on a tools/call, each `x-mcp-header` parameter of the tool with a
 * value (not absent, not null) has its `Mcp-Param-{Name}` header, equal to
 * the value after decoding, and no header is sent for one without.
 * Every problem is -32020 (HeaderMismatch), but for the unsupported version.
 */
import { HEADER_MISMATCH, MCP_NAME_HEADER_PARAMS, UNSUPPORTED_PROTOCOL_VERSION } from "../constants.gen.js";
import { decodeHeaderValue } from "./header-value.js";
import { headerMatches, MCP_PARAM_HEADER_PREFIX, valueAt, type ParamHeader } from "./param-headers.js";
import { isObject } from "./is-object.js";

/** A header's value by its name (any case), or undefined when it was not sent. */
export type HeaderLookup = (name: string) => string | undefined;

/** One way the headers disagree with the body. */
export interface HeaderProblem {
  /** Which rule: the version, the method, the name, or a tool parameter's header. */
  rule: "protocol-version" | "method" | "name" | "param";
  /** The header concerned, lower-cased ("mcp-param-region"). */
  header: string;
  /** The JSON-RPC error code to answer with: -32020, or -32022 for a version only the header names that is not served. */
  code: number;
  /** What is wrong, in words, for the error's message. */
  message: string;
  /** For a parameter: the path of the argument in `arguments`. */
  path?: readonly string[];
  /** For -32022: the version the header asked for. */
  requested?: string;
}

const NAMED: Readonly<Record<string, "name" | "uri">> = MCP_NAME_HEADER_PARAMS;

/**
 * Every way the standard headers of `message` disagree with it, in the order
 * above; empty when they agree. `supported` lists the versions a server
 * speaks; without it the unsupported-version rule is not checked.
 * `extensionNamed` adds methods whose `Mcp-Name` carries a params field.
 */
export function standardHeaderProblems(
  message: Record<string, unknown>,
  header: HeaderLookup,
  supported?: readonly string[],
  extensionNamed: Readonly<Record<string, string>> = {},
): HeaderProblem[] {
  const problems: HeaderProblem[] = [];
  const mismatch = (rule: HeaderProblem["rule"], name: string, text: string) => problems.push({ rule, header: name, code: HEADER_MISMATCH, message: text });
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const version = meta["io.modelcontextprotocol/protocolVersion"];
  const headerVersion = header("mcp-protocol-version");
  const serves = supported ? ` (this server supports ${supported.join(", ")})` : "";
  if (headerVersion === undefined) {
    mismatch("protocol-version", "mcp-protocol-version", `The MCP-Protocol-Version header is required on every request; send the version of _meta${serves}`);
  } else if (version === undefined) {
    if (supported && !supported.includes(headerVersion)) {
      problems.push({
        rule: "protocol-version",
        header: "mcp-protocol-version",
        code: UNSUPPORTED_PROTOCOL_VERSION,
        message: `Unsupported protocol version ${JSON.stringify(headerVersion)}; this server supports ${supported.join(", ")}`,
        requested: headerVersion,
      });
    }
  } else if (headerVersion !== version) {
    mismatch("protocol-version", "mcp-protocol-version", `MCP-Protocol-Version header ${JSON.stringify(headerVersion)} does not match _meta protocolVersion ${JSON.stringify(version)}`);
  }
  const method = message.method;
  if (typeof method !== "string") return problems;
  const headerMethod = header("mcp-method");
  if (headerMethod === undefined) mismatch("method", "mcp-method", "The Mcp-Method header is required");
  else if (headerMethod !== method) mismatch("method", "mcp-method", `Mcp-Method header ${JSON.stringify(headerMethod)} does not match method ${JSON.stringify(method)}`);
  const field = Object.prototype.hasOwnProperty.call(NAMED, method) ? NAMED[method] : Object.prototype.hasOwnProperty.call(extensionNamed, method) ? extensionNamed[method] : undefined;
  const name = field ? params[field] : undefined;
  if (typeof name === "string") {
    const raw = header("mcp-name");
    const decoded = raw === undefined ? undefined : decodeHeaderValue(raw);
    if (raw === undefined) mismatch("name", "mcp-name", `The Mcp-Name header is required on ${method}`);
    else if (decoded === undefined) mismatch("name", "mcp-name", "The Mcp-Name header holds invalid characters or invalid Base64");
    else if (decoded !== name) {
      const plain = raw === name ? " (this value must travel in the =?base64?…?= form)" : "";
      mismatch("name", "mcp-name", `Mcp-Name header ${JSON.stringify(decoded)} does not match ${field} ${JSON.stringify(name)}${plain}`);
    }
  }
  return problems;
}

/** Every `x-mcp-header` parameter whose `Mcp-Param-{Name}` header disagrees with the call's `args`; empty when all agree. */
export function paramHeaderProblems(params: readonly ParamHeader[], header: HeaderLookup, args: unknown): HeaderProblem[] {
  const problems: HeaderProblem[] = [];
  for (const param of params) {
    const headerName = `${MCP_PARAM_HEADER_PREFIX}${param.name}`;
    const problem = (text: string) => problems.push({ rule: "param", header: headerName.toLowerCase(), code: HEADER_MISMATCH, message: text, path: param.path });
    const raw = header(headerName);
    const value = valueAt(args, param.path);
    const present = value !== undefined && value !== null;
    const where = param.path.join(".");
    if (raw === undefined) {
      if (present) problem(`The ${headerName} header is required: argument ${where} has a value`);
      continue;
    }
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) problem(`The ${headerName} header holds invalid characters or invalid Base64`);
    else if (!present) problem(`The ${headerName} header is sent, but argument ${where} has ${value === null ? "the value null" : "no value"}: the header is omitted then`);
    else if (!headerMatches(decoded, value, param.type)) problem(`Header mismatch: ${headerName} does not match argument ${where}`);
  }
  return problems;
}
