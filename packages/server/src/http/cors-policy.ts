/**
 * The CORS policy of an MCP endpoint (Fetch standard, "CORS protocol"): which
 * browser origins may call it from another origin, with or without
 * credentials, and what their preflights and answers say. Checked once, when
 * the handler is made: a policy that cannot be right (`"*"` with credentials,
 * an entry that is no origin, `null`) is a `TypeError` naming the option, a
 * bound out of range a `RangeError`. The answers built from it are in
 * cors-preflight.ts and cors-answer.ts; the wrappers in cors.ts.
 */

/** Options of CORS: `createHttpHandler(server, { cors })`, or `cors(handler, options)` around any handler. */
export interface CorsOptions {
  /**
   * The browser origins (`"https://app.example.com"`: scheme, host and port,
   * no path) that may call the endpoint from their pages, or a function
   * deciding (given the request's `Origin`). `["*"]` alone lets every origin
   * call it, without credentials: for a public endpoint. `null` (the origin
   * of sandboxed frames and `file:` pages, whatever site they come from) is
   * never allowed. An origin allowed here is allowed by the handler's
   * `Origin` check too (`allowedOrigins`).
   */
  origins: readonly string[] | ((origin: string) => boolean);
  /**
   * Let pages send cookies or HTTP authentication with `credentials:
   * "include"` and read the answer (`Access-Control-Allow-Credentials:
   * true`). Default false; never with `["*"]`. Tokens sent in an
   * `Authorization` header need no credentials mode.
   */
  credentials?: boolean;
  /** How long a browser may reuse a preflight's answer, in seconds (default 600, at most 7 200). */
  maxAgeSeconds?: number;
  /** Request headers a page may send beyond those MCP uses (`CORS_REQUEST_HEADERS`, and every `Mcp-Param-*`). */
  allowHeaders?: readonly string[];
  /** Response headers a page may read beyond those MCP clients read (`CORS_EXPOSED_HEADERS`). */
  exposeHeaders?: readonly string[];
}

/** The default of {@link CorsOptions.maxAgeSeconds}, and the bounds CORS keeps whatever is configured. */
export const CORS_LIMITS = {
  /** A preflight's answer is reused for 10 minutes unless `maxAgeSeconds` says otherwise. */
  defaultMaxAgeSeconds: 600,
  /** The largest `maxAgeSeconds` accepted (Chromium's own cap). */
  maxAgeSeconds: 7200,
  /** A preflight's `Access-Control-Request-Headers` longer than this (in bytes) is refused with 431. */
  maxRequestHeadersBytes: 4096,
  /** A preflight asking for more header names than this is refused with 431. */
  maxRequestHeaderNames: 64,
} as const;

/** The request headers an MCP client sends that a preflight must allow (lower case); every `Mcp-Param-*` is allowed besides. */
export const CORS_REQUEST_HEADERS: readonly string[] = [
  "content-type",
  "accept",
  "mcp-protocol-version",
  "mcp-method",
  "mcp-name",
  "authorization",
  "dpop",
  "last-event-id",
  "mcp-session-id",
];

/** The response headers an MCP client reads that a page may not read unless exposed (lower case). */
export const CORS_EXPOSED_HEADERS: readonly string[] = ["www-authenticate", "dpop-nonce", "mcp-session-id", "retry-after"];

/** The prefix of the custom headers of annotated tool parameters, lower case. */
const PARAM_HEADER_PREFIX = "mcp-param-";

/** RFC 9110 `token`: what a header name or a method may be. */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A checked policy, as the answers read it. */
export interface CorsPolicy {
  /** Every origin may call (`["*"]`): answers say `*` rather than the origin. */
  readonly anyOrigin: boolean;
  readonly credentials: boolean;
  readonly maxAgeSeconds: number;
  /** The methods the endpoint serves, in the order answered. */
  readonly methods: readonly string[];
  /** The exposed headers, joined. */
  readonly exposed: string;
  /** Whether a browser page of `origin` may call the endpoint. Never `null`; a throwing function is a no. */
  allows(origin: string): boolean;
  /** Whether a page may send header `name` (lower case). */
  allowsHeader(name: string): boolean;
}

