/**
 * Server validation of custom headers from tool parameters
 * (streamable-http.mdx, "Server Behavior for Custom Headers"): on a tools/call
 * that came over HTTP, each annotated parameter with a value in the body must
 * come with its `Mcp-Param-{Name}` header, decoded (Base64 sentinel) and equal
 * to the value (integers numerically); a header with invalid characters or
 * Base64 is refused. Any failure is -32020 (HTTP 400).
 */
import { decodeHeaderValue, headerMatches, MCP_PARAM_HEADER_PREFIX, valueAt, type ParamHeader } from "@mrtr/schema/http";
import { HeaderMismatchError } from "../errors.js";

/** The first `Mcp-Param-*` header that disagrees with the arguments, as the error to answer with; undefined when all agree. */
export function checkParamHeaders(params: readonly ParamHeader[], headers: Headers, args: unknown): HeaderMismatchError | undefined {
  for (const param of params) {
    const headerName = `${MCP_PARAM_HEADER_PREFIX}${param.name}`;
    const raw = headers.get(headerName);
    const value = valueAt(args, param.path);
    const present = value !== undefined && value !== null;
    if (raw === null) {
      if (present) return new HeaderMismatchError(`The ${headerName} header is required: argument ${param.path.join(".")} has a value`);
      continue;
    }
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) return new HeaderMismatchError(`The ${headerName} header holds invalid characters or invalid Base64`);
    if (!present) return new HeaderMismatchError(`The ${headerName} header is sent, but argument ${param.path.join(".")} has no value`);
    if (!headerMatches(decoded, value, param.type)) {
      return new HeaderMismatchError(`Header mismatch: ${headerName} does not match argument ${param.path.join(".")}`);
    }
  }
  return undefined;
}
