/** Builders shared by the server tests. */
import type { ClientCapabilities } from "@mrtr/schema";
import { createServer, type McpServer, type ServerOptions } from "@mrtr/server";

export const SECRET = "test-secret-0123456789-abcdefghijklmnop";
export const OTHER_SECRET = "another-secret-0123456789-abcdefghijkl";

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

export function server(overrides: Partial<ServerOptions> = {}): McpServer {
  return createServer({ name: "test-server", version: "1.0.0", requestState: { secrets: [SECRET] }, ...overrides });
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
