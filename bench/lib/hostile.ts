/**
 * Hostile invalid messages, built in memory (too large to keep as examples):
 * the shapes that made invalid messages expensive when every union member's
 * issues were collected for every failing element.
 */
import type { Message } from "./corpus.js";

const meta = (capabilities: unknown) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": capabilities,
});

/** A `tools/call` with ~1 MB of nulls in `clientCapabilities.experimental.x.a` (JSONValue excludes null). */
export function nullsMessage(count = 200_000): unknown {
  return { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", _meta: meta({ experimental: { x: { a: Array(count).fill(null) } } }) } };
}

/** A tools/list result of `count` tools whose `_meta` breaks every member of ServerResult. */
export function wideUnionResult(count = 2_000): unknown {
  const tools = Array.from({ length: count }, (_, i) => ({
    name: `tool-${i}`,
    description: "Looks things up.",
    inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    annotations: { readOnlyHint: true },
  }));
  return { resultType: "complete", cacheScope: "public", ttlMs: 60_000, tools, _meta: 5 };
}

/** A tools/call response of `count` text blocks, the last one broken: both members of its result union fail, one after walking them all. */
export function longUnionResponse(count = 10_000): unknown {
  const content = Array.from({ length: count }, (_, i) => ({ type: "text", text: `line ${i}` }));
  return { jsonrpc: "2.0", id: 1, result: { resultType: "complete", content: [...content, { type: "text", text: 5 }] } };
}

export function hostileMessages(): Message[] {
  return [
    { type: "CallToolRequest", name: "nulls", file: "1 MB of nulls", data: nullsMessage() },
    { type: "ServerResult", name: "wide-union", file: "wide union", data: wideUnionResult() },
    { type: "CallToolResultResponse", name: "union-after-walk", file: "union after walk", data: longUnionResponse() },
  ];
}
