/**
 * Client side: the plugins declare `sampling` (+ `tools` / `context` as the
 * handler says) and `roots`; requests are checked with the full-protocol
 * validators before a handler runs; answers are validated before they are
 * sent. A core-only client refuses sampling and roots, naming the fix.
 */
import { describe, expect, it } from "vitest";
import { createClient, InvalidAnswerError, ProtocolViolationError, UndeclaredCapabilityError } from "@mrtr/client";
import type { ClientInputKind } from "@mrtr/client/plugin";
import { createMessage, listRoots, type CreateMessageRequestParams } from "@mrtr/deprecated";
import { roots, sampling, type SamplingHandler } from "@mrtr/deprecated/client";
import type { InputRequests } from "@mrtr/schema";
import { textAnswer } from "./helpers.js";

const quiet = { silenceDeprecationWarning: true };
const PLAIN: CreateMessageRequestParams = { messages: [{ role: "user", content: { type: "text", text: "Hi?" } }], maxTokens: 10 };
const TOOL = { name: "lookup", inputSchema: { type: "object" as const } };

/** A client whose server answers every call with `input_required` asking `inputRequests`, then completes. */
function clientAsked(inputRequests: InputRequests, inputKinds: ClientInputKind[], sent: Record<string, any>[] = []) {
  return createClient({
    name: "c",
    version: "1",
    transport: {
      async request(m) {
        sent.push(JSON.parse(JSON.stringify(m)));
        const retried = (m.params as Record<string, unknown>).inputResponses !== undefined;
        return { jsonrpc: "2.0", id: m.id, result: retried ? { resultType: "complete", content: [] } : { resultType: "input_required", inputRequests, requestState: "st" } };
      },
    },
    inputKinds,
  });
}

const noHandler: SamplingHandler = () => {
  throw new Error("handler must not run");
};

describe("declared capabilities", () => {
  it("sampling(handler) declares sampling; { tools: true } adds sampling.tools; { context: true } adds sampling.context; roots(list) declares roots", () => {
    expect(createClient({ name: "c", version: "1", transport: { request: async () => ({ jsonrpc: "2.0", id: 0, result: {} }) }, inputKinds: [sampling(noHandler, quiet)] }).capabilities).toEqual({ sampling: {} });
    const all = createClient({
      name: "c",
      version: "1",
      transport: { request: async () => ({ jsonrpc: "2.0", id: 0, result: {} }) },
      elicitation: { form: async () => ({ action: "decline" }) },
      inputKinds: [sampling(noHandler, { tools: true, context: true, ...quiet }), roots([], quiet)],
    });
    expect(all.capabilities).toEqual({ elicitation: { form: {} }, sampling: { tools: {}, context: {} }, roots: {} });
  });

  it("every request carries the declared capabilities in _meta", async () => {
    const sent: Record<string, any>[] = [];
    await clientAsked({ s: createMessage(PLAIN) }, [sampling(() => textAnswer("ok"), { tools: true, ...quiet }), roots([], quiet)], sent).callTool("t");
    for (const m of sent) expect(m.params._meta["io.modelcontextprotocol/clientCapabilities"]).toEqual({ sampling: { tools: {} }, roots: {} });
  });
});

