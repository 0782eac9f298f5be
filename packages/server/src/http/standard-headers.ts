/**
 * The standard request headers a server that reads the body must check
 * (streamable-http.mdx, "Protocol Version Header", "Standard Request Headers",
 * "Server Validation"), in this order, after the core has answered a legacy
 * `initialize` (versions.ts: that rule holds on every transport):
 *
 * 1. `MCP-Protocol-Version` is required on every POST: this server serves no
 *    client older than 2025-06-18, which may omit it (-32020).
 * 2. A version named only by the header (no `_meta`) that is not served is
 *    `UnsupportedProtocolVersionError`; one that differs from `_meta`'s is -32020.
 * 3. `Mcp-Method` is required and equals the method; `Mcp-Name` is required on
 *    tools/call, prompts/get and resources/read and equals the name or URI
 *    after decoding the Base64 sentinel (-32020, also for invalid characters).
 */
import { MCP_NAME_HEADER_PARAMS } from "@mrtr/schema";
import { decodeHeaderValue } from "@mrtr/schema/http";
import { HeaderMismatchError, UnsupportedVersionError, type McpError } from "../errors.js";

const NAMED: Readonly<Record<string, "name" | "uri">> = MCP_NAME_HEADER_PARAMS;

/** The first rule the request's headers break, as the error to answer with; undefined when they agree with the body. */
export function checkStandardHeaders(request: Request, message: Record<string, any>, supported: readonly string[]): McpError | undefined {
  const params = message.params && typeof message.params === "object" ? message.params : {};
  const headerVersion = request.headers.get("mcp-protocol-version");
  const version = params._meta?.["io.modelcontextprotocol/protocolVersion"];
  if (headerVersion === null) {
    return new HeaderMismatchError(`The MCP-Protocol-Version header is required on every request; send the version of _meta (this server supports ${supported.join(", ")})`);
  }
  if (version === undefined && !supported.includes(headerVersion)) return new UnsupportedVersionError(headerVersion, supported);
  if (version !== undefined && headerVersion !== version) {
    return new HeaderMismatchError(`MCP-Protocol-Version header ${JSON.stringify(headerVersion)} does not match _meta protocolVersion ${JSON.stringify(version)}`);
  }
  const headerMethod = request.headers.get("mcp-method");
  if (headerMethod === null) return new HeaderMismatchError("The Mcp-Method header is required");
  if (headerMethod !== message.method) {
    return new HeaderMismatchError(`Mcp-Method header ${JSON.stringify(headerMethod)} does not match method ${JSON.stringify(message.method)}`);
  }
  const field = NAMED[message.method as string];
  const name = field ? params[field] : undefined;
  if (typeof name === "string") {
    const raw = request.headers.get("mcp-name");
    if (raw === null) return new HeaderMismatchError(`The Mcp-Name header is required on ${message.method as string}`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) return new HeaderMismatchError("The Mcp-Name header holds invalid characters or invalid Base64");
    if (decoded !== name) return new HeaderMismatchError(`Mcp-Name header ${JSON.stringify(decoded)} does not match ${field} ${JSON.stringify(name)}`);
  }
  return undefined;
}
