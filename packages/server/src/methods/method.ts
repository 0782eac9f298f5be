/** What serving one method takes: its typed request, the request's context and the server's parts. */
import type { ClientMethodMap, InputRequiredResult } from "@mrtr/schema";
import type { ServerCore } from "../core.js";
import type { ServingContext } from "../serving-context.js";

/** Every method a client may call. */
export type ClientMethod = keyof ClientMethodMap;

/** The server's answer to `M`: its complete result, or for multi round-trip methods a request for input. */
export type MethodResult<M extends ClientMethod> = ClientMethodMap[M]["result"] | InputRequiredResult;

/** Serves one request of method `M`. Throws `McpError`s for protocol errors. */
export type MethodHandler<M extends ClientMethod> = (
  request: ClientMethodMap[M]["request"],
  ctx: ServingContext,
  core: ServerCore,
) => Promise<MethodResult<M>>;

/** The methods a server serves, by name. */
export type MethodTable = { readonly [M in ClientMethod]?: MethodHandler<M> };