describe("requests the client cannot serve are refused before any handler runs", () => {
  const undeclared: [string, CreateMessageRequestParams, Parameters<typeof sampling>[1], object][] = [
    ["a request with tools when the handler does not support tools", { ...PLAIN, tools: [TOOL] }, {}, { sampling: { tools: {} } }],
    ["a request with toolChoice when the handler does not support tools", { ...PLAIN, toolChoice: { mode: "auto" } }, { context: true }, { sampling: { tools: {} } }],
    ["a request with tools and includeContext allServers", { ...PLAIN, tools: [TOOL], includeContext: "allServers" }, {}, { sampling: { tools: {} } }],
  ];
  for (const [what, params, options, capability] of undeclared) {
    it(`${what}: UndeclaredCapabilityError naming ${JSON.stringify(capability)} and the fix`, async () => {
      const error = await clientAsked({ s: createMessage(params) }, [sampling(noHandler, { ...options, ...quiet })]).callTool("t").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UndeclaredCapabilityError);
      expect((error as UndeclaredCapabilityError).capability).toEqual(capability);
      expect((error as Error).message).toMatch(/pass \{ (tools|context): true \} to sampling\(\)/);
    });
  }

  it("ignores includeContext when sampling.context is not declared: the handler gets the request without it (client/sampling.mdx)", async () => {
    const seen: CreateMessageRequestParams[] = [];
    const handler = (params: CreateMessageRequestParams) => (seen.push(params), textAnswer("ok"));
    for (const includeContext of ["thisServer", "allServers"] as const) {
      const done = await clientAsked({ s: createMessage({ ...PLAIN, includeContext }) }, [sampling(handler, quiet)]).callTool("t");
      expect(done.content).toEqual([]);
    }
    expect(seen.map((p) => "includeContext" in p)).toEqual([false, false]);
    await clientAsked({ s: createMessage({ ...PLAIN, includeContext: "thisServer" }) }, [sampling(handler, { context: true, ...quiet })]).callTool("t");
    expect(seen[2]!.includeContext).toBe("thisServer");
  });

  it("includeContext none and no tools need nothing more than sampling", async () => {
    const done = await clientAsked({ s: createMessage({ ...PLAIN, includeContext: "none" }) }, [sampling(() => textAnswer("ok"), quiet)]).callTool("t");
    expect(done.content).toEqual([]);
  });

  it("a sampling request the full-protocol validator rejects is a ProtocolViolationError", async () => {
    const bad = { method: "sampling/createMessage", params: { messages: [{ role: "robot", content: { type: "text", text: "x" } }], maxTokens: 1 } };
    const error = await clientAsked({ s: bad as never }, [sampling(noHandler, quiet)]).callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolViolationError);
    expect((error as Error).message).toMatch(/messages\.0\.role/);
  });

  it("a roots request the full-protocol validator rejects is a ProtocolViolationError", async () => {
    const error = await clientAsked({ r: { method: "roots/list", params: "all" } as never }, [roots([], quiet)]).callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolViolationError);
  });

  it("a core-only client refuses sampling and roots as undeclared, naming @mrtr/deprecated and the plugin", async () => {
    for (const [request, capability, plugin] of [
      [createMessage(PLAIN), { sampling: {} }, "sampling"],
      [listRoots(), { roots: {} }, "roots"],
    ] as const) {
      const error = await clientAsked({ k: request }, []).callTool("t").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UndeclaredCapabilityError);
      expect((error as UndeclaredCapabilityError).capability).toEqual(capability);
      expect((error as Error).message).toContain("@mrtr/deprecated");
      expect((error as Error).message).toContain(`${plugin} plugin`);
    }
  });
});

describe("answers are validated before they are sent", () => {
  it("the sampling handler gets the params and its valid answer goes back as is", async () => {
    const sent: Record<string, any>[] = [];
    const seen: unknown[] = [];
    const answer = { role: "assistant" as const, content: [{ type: "text" as const, text: "a" }], model: "m", stopReason: "endTurn", _meta: { x: 1 } };
    await clientAsked({ s: createMessage(PLAIN) }, [sampling((p, info) => (seen.push([p, info.key]), answer), quiet)], sent).callTool("t");
    expect(seen).toEqual([[PLAIN, "s"]]);
    expect(sent[1]!.params.inputResponses).toEqual({ s: answer });
  });

  const badAnswers: [string, CreateMessageRequestParams, unknown][] = [
    ["not a CreateMessageResult (no model)", PLAIN, { role: "assistant", content: { type: "text", text: "a" } }],
    ["a tool call when the request offered no tools", PLAIN, { role: "assistant", content: { type: "tool_use", id: "1", name: "lookup", input: {} }, model: "m" }],
    ["a call of a tool the request did not offer", { ...PLAIN, tools: [TOOL] }, { role: "assistant", content: [{ type: "tool_use", id: "1", name: "other", input: {} }], model: "m" }],
  ];
  for (const [what, params, answer] of badAnswers) {
    it(`a sampling answer that is ${what} is an InvalidAnswerError and is not sent`, async () => {
      const sent: Record<string, any>[] = [];
      const error = await clientAsked({ s: createMessage(params) }, [sampling(() => answer as never, { tools: true, ...quiet })], sent).callTool("t").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidAnswerError);
      expect(sent).toHaveLength(1);
    });
  }

  it("roots: a fixed list goes back as { roots }; a function is called per request", async () => {
    const sent: Record<string, any>[] = [];
    await clientAsked({ r: listRoots() }, [roots([{ uri: "file:///srv/a", name: "a" }], quiet)], sent).callTool("t");
    expect(sent[1]!.params.inputResponses).toEqual({ r: { roots: [{ uri: "file:///srv/a", name: "a" }] } });
    let calls = 0;
    const sent2: Record<string, any>[] = [];
    await clientAsked({ r: listRoots() }, [roots(async () => (calls++, [{ uri: "file:///srv/b" }]), quiet)], sent2).callTool("t");
    expect(calls).toBe(1);
    expect(sent2[1]!.params.inputResponses).toEqual({ r: { roots: [{ uri: "file:///srv/b" }] } });
  });

  it("roots: a non-file:// root from a function is an InvalidAnswerError; in a fixed list, a TypeError at once", async () => {
    const error = await clientAsked({ r: listRoots() }, [roots(() => [{ uri: "https://example.com/x" }], quiet)]).callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidAnswerError);
    expect((error as Error).message).toMatch(/not a file:\/\/ URI/);
    expect(() => roots([{ uri: "https://example.com/x" }], quiet)).toThrow(TypeError);
    expect(() => roots([{ uri: "not a uri" }], quiet)).toThrow(TypeError);
    expect(() => roots("file:///x" as never, quiet)).toThrow(TypeError);
  });
});
