/** The server plugin for `sampling/createMessage`. */
import type { ClientCapabilities } from "@mrtr/schema";
import { ServerDefinitionError } from "@mrtr/server";
import type { InputKind } from "@mrtr/server/plugin";
import { createMessage } from "../builders.js";
import { warnDeprecated, type DeprecationOptions } from "../internal/deprecation.js";
import { isRecord } from "@mrtr/internal";
import { describeIssues } from "../internal/issues.js";
import { answerProblems, DEFAULT_MAX_TOOL_ROUNDS, toolLoopProblems } from "../internal/sampling-rules.js";
import type { CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult } from "../types.gen.js";
import { CreateMessageRequestSchema, CreateMessageResultSchema } from "../zod/validators.gen.js";

/**
 * Options of {@link samplingKind}.
 *
 * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * call a model provider directly from the server. Earliest removal: the first
 * protocol revision released on or after 2027-07-28.
 */
export interface SamplingKindOptions extends DeprecationOptions {
  /**
   * Most tool-use rounds (assistant messages that call tools) a sampling
   * request's `messages` may hold; a request holding more is a
   * ServerDefinitionError. Default 10. `Infinity` lifts the bound.
   */
  maxToolRounds?: number;
}

/** The capabilities a sampling request needs beyond `sampling` itself. */
function needs(params: CreateMessageRequestParams): { tools: boolean; context: boolean } {
  return {
    tools: params.tools !== undefined || params.toolChoice !== undefined,
    context: params.includeContext === "thisServer" || params.includeContext === "allServers",
  };
}

/** What of `sampling` (and `sampling.tools` / `sampling.context`) a request needs that `declared` lacks. */
export function missingSamplingCapabilities(params: CreateMessageRequestParams, declared: ClientCapabilities): ClientCapabilities | undefined {
  const need = needs(params);
  const sampling = isRecord(declared.sampling) ? declared.sampling : undefined;
  const missing: { tools?: Record<string, never>; context?: Record<string, never> } = {};
  if (need.tools && !isRecord(sampling?.tools)) missing.tools = {};
  if (need.context && !isRecord(sampling?.context)) missing.context = {};
  if (sampling && Object.keys(missing).length === 0) return undefined;
  return { sampling: missing };
}

/**
 * What `samplingKind()` adds to the context of every handler of the server
 * that registers it.
 *
 * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577).
 * Migrate: call a model provider directly from the server. Earliest removal:
 * the first protocol revision released on or after 2027-07-28.
 */
export interface SamplingContext {
  /**
   * Re-run style: asks the client's model for a completion and returns its
   * answer (a valid `CreateMessageResult`). Same determinism rule as
   * `ctx.elicit`: the same key must always ask the same question.
   *
   * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577).
   * Migrate: call a model provider directly from the server. Earliest
   * removal: the first protocol revision released on or after 2027-07-28.
   */
  sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult>;
}

/**
 * The server's input kind for `sampling/createMessage`: pass it to
 * `createServer({ inputKinds: [samplingKind()] })`. Then handlers may return
 * `inputRequired({ inputRequests: { key: createMessage(params) } })` or, replay
 * style, `await ctx.sample(key, params)`.
 *
 * - Gating, as for elicitation: a request needs `sampling` declared in this
 *   request, `sampling.tools` when it carries `tools` or `toolChoice`, and
 *   `sampling.context` when `includeContext` is `thisServer` or `allServers`;
 *   what is missing is answered with -32021 and `data.requiredCapabilities`.
 * - Before a request leaves: the full-protocol validator, then the tool-loop
 *   rules (a user message carrying tool results holds only tool results, each
 *   matching a tool_use id of the previous assistant message; every tool use
 *   answered; at most `maxToolRounds` tool-use rounds). A violation is a
 *   ServerDefinitionError (the client sees -32603).
 * - On the retry: the answer must be a valid `CreateMessageResult` that calls
 *   only tools the request offered; otherwise the question is asked again.
 *
 * Emits a one-time DeprecationWarning (code `MRTR_DEP_SAMPLING`) unless silenced.
 *
 * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * call a model provider directly from the server. Earliest removal: the first
 * protocol revision released on or after 2027-07-28.
 */
export function samplingKind(options: SamplingKindOptions = {}): InputKind<SamplingContext> {
  const maxToolRounds = options.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
  if (!(maxToolRounds === Infinity || (Number.isInteger(maxToolRounds) && maxToolRounds >= 0))) {
    throw new ServerDefinitionError(`samplingKind: maxToolRounds must be a non-negative integer or Infinity, not ${String(maxToolRounds)}`);
  }
  warnDeprecated("sampling", options);
  return {
    method: "sampling/createMessage",
    missingCapabilities(request, declared) {
      return missingSamplingCapabilities((request as CreateMessageRequest).params, declared);
    },
    assertValid(request) {
      const parsed = CreateMessageRequestSchema.safeParse(request);
      if (!parsed.success) throw new ServerDefinitionError(`Invalid sampling request: ${describeIssues(parsed.error)}`);
      const problems = toolLoopProblems(parsed.data.params.messages, maxToolRounds);
      if (problems.length > 0) throw new ServerDefinitionError(`Sampling request breaks the tool-loop rules: ${problems.join("; ")}`);
    },
    checkAnswer(request, answer) {
      const parsed = CreateMessageResultSchema.safeParse(answer);
      if (!parsed.success) return { ok: false, reason: `not a CreateMessageResult: ${describeIssues(parsed.error)}` };
      const problems = answerProblems(request as CreateMessageRequest, parsed.data);
      if (problems.length > 0) return { ok: false, reason: problems.join("; ") };
      return { ok: true, value: parsed.data };
    },
    contextMethods(ctx) {
      return {
        sample: (key, params) => ctx.ask(key, createMessage(params)),
      };
    },
  };
}
