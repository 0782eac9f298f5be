/**
 * Rules of sampling that JSON Schema cannot state, shared by the server
 * plugin (checks requests before they leave, and answers on the retry) and
 * the client plugin (checks requests before its handler runs, and its
 * handler's answer before it is sent).
 *
 * The tool loop: an assistant message that calls tools (`tool_use`) is
 * followed by a user message holding only tool results (`tool_result`), one
 * per call, each naming the call's id; tool calls come only from the
 * assistant, tool results only from the user; and a conversation may hold at
 * most a set number of tool-use rounds.
 */
import type { CreateMessageRequest, CreateMessageResult, SamplingMessage, SamplingMessageContentBlock, ToolResultContent, ToolUseContent } from "../types.gen.js";

/** Tool-use rounds (assistant messages calling tools) a sampling conversation may hold, unless configured otherwise. */
export const DEFAULT_MAX_TOOL_ROUNDS = 10;

/** A message's content as a list of blocks. */
export function blocksOf(content: SamplingMessage["content"]): SamplingMessageContentBlock[] {
  return Array.isArray(content) ? content : [content];
}

const isToolUse = (b: SamplingMessageContentBlock): b is ToolUseContent => b.type === "tool_use";
const isToolResult = (b: SamplingMessageContentBlock): b is ToolResultContent => b.type === "tool_result";

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
}

const list = (ids: string[]) => ids.map((id) => JSON.stringify(id)).join(", ");

/**
 * What breaks the tool-loop rules in `messages` (empty when nothing does).
 * `maxToolRounds` bounds the number of assistant messages that call tools;
 * omitted, there is no bound.
 */
export function toolLoopProblems(messages: readonly SamplingMessage[], maxToolRounds?: number): string[] {
  const problems: string[] = [];
  let rounds = 0;
  messages.forEach((message, i) => {
    const blocks = blocksOf(message.content);
    const uses = blocks.filter(isToolUse);
    const results = blocks.filter(isToolResult);

    if (uses.length > 0) {
      if (message.role !== "assistant") {
        problems.push(`messages[${i}] is a ${message.role} message with tool_use blocks; only assistant messages call tools`);
      } else {
        rounds++;
        const ids = uses.map((u) => u.id);
        const twice = duplicates(ids);
        if (twice.length > 0) problems.push(`messages[${i}] uses the tool-use id(s) ${list(twice)} more than once`);
        const next = messages[i + 1];
        const answered = new Set(next?.role === "user" ? blocksOf(next.content).filter(isToolResult).map((r) => r.toolUseId) : []);
        const unanswered = [...new Set(ids)].filter((id) => !answered.has(id));
        if (unanswered.length > 0) {
          problems.push(
            next === undefined
              ? `messages[${i}] calls tools (${list(unanswered)}) but is the last message; a user message with their results must follow`
              : `messages[${i + 1}] does not answer the tool use(s) ${list(unanswered)} of messages[${i}]; the message after a tool call is a user message with one tool_result per tool_use`,
          );
        }
      }
    }

    if (results.length > 0) {
      if (message.role !== "user") {
        problems.push(`messages[${i}] is an ${message.role} message with tool_result blocks; tool results go in user messages`);
      }
      if (results.length !== blocks.length) {
        const others = [...new Set(blocks.filter((b) => !isToolResult(b)).map((b) => b.type))];
        problems.push(`messages[${i}] carries tool results and also ${others.join(", ")} content; a user message carrying tool results holds only tool results`);
      }
      const previous = messages[i - 1];
      const called = new Set(previous?.role === "assistant" ? blocksOf(previous.content).filter(isToolUse).map((u) => u.id) : []);
      const ids = results.map((r) => r.toolUseId);
      const unmatched = [...new Set(ids)].filter((id) => !called.has(id));
      if (unmatched.length > 0) {
        problems.push(
          i === 0
            ? `messages[0] carries tool results (${list(unmatched)}) with no assistant tool call before them`
            : `messages[${i}] has tool results for ${list(unmatched)}, which match no tool_use id of the previous assistant message (messages[${i - 1}])`,
        );
      }
      const twice = duplicates(ids);
      if (twice.length > 0) problems.push(`messages[${i}] answers the tool use(s) ${list(twice)} more than once`);
    }
  });
  if (maxToolRounds !== undefined && rounds > maxToolRounds) {
    problems.push(`the conversation holds ${rounds} tool-use rounds, more than the limit of ${maxToolRounds}`);
  }
  return problems;
}

/**
 * Why a model's answer does not fit the request it answers (empty when it
 * fits): a tool call in an answer is only allowed when the request offered
 * tools, did not say `toolChoice.mode: "none"`, and offered that tool.
 */
export function answerProblems(request: CreateMessageRequest, result: CreateMessageResult): string[] {
  const uses = blocksOf(result.content).filter(isToolUse);
  if (uses.length === 0) return [];
  const tools = request.params.tools ?? [];
  if (tools.length === 0) return ["the answer calls a tool, but the request offered no tools"];
  if (request.params.toolChoice?.mode === "none") return ['the answer calls a tool, but the request said toolChoice.mode "none"'];
  const offered = new Set(tools.map((t) => t.name));
  return uses.filter((u) => !offered.has(u.name)).map((u) => `the answer calls the tool ${JSON.stringify(u.name)}, which the request did not offer`);
}
