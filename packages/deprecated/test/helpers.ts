/** Builders shared by the @mrtr/deprecated tests. */
import type { ClientCapabilities } from "@mrtr/schema";
import { createServer, type McpServer, type ServerOptions } from "@mrtr/server";
import { rootsKind, samplingKind } from "@mrtr/deprecated/server";
import type { SamplingKindOptions } from "@mrtr/deprecated/server";

export const SECRET = "deprecated-tests-secret-0123456789-abcdef";

let nextId = 1;

/** A request as a client sends it, with `_meta` filled in. */
export function request(method: string, params: Record<string, unknown>, caps: ClientCapabilities) {
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

/** A retry of `first` with a new id, answers and the state. */
export function retry(first: ReturnType<typeof request>, inputResponses: Record<string, unknown>, requestState: string) {
  return { ...first, id: nextId++, params: { ...first.params, inputResponses, requestState } };
}

/** A server with the sampling and roots kinds registered (warnings silenced). */
export function server(overrides: Partial<ServerOptions> = {}, sampling: SamplingKindOptions = {}): McpServer {
  return createServer({
    name: "deprecated-test-server",
    version: "1.0.0",
    requestState: { secrets: [SECRET] },
    inputKinds: [samplingKind({ silenceDeprecationWarning: true, ...sampling }), rootsKind({ silenceDeprecationWarning: true })],
    ...overrides,
  });
}

export type AnyResult = Record<string, any>;

export function resultOf(response: unknown): AnyResult {
  const r = response as { result?: AnyResult; error?: unknown };
  if (!r || r.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(response)}`);
  return r.result;
}

export function errorOf(response: unknown): { code: number; message: string; data?: any } {
  const r = response as { error?: { code: number; message: string; data?: any } };
  if (!r || r.error === undefined) throw new Error(`expected an error, got ${JSON.stringify(response)}`);
  return r.error;
}

/** A plain text sampling answer. */
export function textAnswer(text: string, model = "test-model") {
  return { role: "assistant" as const, content: { type: "text" as const, text }, model, stopReason: "endTurn" };
}
