/**
 * Server side: sampling and roots input requests are gated by the
 * capabilities declared in THIS request, exactly like elicitation: whatever
 * is missing is answered at once with -32021 and data.requiredCapabilities,
 * in both handler styles. Answers are checked on the retry; a bad one is
 * asked for again.
 */
import { describe, expect, it } from "vitest";
import type { ClientCapabilities, InputRequests } from "@mrtr/schema";
import { createServer, inputRequired, type McpServer } from "@mrtr/server";
import { createMessage, listRoots, type CreateMessageRequestParams } from "@mrtr/deprecated";
import { schemas } from "@mrtr/deprecated/zod";
import { errorOf, request, resultOf, retry, SECRET, server, textAnswer, type DeprecatedServer } from "./helpers.js";

const text = (t: string) => ({ type: "text" as const, text: t });
const PLAIN: CreateMessageRequestParams = { messages: [{ role: "user", content: text("Hello?") }], maxTokens: 20 };
const TOOL = { name: "lookup", inputSchema: { type: "object" as const } };

/** What a test asks for, by name. */
const ASKS: Record<string, { key: string; build: () => InputRequests[string] }> = {
  sampling: { key: "s", build: () => createMessage(PLAIN) },
  samplingTools: { key: "st", build: () => createMessage({ ...PLAIN, tools: [TOOL] }) },
  samplingToolChoice: { key: "sc", build: () => createMessage({ ...PLAIN, toolChoice: { mode: "none" } }) },
  samplingThisServer: { key: "sx", build: () => createMessage({ ...PLAIN, includeContext: "thisServer" }) },
  samplingAllServers: { key: "sa", build: () => createMessage({ ...PLAIN, includeContext: "allServers" }) },
  samplingNoContext: { key: "sn", build: () => createMessage({ ...PLAIN, includeContext: "none" }) },
  roots: { key: "r", build: () => listRoots() },
  elicitation: {
    key: "e",
    build: () => ({ method: "elicitation/create", params: { mode: "form", message: "OK?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } } }),
  },
};

/** A server whose tools ask for what `arguments.asks` names: `low_level` with inputRequired, `replay` with ctx helpers. */
function asker(): DeprecatedServer {
  return server()
    .tool({
      name: "low_level",
      handler(args) {
        const inputRequests: InputRequests = {};
        for (const name of (args as { asks: string[] }).asks) inputRequests[ASKS[name]!.key] = ASKS[name]!.build();
        return inputRequired({ inputRequests });
      },
    })
    .tool({
      name: "replay",
      async handler(args, ctx) {
        await Promise.all(
          (args as { asks: string[] }).asks.map((name) => {
            const { key, build } = ASKS[name]!;
            const req = build();
            if (req.method === "sampling/createMessage") return ctx.sample(key, req.params);
            if (req.method === "roots/list") return ctx.listRoots(key);
            return ctx.elicit(key, req.params as never);
          }),
        );
        return { content: [text("done")] };
      },
    });
}

const CASES: { asks: string[]; caps: ClientCapabilities; missing: ClientCapabilities | undefined }[] = [
  { asks: ["sampling"], caps: {}, missing: { sampling: {} } },
  { asks: ["sampling"], caps: { elicitation: {} }, missing: { sampling: {} } },
  { asks: ["sampling"], caps: { sampling: {} }, missing: undefined },
  { asks: ["samplingTools"], caps: {}, missing: { sampling: { tools: {} } } },
  { asks: ["samplingTools"], caps: { sampling: {} }, missing: { sampling: { tools: {} } } },
  { asks: ["samplingTools"], caps: { sampling: { context: {} } }, missing: { sampling: { tools: {} } } },
  { asks: ["samplingTools"], caps: { sampling: { tools: {} } }, missing: undefined },
  { asks: ["samplingToolChoice"], caps: { sampling: {} }, missing: { sampling: { tools: {} } } },
  { asks: ["samplingToolChoice"], caps: { sampling: { tools: {} } }, missing: undefined },
  { asks: ["samplingThisServer"], caps: { sampling: {} }, missing: { sampling: { context: {} } } },
  { asks: ["samplingAllServers"], caps: { sampling: { tools: {} } }, missing: { sampling: { context: {} } } },
  { asks: ["samplingAllServers"], caps: { sampling: { context: {} } }, missing: undefined },
  { asks: ["samplingNoContext"], caps: { sampling: {} }, missing: undefined },
  { asks: ["samplingTools", "samplingThisServer"], caps: {}, missing: { sampling: { tools: {}, context: {} } } },
  { asks: ["roots"], caps: {}, missing: { roots: {} } },
  { asks: ["roots"], caps: { sampling: { tools: {} } }, missing: { roots: {} } },
  { asks: ["roots"], caps: { roots: {} }, missing: undefined },
  { asks: ["sampling", "roots"], caps: { roots: {} }, missing: { sampling: {} } },
  { asks: ["elicitation", "samplingTools", "roots"], caps: {}, missing: { elicitation: { form: {} }, sampling: { tools: {} }, roots: {} } },
  { asks: ["elicitation", "samplingTools", "roots"], caps: { elicitation: {}, sampling: { tools: {} }, roots: {} }, missing: undefined },
  // A declaration that is not an object (not valid on the wire) declares nothing.
  { asks: ["sampling", "roots"], caps: { sampling: true, roots: null } as never, missing: { sampling: {}, roots: {} } },
  { asks: ["samplingTools"], caps: { sampling: { tools: true } } as never, missing: { sampling: { tools: {} } } },
];

describe("capability gating of sampling and roots (-32021 with data.requiredCapabilities)", () => {
  for (const tool of ["low_level", "replay"]) {
    for (const { asks, caps, missing } of CASES) {
      const title = `${tool}: asking ${asks.join(" + ")} with ${JSON.stringify(caps)} ${missing ? `is refused, naming ${JSON.stringify(missing)}` : "is sent"}`;
      it(title, async () => {
        const response = await asker().handle(request("tools/call", { name: tool, arguments: { asks } }, caps));
        if (missing) {
          const error = errorOf(response);
          expect(error.code).toBe(-32021);
          expect(error.data).toEqual({ requiredCapabilities: missing });
          expect(schemas.MissingRequiredClientCapabilityError.safeParse(response).success).toBe(true);
        } else {
          const result = resultOf(response);
          expect(result.resultType).toBe("input_required");
          expect(Object.keys(result.inputRequests).sort()).toEqual(asks.map((a) => ASKS[a]!.key).sort());
          expect(schemas.InputRequiredResult.safeParse(result).success).toBe(true);
        }
      });
    }
  }

  it("a server without the plugin cannot ask for sampling or roots: a server bug (-32603) whose report points at @mrtr/deprecated", async () => {
    const errors: unknown[] = [];
    const plain = createServer({ name: "plain", version: "1", requestState: { secrets: [SECRET] }, onError: (e) => errors.push(e) }).tool({
      name: "t",
      handler: () => inputRequired({ inputRequests: { s: createMessage(PLAIN) } }),
    });
    const error = errorOf(await plain.handle(request("tools/call", { name: "t" }, { sampling: {} })));
    expect(error.code).toBe(-32603);
    expect(String(errors[0])).toMatch(/@mrtr\/deprecated/);
  });
});

describe("answers to sampling and roots are checked on the retry; a malformed one is -32602 naming the key", () => {
  const caps: ClientCapabilities = { sampling: { tools: {} }, roots: {} };
  const first = (asks: string[]) => request("tools/call", { name: "replay", arguments: { asks } }, caps);

  async function respond(asks: string[], responses: Record<string, unknown>) {
    const s = asker();
    const start = first(asks);
    const r1 = resultOf(await s.handle(start));
    return s.handle(retry(start, responses, r1.requestState));
  }
  const answer = async (asks: string[], responses: Record<string, unknown>) => resultOf(await respond(asks, responses));

  it("a valid CreateMessageResult and ListRootsResult complete the call", async () => {
    const done = await answer(["sampling", "roots"], { s: textAnswer("hi"), r: { roots: [{ uri: "file:///srv/app", name: "app" }] } });
    expect(done).toMatchObject({ resultType: "complete", content: [text("done")] });
  });

  const bad: [string, string[], Record<string, unknown>, string][] = [
    ["a sampling answer that is not a CreateMessageResult (no model)", ["sampling"], { s: { role: "assistant", content: text("hi") } }, "s"],
    ["an elicitation-shaped answer to a sampling question", ["sampling"], { s: { action: "accept", content: {} } }, "s"],
    [
      "a sampling answer calling a tool when the request offered none",
      ["sampling"],
      { s: { role: "assistant", content: { type: "tool_use", id: "t1", name: "lookup", input: {} }, model: "m", stopReason: "toolUse" } },
      "s",
    ],
    [
      "a sampling answer calling a tool the request did not offer",
      ["samplingTools"],
      { st: { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "rm_rf", input: {} }], model: "m", stopReason: "toolUse" } },
      "st",
    ],
    [
      'a sampling answer calling a tool under toolChoice "none"',
      ["samplingToolChoice"],
      { sc: { role: "assistant", content: { type: "tool_use", id: "t1", name: "lookup", input: {} }, model: "m" } },
      "sc",
    ],
    ["a roots answer with a non-file:// root", ["roots"], { r: { roots: [{ uri: "https://example.com/repo" }] } }, "r"],
    ["a roots answer that is not a ListRootsResult", ["roots"], { r: { roots: "file:///srv" } }, "r"],
  ];
  for (const [what, asks, responses, key] of bad) {
    it(`${what} is refused with -32602 naming the key and the rule`, async () => {
      const error = errorOf(await respond(asks, responses));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(`inputResponses.${key}`);
      expect(error.data).toMatchObject({ key, reason: expect.any(String) });
    });
  }

  it("a missing sampling answer is asked again", async () => {
    const again = await answer(["sampling"], {});
    expect(again.resultType).toBe("input_required");
    expect(Object.keys(again.inputRequests)).toEqual(["s"]);
  });

  it("a sampling answer calling an offered tool is accepted", async () => {
    const done = await answer(["samplingTools"], {
      st: { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "lookup", input: { q: "x" } }], model: "m", stopReason: "toolUse" },
    });
    expect(done.resultType).toBe("complete");
  });

  it("a FILE:// root (scheme in upper case) is a file URI", async () => {
    const done = await answer(["roots"], { r: { roots: [{ uri: "FILE:///srv/app" }] } });
    expect(done.resultType).toBe("complete");
  });
});
