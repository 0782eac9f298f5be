/**
 * The two-leg flow the flow benches drive (bench/fixtures/mrtr-deploy-tool.ts
 * and its peers): `tools/call` of `deploy`, answered `input_required` with one
 * form elicitation and a requestState, then the retry with the accept and the
 * state, answered `complete` with the order the first leg carried. One place
 * for the messages, so every transport's bench sends the same ones.
 */

/** The `_meta` every request carries (the draft's per-request protocol version, capabilities and client). */
export const DEPLOY_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
};

/** The standard headers of a `tools/call` of `deploy` over HTTP. */
export const DEPLOY_HEADERS: Record<string, string> = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
  "mcp-name": "deploy",
};

/** What the benches read of a result. */
export type DeployResult = { resultType?: string; requestState?: string; inputRequests?: Record<string, unknown>; content?: { text?: string }[] };

let id = 0;

/** A `tools/call` request with `params` and the `_meta`, under a fresh id. */
export function deployCall(params: Record<string, unknown>): { jsonrpc: "2.0"; id: number; method: "tools/call"; params: Record<string, unknown> } {
  return { jsonrpc: "2.0", id: id++, method: "tools/call", params: { ...params, _meta: DEPLOY_META } };
}

/** One flow for order `n` through `call` (which sends a tools/call with these params and gives back its result); throws unless it completes with that order. */
export async function deployFlow(call: (params: Record<string, unknown>) => Promise<DeployResult>, n: number): Promise<void> {
  const params = { name: "deploy", arguments: { env: "prod", order: n } };
  const asked = await call(params);
  if (asked.resultType !== "input_required" || typeof asked.requestState !== "string" || !asked.inputRequests?.confirm) {
    throw new Error(`the first leg did not ask: ${JSON.stringify(asked)}`);
  }
  const done = await call({ ...params, inputResponses: { confirm: { action: "accept", content: { confirm: true } } }, requestState: asked.requestState });
  // The order comes back from the requestState the first leg sealed (ours, the SDK's), or the arguments (bare).
  if (done.resultType !== "complete" || done.content?.[0]?.text !== `deployed order ${n} to prod`) throw new Error(`a flow did not complete: ${JSON.stringify(done)}`);
}
