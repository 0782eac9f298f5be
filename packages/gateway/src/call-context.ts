/**
 * What a front request carries that the tool handler's context does not
 * show, kept for the length of the request: the front client's answers as
 * sent (a first round may bring answers before any question, which the
 * server keeps aside, and an upstream decides about those itself), and
 * where the upstream's log messages for this call go. A front middleware
 * opens it; the forwarder and the upstream's transport read it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Middleware } from "@mrtr/server";

/** One front request's context. */
export interface CallContext {
  /** Whom the request counts against (the front server's owner key: principal, else peer or connection). */
  readonly owner: string;
  /** `inputResponses` as the front client sent them. */
  readonly inputResponses: Record<string, unknown> | undefined;
  /** Where the upstream's `notifications/message` for this call go (set by the forwarder). */
  log?: (params: Record<string, unknown>) => void;
}

const storage = new AsyncLocalStorage<CallContext>();

/** The context of the front request being served, if any. */
export function currentCall(): CallContext | undefined {
  return storage.getStore();
}

/** The methods a call is forwarded for. */
const FORWARDED = new Set(["tools/call", "prompts/get", "resources/read"]);

/** The front middleware that opens each forwarded request's context. */
export const callContext: Middleware = (call, next) => {
  if (!FORWARDED.has(call.method)) return next();
  const answers = call.params.inputResponses;
  return storage.run({ owner: call.owner, inputResponses: typeof answers === "object" && answers !== null ? (answers as Record<string, unknown>) : undefined }, next);
};
