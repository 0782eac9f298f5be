/**
 * Custom headers from tool parameters (streamable-http.mdx, "Custom Headers
 * from Tool Parameters"): a property of a tool's `inputSchema` annotated
 * `x-mcp-header: "Name"` is mirrored into the `Mcp-Param-Name` header. The
 * rules an annotation must follow, the headers a call carries, and the
 * comparison a server makes, shared by clients and servers.
 */
import { encodeHeaderValue } from "./header-value.js";
import { isObject } from "./is-object.js";

/** The annotation keyword in a property schema. */
export const X_MCP_HEADER = "x-mcp-header";
/** The prefix of the header a parameter is mirrored into. */
export const MCP_PARAM_HEADER_PREFIX = "Mcp-Param-";

/** One annotated parameter. */
export interface ParamHeader {
  /** The name after `Mcp-Param-`, as the annotation spells it. */
  name: string;
  /** The chain of `properties` keys from the root to the parameter. */
  path: readonly string[];
  /** Its primitive type. */
  type: "string" | "integer" | "boolean";
}

/** The annotations of an input schema, or why the tool definition is invalid. */
export type ParamHeaders =
  | {
      /** The annotations are valid. */
      ok: true;
      /** The headers they ask for, in schema order. */
      headers: ParamHeader[];
    }
  | {
      /** They are not: the tool definition is invalid. */
      ok: false;
      /** Which rule they break, in words. */
      reason: string;
    };

/** RFC 9110 `tchar`: what a header field name may hold. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVES = new Set(["string", "integer", "boolean"]);
/** Largest integer an annotated parameter may carry: the safe range of JavaScript. */
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Most `properties` steps from the root to an annotated parameter. Deeper
 * chains cannot reach a peer anyway (each step nests the message two levels,
 * past the JSON depth limit of 64), and the cap keeps the walk linear in the
 * size of the schema, however hostile.
 */
export const MAX_PARAM_HEADER_DEPTH = 32;

/** Keywords whose values are data, not schemas: an `x-mcp-header` key inside them is not an annotation. */
const DATA_KEYWORDS = new Set(["default", "const", "enum", "examples"]);


/** The primitive type of an annotated property schema (a `null` beside it is allowed), or why it has none. */
function primitiveOf(schema: Record<string, unknown>): ParamHeader["type"] | string {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null") : [schema.type];
  if (types.length !== 1 || typeof types[0] !== "string" || !PRIMITIVES.has(types[0])) {
    return `must annotate a property of type string, integer or boolean (found ${JSON.stringify(schema.type ?? "no type")})`;
  }
  return types[0] as ParamHeader["type"];
}

/**
 * Reads and checks the `x-mcp-header` annotations of a tool's input schema:
 * each value a non-empty header token, unique case-insensitively, on a
 * string, integer or boolean property reachable from the root through
 * `properties` alone (never through `items`, composition, conditionals or
 * `$ref`). Any annotation elsewhere makes the whole definition invalid.
 */