/** `origins` checked: each entry an origin as browsers send it, `"*"` only alone. */
function originsOf(origins: CorsOptions["origins"]): ((origin: string) => boolean) | "*" {
  if (typeof origins === "function") return origins;
  if (!Array.isArray(origins)) throw new TypeError('cors.origins must be a list of origins (["https://app.example.com"]) or a function (origin) => boolean.');
  if (origins.includes("*")) {
    if (origins.length > 1) throw new TypeError('cors.origins: "*" stands alone (every origin); remove the other entries or remove "*".');
    return "*";
  }
  for (const entry of origins) {
    if (entry === "null") throw new TypeError('cors.origins cannot allow "null": sandboxed frames and file: pages of any site send it, so it names no one.');
    if (!isOrigin(entry)) throw new TypeError(`cors.origins: ${JSON.stringify(entry)} is not an origin; write scheme, host and port only, as "https://app.example.com" (no path, no trailing slash).`);
  }
  const listed = new Set(origins);
  return (origin) => listed.has(origin);
}

/** Whether `value` is a serialized http(s) origin. */
function isOrigin(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}

/** Header names checked as tokens and lower-cased; `option` names them in the error. */
function headerNames(names: readonly string[] | undefined, option: string): string[] {
  if (names === undefined) return [];
  if (!Array.isArray(names) || !names.every((n) => typeof n === "string" && TOKEN.test(n))) {
    throw new TypeError(`cors.${option} must be a list of header names (letters, digits and !#$%&'*+-.^_\`|~), such as ["X-Request-Id"].`);
  }
  return names.map((n) => n.toLowerCase());
}

/**
 * Checks `options` and makes the policy; `methods` are those the endpoint
 * serves (POST, and GET and DELETE where legacy sessions are served).
 */
export function corsPolicy(options: CorsOptions, methods: readonly string[]): CorsPolicy {
  if (options === null || typeof options !== "object") throw new TypeError("cors must be an object such as { origins: [\"https://app.example.com\"] }.");
  const origins = originsOf(options.origins);
  const credentials = options.credentials ?? false;
  if (typeof credentials !== "boolean") throw new TypeError("cors.credentials must be true or false.");
  if (credentials && origins === "*") throw new TypeError('cors.credentials cannot be used with cors.origins ["*"]: browsers refuse credentials with a wildcard; list the origins allowed instead.');
  const maxAgeSeconds = options.maxAgeSeconds ?? CORS_LIMITS.defaultMaxAgeSeconds;
  if (!Number.isSafeInteger(maxAgeSeconds) || maxAgeSeconds < 0 || maxAgeSeconds > CORS_LIMITS.maxAgeSeconds) {
    throw new RangeError(`cors.maxAgeSeconds must be a whole number of seconds from 0 to ${CORS_LIMITS.maxAgeSeconds} (got ${String(maxAgeSeconds)}).`);
  }
  const allowed = new Set([...CORS_REQUEST_HEADERS, ...headerNames(options.allowHeaders, "allowHeaders")]);
  const exposed = [...new Set([...CORS_EXPOSED_HEADERS, ...headerNames(options.exposeHeaders, "exposeHeaders")])].join(", ");
  return {
    anyOrigin: origins === "*",
    credentials,
    maxAgeSeconds,
    methods,
    exposed,
    allows(origin) {
      if (origin === "null") return false;
      if (origins === "*") return true;
      try {
        return origins(origin) === true;
      } catch {
        return false;
      }
    },
    allowsHeader: (name) => allowed.has(name) || (name.startsWith(PARAM_HEADER_PREFIX) && name.length > PARAM_HEADER_PREFIX.length),
  };
}
