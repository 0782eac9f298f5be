/**
 * CORS for a web-standard handler, in one place: `createHttpHandler(server,
 * { cors })` applies it on both of its faces, `cors(handler, options)` around
 * any other handler. Either way the handler made records its policy, so
 * `protect` wrapping it answers its own 401/403 with the same headers and
 * lets preflights (which carry no token) through to be answered here.
 *
 * The rule: a preflight is answered here and goes no further; every other
 * request is served, and its answer gets the headers of cors-answer.ts. A
 * request whose `Origin` the policy allows counts as allowed by the
 * handler's own `Origin` check (`allowedOrigins`) too: the wrapper marks it.
 */
import type { IncomingFace } from "./incoming-face.js";
import { JsonAnswer } from "./json-response.js";
import { corsHeaders, withCorsAnswerHeaders, withCorsHeaders } from "./cors-answer.js";
import { corsPolicy, type CorsOptions, type CorsPolicy } from "./cors-policy.js";
import { isPreflight, preflightAnswer } from "./cors-preflight.js";

/** The methods MCP's HTTP transport uses: POST, and GET and DELETE for legacy sessions. */
const MCP_METHODS = ["POST", "GET", "DELETE"] as const;

const policies = new WeakMap<object, CorsPolicy>();
const vetted = new WeakSet<Request>();

/** Records `policy` as the CORS policy `handler` applies; returns `handler`. */
export function withCorsPolicy<H extends object>(handler: H, policy: CorsPolicy): H {
  policies.set(handler, policy);
  return handler;
}

/** The CORS policy `handler` applies, when `createHttpHandler` or `cors` made it. */
export function corsPolicyOf(handler: object): CorsPolicy | undefined {
  return policies.get(handler);
}

/** Whether a `cors` wrapper found `request`'s `Origin` allowed. */
export function corsVetted(request: Request): boolean {
  return vetted.has(request);
}

/**
 * Wraps any web-standard handler with CORS: answers preflights from
 * `options.origins` (204; 403 for other origins), and adds the CORS headers
 * to every answer for an allowed origin, whatever its status. Throws a
 * `TypeError` or `RangeError` for options that cannot be right (see
 * {@link CorsOptions}). `createHttpHandler(server, { cors })` does the same
 * itself; use this around another handler, or outside a wrapper of your own.
 *
 * @example
 * ```ts
 * const handler = cors(myHandler, { origins: ["https://app.example.com"] });
 * ```
 */
export function cors(handler: (request: Request) => Promise<Response>, options: CorsOptions): (request: Request) => Promise<Response> {
  const policy = corsPolicy(options, MCP_METHODS);
  const wrapped = async (request: Request): Promise<Response> => {
    const header = (name: string) => request.headers.get(name);
    if (isPreflight(request.method, header)) {
      const answer = preflightAnswer(policy, header);
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }
    const headers = corsHeaders(policy, header);
    if (headers["access-control-allow-origin"] !== undefined) vetted.add(request);
    return withCorsHeaders(await handler(request), headers);
  };
  return withCorsPolicy(wrapped, policy);
}

/**
 * `outer`, a wrapper around `inner` (such as `protect`), answering with the
 * CORS of `inner` when it has any: preflights go to `inner` unchanged, and
 * every other answer, the wrapper's own refusals too, gets the headers.
 */
export function sharingCors(inner: (request: Request) => Promise<Response>, outer: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  const policy = corsPolicyOf(inner);
  if (!policy) return outer;
  const wrapped = async (request: Request): Promise<Response> => {
    const header = (name: string) => request.headers.get(name);
    if (isPreflight(request.method, header)) return inner(request);
    return withCorsHeaders(await outer(request), corsHeaders(policy, header));
  };
  return withCorsPolicy(wrapped, policy);
}

/** `serve` (a handler's face on request descriptions) with `policy` applied: preflights answered, answers given their headers. */
export function corsFace(policy: CorsPolicy, serve: IncomingFace): IncomingFace {
  return async (incoming) => {
    if (isPreflight(incoming.method, incoming.header)) {
      const answer = preflightAnswer(policy, incoming.header);
      return new JsonAnswer(answer.status, answer.headers, answer.body);
    }
    return withCorsAnswerHeaders(await serve(incoming), corsHeaders(policy, incoming.header));
  };
}

export type { CorsOptions };
