/**
 * The description of one request that middleware sees (`ServedCall`),
 * made only when the server has middleware: what the request names, how it
 * came (binding, era, headers) and, for the multi round-trip methods, its
 * flow and round, read from the requestState it carries (opened once: the
 * gate uses the same opening).
 */
import { MCP_NAME_HEADER_PARAMS, type RequestId } from "@mrtr/schema";
import type { ServerCore } from "./core.js";
import { McpError } from "./errors.js";
import type { HandleOptions } from "./exchange.js";
import type { FlowPosition, ServedCall } from "./middleware-chain.js";
import { flowIdOf, openRound, type RoundParams } from "./multi-round.js";
import type { RequestAbort } from "./request-abort.js";
import type { ServingContext } from "./serving-context.js";

/** Reasons `call.abort` was given that the client is answered with (McpErrors). */
const ANSWERED = new WeakSet<object>();

/** What a request ended by `call.abort(reason)` is answered with: the reason when it is an McpError, else nothing (as a cancelled request). */
export function abortAnswer(reason: unknown): McpError | undefined {
  return typeof reason === "object" && reason !== null && ANSWERED.has(reason) ? (reason as McpError) : undefined;
}

/** The methods that name something, and the params field that names it (the fields `Mcp-Name` mirrors). */
const NAMED: Readonly<Record<string, string>> = MCP_NAME_HEADER_PARAMS;

/** Describes the request `ctx` serves, for middleware. */
export async function servedCall(
  core: ServerCore,
  ctx: ServingContext,
  request: { id: RequestId; method: string; params?: object },
  options: HandleOptions,
  controller: Pick<RequestAbort, "abort" | "signal">,
): Promise<ServedCall> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const field = NAMED[request.method];
  const named = field ? params[field] : undefined;
  let flow: FlowPosition | undefined;
  if (field) {
    // A state that cannot be opened leaves `flow` out; the gate then answers -32602 with the same opening.
    const round = await openRound(core, ctx, params as RoundParams).catch(() => undefined);
    if (round) flow = { id: flowIdOf(round), round: round.flow.round };
  }
  return {
    method: request.method,
    id: request.id,
    params,
    principal: ctx.principal,
    auth: ctx.auth,
    owner: ctx.owner,
    name: typeof named === "string" ? named : undefined,
    transport: options.transport ?? "unknown",
    era: options.bridge ? "legacy" : "modern",
    protocolVersion: ctx.protocolVersion,
    session: options.session,
    flow,
    header: (name) => options.header?.(name) ?? undefined,
    // Made when middleware reads it (request-abort.ts).
    get signal() {
      return controller.signal;
    },
    abort: (reason) => {
      if (reason instanceof McpError) ANSWERED.add(reason);
      controller.abort(reason);
    },
  };
}
