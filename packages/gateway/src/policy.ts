/**
 * Who sees what: one decision per (caller, item) for lists (list-pages.ts)
 * and calls (this middleware) alike, so a list never shows what a call
 * would refuse, and a call to a hidden item is refused exactly as a call to
 * an item that does not exist (nothing tells the caller it is there).
 */
import { McpInvalidParamsError, type Middleware, type ServedCall } from "@mrtr/server";
import type { Catalog } from "./catalog.js";
import type { GatewayCaller, GatewayItem, GatewayPolicy } from "./options.js";

/** The middleware that refuses calls (and completions) of items `policy` hides from the caller. */
export function policyMiddleware(policy: GatewayPolicy, catalog: Catalog): Middleware {
  return async (call, next) => {
    const caller = { principal: call.principal, scopes: call.auth?.scopes ?? [] };
    const allowed = (item: GatewayItem | undefined) => item !== undefined && decide(policy, caller, item);
    const hidden = refusal(call, catalog, allowed);
    if (hidden) throw hidden;
    return next();
  };
}

/** Whether `policy` lets `caller` see `item` (a policy that throws denies). */
export function decide(policy: GatewayPolicy, caller: GatewayCaller, item: GatewayItem): boolean {
  try {
    return policy(caller, item) === true;
  } catch {
    return false;
  }
}


/** The error a call to a hidden item gets: the one the front server gives for an unknown item. */
function refusal(call: ServedCall, catalog: Catalog, allowed: (item: GatewayItem | undefined) => boolean): Error | undefined {
  const p = call.params;
  if (call.method === "tools/call") return allowed(catalog.item("tool", String(p.name))) ? undefined : new McpInvalidParamsError(`Unknown tool: ${String(p.name)}`);
  if (call.method === "prompts/get") return allowed(catalog.item("prompt", String(p.name))) ? undefined : new McpInvalidParamsError(`Unknown prompt: ${String(p.name)}`);
  if (call.method === "resources/read") {
    const uri = String(p.uri);
    return allowed(catalog.resourceItem(uri)) ? undefined : new McpInvalidParamsError(`Resource not found: ${uri}`, { uri });
  }
  if (call.method === "completion/complete") {
    const ref = (p.ref ?? {}) as { type?: string; name?: string; uri?: string };
    if (ref.type === "ref/prompt") return allowed(catalog.item("prompt", String(ref.name))) ? undefined : new McpInvalidParamsError(`Unknown prompt: ${String(ref.name)}`);
    if (ref.type === "ref/resource") return allowed(catalog.item("resourceTemplate", String(ref.uri))) ? undefined : new McpInvalidParamsError(`Unknown resource template: ${String(ref.uri)}`, { uri: ref.uri });
  }
  return undefined;
}
