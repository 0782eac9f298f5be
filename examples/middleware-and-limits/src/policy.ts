/**
 * A middleware of our own: a policy that lets only the `admin` principal call
 * some tools. It throws a typed error, which the client receives as a
 * JSON-RPC error with that code, as if a handler had thrown it; the handler
 * never runs.
 */
import { McpInvalidParamsError, type Middleware } from "@mrtr/server";

/** Refuses `tools/call` of any of `tools` unless the caller is `admin`. */
export function adminOnly(tools: readonly string[]): Middleware {
  return async (call, next) => {
    if (call.method === "tools/call" && call.name !== undefined && tools.includes(call.name) && call.principal !== "admin") {
      throw new McpInvalidParamsError(`Tool ${call.name} is for admins only (policy); ${call.principal ?? "an anonymous caller"} may not call it.`);
    }
    return next();
  };
}
