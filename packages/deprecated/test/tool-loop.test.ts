/**
 * The sampling tool-loop rules, enforced before a request leaves the server
 * (a violation is a ServerDefinitionError: the client sees -32603, the
 * details go to onError) and by the client plugin before its handler runs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClient, ProtocolViolationError } from "@mrtr/client";
import { inputRequired, ServerDefinitionError } from "@mrtr/server";
import { createMessage, type CreateMessageRequest, type CreateMessageRequestParams, type SamplingMessage } from "@mrtr/deprecated";
import { samplingKind } from "@mrtr/deprecated/server";
import { sampling } from "@mrtr/deprecated/client";
import { repoRoot } from "../../../test/helpers/paths.js";
import { errorOf, request, resultOf, server, textAnswer } from "./helpers.js";

const text = (t: string) => ({ type: "text" as const, text: t });
const use = (id: string, name = "lookup") => ({ type: "tool_use" as const, id, name, input: {} });
const result = (toolUseId: string) => ({ type: "tool_result" as const, toolUseId, content: [text("42")] });
const user = (...content: SamplingMessage["content"][]): SamplingMessage => ({ role: "user", content: content.length === 1 ? content[0]! : (content as never) });
const assistant = (...content: SamplingMessage["content"][]): SamplingMessage => ({ role: "assistant", content: content.length === 1 ? content[0]! : (content as never) });
const TOOLS = [{ name: "lookup", inputSchema: { type: "object" as const } }];
const params = (messages: SamplingMessage[]): CreateMessageRequestParams => ({ messages, maxTokens: 100, tools: TOOLS });

/** `n` complete tool-use rounds after a question. */
function rounds(n: number): SamplingMessage[] {
  const out: SamplingMessage[] = [user(text("Go."))];
  for (let i = 0; i < n; i++) out.push(assistant([use(`u${i}`)] as never), user([result(`u${i}`)] as never));
  return out;
}

const BROKEN: [string, SamplingMessage[], RegExp][] = [
  ["a user message mixing tool results with text", [user(text("Q")), assistant([use("a")] as never), user([result("a"), text("and also")] as never)], /holds only tool results/],
  ["a tool result matching no tool use", [user(text("Q")), assistant([use("a")] as never), user([result("a"), result("zzz")] as never)], /"zzz", which match no tool_use id of the previous assistant message/],
  [
    "a tool result for a tool use of an earlier (not the previous) assistant message",
    [user(text("Q")), assistant([use("a")] as never), user([result("a")] as never), assistant([use("b")] as never), user([result("a"), result("b")] as never)],
    /"a", which match no tool_use id of the previous assistant message \(messages\[3\]\)/,
  ],
  ["tool results in the first message", [user([result("a")] as never)], /messages\[0\] carries tool results/],
  ["a tool use left unanswered", [user(text("Q")), assistant([use("a"), use("b")] as never), user([result("a")] as never)], /does not answer the tool use\(s\) "b"/],
  ["a tool use followed by plain text", [user(text("Q")), assistant(use("a")), user(text("never mind"))], /does not answer the tool use\(s\) "a"/],
  ["a tool use as the last message", [user(text("Q")), assistant(use("a"))], /is the last message/],
  ["a tool use in a user message", [user(use("a")), assistant(text("ok"))], /only assistant messages call tools/],
  ["tool results in an assistant message", [user(text("Q")), assistant(use("a")), assistant(result("a"))], /tool results go in user messages/],
  ["a tool-use id used twice", [user(text("Q")), assistant([use("a"), use("a")] as never), user([result("a")] as never)], /more than once/],
  ["a tool use answered twice", [user(text("Q")), assistant([use("a")] as never), user([result("a"), result("a")] as never)], /answers the tool use\(s\) "a" more than once/],
  ["more tool-use rounds than the default limit of 10", rounds(11), /11 tool-use rounds, more than the limit of 10/],
];

