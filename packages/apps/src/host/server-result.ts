/**
 * What the view's server answered, as the view gets it: the result in the
 * shape of the view's protocol (the draft's envelope fields `resultType`,
 * `ttlMs` and `cacheScope` removed: a 2026-01-26 view knows none of them),
 * and a failure as a JSON-RPC error (the server's own error, one with an
 * integer `code` as `JsonRpcError` of `@mrtr/client`, passed on; a
 * failure to reach it said without the host's details).
 */
import type { BridgeCore } from "./bridge-core.js";
import { isPlainObject } from "./json-size.js";
import { RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";

const ENVELOPE = new Set(["resultType", "ttlMs", "cacheScope"]);

/** A result without the draft's envelope fields. */
export const withoutEnvelope = (result: Readonly<Record<string, unknown>>): Record<string, unknown> => Object.fromEntries(Object.entries(result).filter(([key]) => !ENVELOPE.has(key)));

/** The server's result for the view: an object without the draft's envelope fields. */
export function viewResult(result: unknown): Record<string, unknown> {
  if (!isPlainObject(result)) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.internalError, "The view's server answered with something that is not a result object.");
  return withoutEnvelope(result);
}

/** The error the view gets when the client failed: the server's JSON-RPC error as it came, anything else as -32603. */
export function serverFailure(error: unknown, method: string, core: BridgeCore): RpcError {
  const e = error as { code?: unknown; message?: unknown; data?: unknown; name?: unknown } | null;
  if (e && Number.isSafeInteger(e.code) && typeof e.message === "string") {
    return new RpcError(e.code as number, e.message.replace(/^Server error -?\d+: /, ""), e.data);
  }
  core.warn({ type: "callback-failed", reason: `the client failed to pass ${method} to the view's server`, method, error });
  return new RpcError(VIEW_BRIDGE_ERROR_CODES.internalError, `The host could not pass ${method} to the view's server${typeof e?.name === "string" ? ` (${e.name})` : ""}.`);
}
