/** Builders shared by the @mrtr/deprecated tests. */
import { createServer, type McpServer, type ServerOptions } from "@mrtr/server";
import { rootsKind, samplingKind } from "@mrtr/deprecated/server";
import type { RootsContext, SamplingContext, SamplingKindOptions } from "@mrtr/deprecated/server";

/** A server whose handlers have ctx.sample and ctx.listRoots. */
export type DeprecatedServer = McpServer<SamplingContext & RootsContext>;

export const SECRET = "deprecated-tests-secret-0123456789-abcdef";

/** A server with the sampling and roots kinds registered (warnings silenced). */
export function server(overrides: Partial<Omit<ServerOptions, "inputKinds">> = {}, sampling: SamplingKindOptions = {}): DeprecatedServer {
  return createServer({
    name: "deprecated-test-server",
    version: "1.0.0",
    requestState: { secrets: [SECRET] },
    inputKinds: [samplingKind({ silenceDeprecationWarning: true, ...sampling }), rootsKind({ silenceDeprecationWarning: true })],
    ...overrides,
  });
}

/** A plain text sampling answer. */
export function textAnswer(text: string, model = "test-model") {
  return { role: "assistant" as const, content: { type: "text" as const, text }, model, stopReason: "endTurn" };
}

export { errorOf, request, resultOf, retry, type AnyResult } from "../../../test/helpers/rpc.js";
