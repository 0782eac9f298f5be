/** The client plugin for `sampling/createMessage`. */
import { InvalidAnswerError, type InputInfo } from "@mrtr/client";
import type { ClientInputKind } from "@mrtr/client/plugin";
import { warnDeprecated, type DeprecationOptions } from "../internal/deprecation.js";
import { describeIssues } from "../internal/issues.js";
import { answerProblems, toolLoopProblems } from "../internal/sampling-rules.js";
import type { CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult } from "../types.gen.js";
import { CreateMessageRequestSchema, CreateMessageResultSchema } from "../zod/validators.gen.js";

/**
 * Answers a sampling request with the client's model. Show the user what the
 * server asks and let them review or refuse (throw to refuse: the flow fails
 * with that error).
 *
 * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * servers call a model provider directly. Earliest removal: the first protocol
 * revision released on or after 2027-07-28.
 */
export type SamplingHandler = (params: CreateMessageRequestParams, info: InputInfo) => Promise<CreateMessageResult> | CreateMessageResult;

/**
 * Options of {@link sampling}.
 *
 * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * servers call a model provider directly. Earliest removal: the first protocol
 * revision released on or after 2027-07-28.
 */
export interface SamplingOptions extends DeprecationOptions {
  /** The handler supports `tools` and `toolChoice`: declares `sampling.tools`. */
  tools?: boolean;
  /** The handler honours `includeContext` `thisServer` / `allServers`: declares `sampling.context`. */
  context?: boolean;
}

/**
 * The client plugin for `sampling/createMessage`: pass it to
 * `createClient({ inputKinds: [sampling(handler, { tools: true })] })`. The
 * client then declares `sampling` (with `tools` / `context` as the options
 * say) in every request, and answers sampling input requests through `handler`.
 *
 * Each request is checked before the handler runs: the full-protocol
 * validator, the capability it needs (a request with `tools`/`toolChoice`
 * when `tools` is not on is refused as an UndeclaredCapabilityError;
 * `includeContext` when `context` is not on is ignored: the handler receives
 * the request without it) and
 * the tool-loop rules (refused as a ProtocolViolationError). The handler's
 * answer is validated before it is sent (InvalidAnswerError otherwise):
 * a valid `CreateMessageResult` calling only tools the request offered.
 *
 * Emits a one-time DeprecationWarning (code `MRTR_DEP_SAMPLING`) unless silenced.
 *
 * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * servers call a model provider directly. Earliest removal: the first protocol
 * revision released on or after 2027-07-28.
 */
export function sampling(handler: SamplingHandler, options: SamplingOptions = {}): ClientInputKind {
  if (typeof handler !== "function") throw new TypeError("sampling(handler): handler must be a function");
  warnDeprecated("sampling", options);
  const declared: { tools?: Record<string, never>; context?: Record<string, never> } = {};
  if (options.tools) declared.tools = {};
  if (options.context) declared.context = {};
  return {
    method: "sampling/createMessage",
    capabilities: { sampling: declared },
    check(request) {
      const parsed = CreateMessageRequestSchema.safeParse(request);
      if (!parsed.success) return { ok: false, kind: "invalid", problem: describeIssues(parsed.error) };
      const params = parsed.data.params;
      const missing: { tools?: Record<string, never>; context?: Record<string, never> } = {};
      const fixes: string[] = [];
      if ((params.tools !== undefined || params.toolChoice !== undefined) && !options.tools) {
        missing.tools = {};
        fixes.push("pass { tools: true } to sampling() if the handler supports tools");
      }
      if (fixes.length > 0) return { ok: false, kind: "undeclared", capability: { sampling: missing }, fix: `To accept such requests, ${fixes.join(" and ")}.` };
      const problems = toolLoopProblems(params.messages);
      if (problems.length > 0) return { ok: false, kind: "invalid", problem: problems.join("; ") };
      return { ok: true };
    },
    async answer(request, info) {
      const params = (request as CreateMessageRequest).params;
      // Without sampling.context declared, includeContext is ignored (client/sampling.mdx lets a client
      // ignore it): the handler gets the request without it, so it cannot act on a context it never offered.
      if (options.context || params.includeContext === undefined) return handler(params, info);
      const { includeContext: _ignored, ...rest } = params;
      return handler(rest, info);
    },
    prepare(request, answer, key) {
      const parsed = CreateMessageResultSchema.safeParse(answer);
      if (!parsed.success) throw new InvalidAnswerError(key, [`not a CreateMessageResult: ${describeIssues(parsed.error)}`]);
      const problems = answerProblems(request as CreateMessageRequest, parsed.data);
      if (problems.length > 0) throw new InvalidAnswerError(key, problems);
      return parsed.data;
    },
  };
}
