/**
 * Builders of the deprecated input requests, for the low-level style:
 * `return inputRequired({ inputRequests: { draft: createMessage({...}), dirs: listRoots() } })`.
 * Plain object constructors: no server or client code, no warning (the
 * warning comes from the plugin that lets a server send them).
 */
import type { CreateMessageRequest, CreateMessageRequestParams, ListRootsRequest } from "./types.gen.js";

/**
 * A `sampling/createMessage` input request: asks the client's model for a
 * completion. The server must register `samplingKind()` from
 * `@mrtr/deprecated/server` to send it.
 *
 * @deprecated Since MCP 2026-07-28 (SEP-2577). Migrate: call a model provider
 * directly from the server. Earliest removal: the first protocol revision
 * released on or after 2027-07-28.
 */
export function createMessage(params: CreateMessageRequestParams): CreateMessageRequest {
  return { method: "sampling/createMessage", params };
}

/**
 * A `roots/list` input request: asks the client for its filesystem roots.
 * The server must register `rootsKind()` from `@mrtr/deprecated/server` to send it.
 *
 * @deprecated Since MCP 2026-07-28 (SEP-2577). Migrate: pass directories
 * through tool arguments, resource URIs or configuration. Earliest removal:
 * the first protocol revision released on or after 2027-07-28.
 */
export function listRoots(params?: ListRootsRequest["params"]): ListRootsRequest {
  return params === undefined ? { method: "roots/list" } : { method: "roots/list", params };
}
