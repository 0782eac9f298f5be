/**
 * The front client's capabilities on each upstream request. A modern
 * upstream reads the client's capabilities from every request, so the
 * gateway sends the front client's own (what the gateway can relay of them):
 * a question the front client could not answer is refused by the upstream
 * itself (-32021), as the protocol has it, instead of being asked and lost.
 * The forwarder puts them under a private `_meta` key of the params; this
 * client middleware moves them into place, so the key never leaves. The log
 * level the front request names goes along as it is.
 */
import type { ClientMiddleware } from "@mrtr/client";
import type { ClientCapabilities } from "@mrtr/schema";

/** The private key the forwarder puts the front capabilities under. */
export const FRONT_CAPABILITIES = "dev.mrtr.gateway/frontCapabilities";

const CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

/** What the gateway relays of a front client's capabilities: the kinds of questions it can carry. */
export function relayable(capabilities: ClientCapabilities | undefined): ClientCapabilities {
  const c = (capabilities ?? {}) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const key of ["elicitation", "sampling", "roots"]) if (c[key] !== undefined) kept[key] = c[key];
  return kept as ClientCapabilities;
}

const LOG_LEVEL = "io.modelcontextprotocol/logLevel";

/** What the gateway passes on of the front request's own metadata: its relayable capabilities and the log level it asked for. */
export interface FrontMeta {
  readonly capabilities: ClientCapabilities;
  readonly logLevel: string | undefined;
}

/** The front request's metadata to pass on. */
export function frontMeta(ctx: { clientCapabilities?: ClientCapabilities; meta?: object }): FrontMeta {
  const level = (ctx.meta as Record<string, unknown> | undefined)?.[LOG_LEVEL];
  return { capabilities: relayable(ctx.clientCapabilities), logLevel: typeof level === "string" ? level : undefined };
}

/** The params with the front capabilities under the private key and the front's log level. */
export function withFrontMeta(params: Record<string, unknown>, front: FrontMeta): Record<string, unknown> {
  const meta = (params._meta ?? {}) as Record<string, unknown>;
  return { ...params, _meta: { ...meta, [FRONT_CAPABILITIES]: front.capabilities, ...(front.logLevel !== undefined && { [LOG_LEVEL]: front.logLevel }) } };
}

/** The client middleware that sends the front capabilities as the request's own. */
export const frontCapabilities: ClientMiddleware = (call, next) => {
  const params = call.message.params as Record<string, unknown> | undefined;
  const meta = params?._meta as Record<string, unknown> | undefined;
  if (!meta || !(FRONT_CAPABILITIES in meta)) return next();
  const { [FRONT_CAPABILITIES]: front, ...rest } = meta;
  return next({ ...call.message, params: { ...params, _meta: { ...rest, [CAPABILITIES]: front } } });
};
