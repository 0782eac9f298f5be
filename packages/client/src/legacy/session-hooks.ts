/**
 * The inbound layers of a legacy session (`ClientMiddlewareHooks.inbound`)
 * around each answer the client gives the server's requests.
 */
import { runOnion } from "@mrtr/internal";
import { McpClientError } from "../errors.js";
import type { InboundCall, InboundMiddleware } from "../middleware.js";

/** The handler's answer to `call`, through `layers` (the first outermost). */
export function answerThrough(layers: readonly InboundMiddleware[], call: InboundCall, answer: () => Promise<unknown>): Promise<unknown> {
  return runOnion(
    layers.length,
    (i, _call, next) => layers[i]!(call, () => next()),
    call,
    () => answer(),
    (i) => new McpClientError(`Inbound middleware ${i + 1} of ${layers.length} called next() twice for one ${call.method}: call it at most once.`),
  );
}
