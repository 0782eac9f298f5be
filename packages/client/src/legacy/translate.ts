/**
 * Between the two eras' messages, for the client: what the core client
 * sends (a 2026-07-28 request, its `_meta` carrying version, capabilities
 * and clientInfo) becomes the 2025-11-25 request a session carries, and what
 * a legacy server answers becomes the result the core reads (a
 * `resultType`, and the caching hints a modern list result carries: `ttlMs`
 * 0, so nothing is kept, since a legacy server names no lifetime).
 */
import { isRecord } from "@mrtr/internal";

/** The `_meta` keys of the draft's per-request metadata (what `initialize` carries in a session). */
const MODERN_META = "io.modelcontextprotocol/";

/** The methods whose modern results carry `ttlMs` and `cacheScope`. */
const CACHEABLE = new Set(["tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"]);

/** The legacy params of a modern request: the per-request metadata and the retry fields dropped (a progressToken and other keys stay). */
export function legacyParams(params: unknown): Record<string, unknown> | undefined {
  if (!isRecord(params)) return undefined;
  const { _meta, inputResponses: _a, requestState: _s, ...rest } = params;
  if (isRecord(_meta)) {
    const kept = Object.fromEntries(Object.entries(_meta).filter(([key]) => !key.startsWith(MODERN_META)));
    if (Object.keys(kept).length > 0) rest._meta = kept;
  }
  return rest;
}

/** The modern form of a legacy server's response to `method`. */
export function modernResponse(method: string, response: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(response.result)) return response;
  const result: Record<string, unknown> = { resultType: "complete", ...response.result };
  if (CACHEABLE.has(method)) {
    result.ttlMs ??= 0;
    result.cacheScope ??= "private";
  }
  return { ...response, result };
}

/** What a legacy server's initialize result says, as a `server/discover` result. */
export function discoverResult(initialize: { protocolVersion: string; capabilities: unknown; serverInfo: unknown; instructions?: unknown }): Record<string, unknown> {
  return {
    resultType: "complete",
    ttlMs: 0,
    cacheScope: "private",
    supportedVersions: [initialize.protocolVersion],
    capabilities: initialize.capabilities,
    ...(typeof initialize.instructions === "string" && { instructions: initialize.instructions }),
    _meta: { "io.modelcontextprotocol/serverInfo": initialize.serverInfo },
  };
}