describe("sampling tool-loop rules on the server", () => {
  for (const style of ["low_level", "replay"] as const) {
    for (const [what, messages, message] of BROKEN) {
      it(`${style}: ${what} is a ServerDefinitionError (-32603 to the client)`, async () => {
        const errors: unknown[] = [];
        const s = server({ onError: (e) => errors.push(e) }).tool({
          name: "t",
          handler: async (_a, ctx) =>
            style === "low_level" ? inputRequired({ inputRequests: { s: createMessage(params(messages)) } }) : ((await ctx.sample("s", params(messages))), { content: [] }),
        });
        const error = errorOf(await s.handle(request("tools/call", { name: "t" }, { sampling: { tools: {} } })));
        expect(error).toEqual({ code: -32603, message: "Internal error" });
        expect(errors).toHaveLength(1);
        expect(errors[0]).toBeInstanceOf(ServerDefinitionError);
        expect((errors[0] as Error).message).toMatch(message);
      });
    }
  }

  it("a well-formed loop of exactly 10 rounds is sent", async () => {
    const s = server().tool({ name: "t", handler: () => inputRequired({ inputRequests: { s: createMessage(params(rounds(10))) } }) });
    expect(resultOf(await s.handle(request("tools/call", { name: "t" }, { sampling: { tools: {} } }))).resultType).toBe("input_required");
  });

  it("the iteration limit is an option: maxToolRounds 2 refuses 3 rounds and allows 2; Infinity lifts it", async () => {
    const kind = samplingKind({ maxToolRounds: 2, silenceDeprecationWarning: true });
    expect(() => kind.assertValid(createMessage(params(rounds(2))), {})).not.toThrow();
    expect(() => kind.assertValid(createMessage(params(rounds(3))), {})).toThrow(/3 tool-use rounds, more than the limit of 2/);
    expect(() => samplingKind({ maxToolRounds: Infinity, silenceDeprecationWarning: true }).assertValid(createMessage(params(rounds(50))), {})).not.toThrow();
    expect(() => samplingKind({ maxToolRounds: -1, silenceDeprecationWarning: true })).toThrow(ServerDefinitionError);
    expect(() => samplingKind({ maxToolRounds: 1.5, silenceDeprecationWarning: true })).toThrow(ServerDefinitionError);
  });

  it("a request the full-protocol validator rejects is a ServerDefinitionError", () => {
    const kind = samplingKind({ silenceDeprecationWarning: true });
    expect(() => kind.assertValid({ method: "sampling/createMessage", params: { messages: [] } } as never, {})).toThrow(/maxTokens/);
    expect(() => kind.assertValid(createMessage({ messages: [], maxTokens: 1, modelPreferences: { costPriority: 2 } }), {})).toThrow(ServerDefinitionError);
  });

  it("every CreateMessageRequest example in schema/examples follows the rules", () => {
    const kind = samplingKind({ silenceDeprecationWarning: true });
    const dir = join(repoRoot, "schema/examples/CreateMessageRequest");
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const example = JSON.parse(readFileSync(join(dir, file), "utf8")) as CreateMessageRequest;
      expect(() => kind.assertValid(example, {}), file).not.toThrow();
    }
  });
});

describe("sampling tool-loop rules on the client", () => {
  it("a request breaking them is refused as a protocol violation before the handler runs", async () => {
    let called = false;
    const broken = createMessage(params(BROKEN[0]![1]));
    const client = createClient({
      name: "c",
      version: "1",
      transport: { request: async (m) => ({ jsonrpc: "2.0", id: m.id, result: { resultType: "input_required", inputRequests: { s: broken }, requestState: "x" } }) },
      inputKinds: [sampling(async () => ((called = true), textAnswer("no")), { tools: true, silenceDeprecationWarning: true })],
    });
    const error = await client.callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolViolationError);
    expect((error as Error).message).toMatch(/holds only tool results/);
    expect(called).toBe(false);
  });
});