export function paramHeaders(inputSchema: unknown): ParamHeaders {
  const headers: ParamHeader[] = [];
  const seen = new Map<string, string>();
  // Iterative walk over every object in the schema. Each node links to its parent, so a
  // pointer or a path is built only for an annotation, and the walk stays linear.
  const stack: Visit[] = [{ node: inputSchema, up: undefined, segment: "", reach: "root", depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { node, reach, depth } = visit;
    if (Array.isArray(node)) {
      node.forEach((child, i) => stack.push({ node: child, up: visit, segment: String(i), reach: "none", depth }));
      continue;
    }
    if (!isObject(node)) continue;
    if (Object.prototype.hasOwnProperty.call(node, X_MCP_HEADER)) {
      const name = node[X_MCP_HEADER];
      const where = pointerOf(visit);
      if (reach === "deep") return { ok: false, reason: `${X_MCP_HEADER} at ${where} is more than ${MAX_PARAM_HEADER_DEPTH} properties deep` };
      if (reach !== "property") return { ok: false, reason: `${X_MCP_HEADER} at ${where} is not on a property reachable through "properties" alone` };
      if (typeof name !== "string" || name === "") return { ok: false, reason: `${X_MCP_HEADER} at ${where} must be a non-empty string` };
      if (!TOKEN.test(name)) return { ok: false, reason: `${X_MCP_HEADER} ${JSON.stringify(name)} at ${where} is not a valid header name token` };
      const other = seen.get(name.toLowerCase());
      if (other !== undefined) return { ok: false, reason: `${X_MCP_HEADER} ${JSON.stringify(name)} at ${where} repeats the one at ${other} (names are case-insensitive)` };
      seen.set(name.toLowerCase(), where);
      const type = primitiveOf(node);
      if (!PRIMITIVES.has(type)) return { ok: false, reason: `${X_MCP_HEADER} ${JSON.stringify(name)} at ${where} ${type}` };
      headers.push({ name, path: pathOf(visit), type: type as ParamHeader["type"] });
    }
    const chain = reach === "root" || reach === "property";
    for (const [key, child] of Object.entries(node)) {
      if (key === X_MCP_HEADER || DATA_KEYWORDS.has(key)) continue;
      if (key === "properties" && isObject(child) && chain) {
        const holder: Visit = { node: child, up: visit, segment: "properties", reach: "none", depth };
        const next: Reach = depth >= MAX_PARAM_HEADER_DEPTH ? "deep" : "property";
        for (const [property, schema] of Object.entries(child)) stack.push({ node: schema, up: holder, segment: property, reach: next, depth: depth + 1 });
      } else {
        stack.push({ node: child, up: visit, segment: key, reach: reach === "deep" ? "deep" : "none", depth });
      }
    }
  }
  return { ok: true, headers };
}

/** How a schema node is reached: the root, a chain of `properties` alone (within the depth cap, or past it), or otherwise. */
type Reach = "root" | "property" | "deep" | "none";

/** One schema node of the walk, linked to the node it sits in. */
interface Visit {
  node: unknown;
  up: Visit | undefined;
  /** Its key (or index) in the parent. */
  segment: string;
  reach: Reach;
  /** `properties` steps from the root. */
  depth: number;
}

/** The node's JSON Pointer in the schema (RFC 6901: `~` and `/` escaped); "/" for the root. */
function pointerOf(visit: Visit): string {
  const segments: string[] = [];
  for (let v: Visit | undefined = visit; v?.up; v = v.up) segments.push(v.segment.replace(/~/g, "~0").replace(/\//g, "~1"));
  return segments.length === 0 ? "/" : `/${segments.reverse().join("/")}`;
}

/** The chain of property names from the root to a node reached through `properties` alone. */
function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let v: Visit | undefined = visit; v?.up; v = v.up.up) path.push(v.segment);
  return path.reverse();
}

/** The value at `path` in the call's arguments, or undefined. */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let value: unknown = args;
  for (const key of path) {
    if (!isObject(value) || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** The header text of an argument value of `type`, before encoding; undefined when there is nothing to mirror or it cannot be. */
function textOf(value: unknown, type: ParamHeader["type"]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (type === "integer") return typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= SAFE ? String(value) : undefined;
  if (type === "boolean") return typeof value === "boolean" ? String(value) : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * The `Mcp-Param-*` headers of a call, encoded: one per annotated parameter
 * whose argument is present and not null (absent and null values send no header).
 */
export function paramHeaderValues(headers: readonly ParamHeader[], args: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers) {
    const text = textOf(valueAt(args, header.path), header.type);
    if (text !== undefined) out[`${MCP_PARAM_HEADER_PREFIX}${header.name}`] = encodeHeaderValue(text);
  }
  return out;
}

/**
 * Whether a decoded header value matches the argument: strings exactly,
 * integers numerically (`42.0` matches 42, within the safe range), booleans
 * as lowercase `true` / `false`.
 */
export function headerMatches(decoded: string, value: unknown, type: ParamHeader["type"]): boolean {
  if (type === "integer") {
    if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > SAFE) return false;
    const n = decoded.trim() === "" ? Number.NaN : Number(decoded);
    return n === value;
  }
  if (type === "boolean") return typeof value === "boolean" && decoded === String(value);
  return typeof value === "string" && decoded === value;
}
