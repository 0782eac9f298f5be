/** JSON-RPC messages as a client sends them, and readers of the answers: shared by the server-side tests. */
import type { ClientCapabilities } from "@mrtr/schema";

let nextId = 1;

/** A request as a client sends it, with `_meta` filled in. */
export function request(method: string, params: Record<string, unknown> = {}, caps: ClientCapabilities = { elicitation: {} }) {
  return {
    jsonrpc: "2.0" as const,
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": caps,
        "io.modelcontextprotocol/clientInfo": { name: "test-client", version: "1.0.0" },
      },
    },
  };
}

/** A retry of `first` with a new id, answers and the state, as a client sends it. */
export function retry(first: ReturnType<typeof request>, inputResponses: Record<string, unknown> | undefined, requestState: string | undefined) {
  return {
    ...first,
    id: nextId++,
    params: {
      ...first.params,
      ...(inputResponses !== undefined && { inputResponses }),
      ...(requestState !== undefined && { requestState }),
    },
  };
}

export type AnyResult = Record<string, any>;

/** The result of a response, failing the test on an error response. */
export function resultOf(response: unknown): AnyResult {
  const r = response as { result?: AnyResult; error?: unknown };
  if (!r || r.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(response)}`);
  return r.result;
}

/** The error of a response, failing the test on a result. */
export function errorOf(response: unknown): { code: number; message: string; data?: any } {
  const r = response as { error?: { code: number; message: string; data?: any } };
  if (!r || r.error === undefined) throw new Error(`expected an error, got ${JSON.stringify(response)}`);
  return r.error;
}
