import { describe, expect, it } from "vitest";
import {
  createClient,
  FlowAbortedError,
  JsonRpcError,
  MaxRoundsError,
  ProtocolViolationError,
  UndeclaredCapabilityError,
  type RoundEvent,
} from "@mrtr/client";
import { complete, elicitation, scripted } from "./scripted.js";

const yes = async () => ({ action: "accept" as const, content: { ok: true } });
const client = (transport: Parameters<typeof createClient>[0]["transport"], extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ transport, name: "t", version: "1", elicitation: { form: yes }, backoff: { initialMs: 1, maxMs: 4 }, ...extra });

const unusualStates: [string, string][] = [
  ["unicode", "état-✓-日本語-🙂-\u0000-\u2028"],
  ["64 KiB", "x".repeat(64 * 1024)],
  ["whitespace", "  \t\n  leading and trailing  \r\n"],
  ["characters JSON escapes", "\"\\/\b\f\n\r\t\u0001\u001f"],
  ["lone surrogate", "a\ud800b"],
];

describe("automatic multi round-trips against a scripted server", () => {
  it("retries with a new id and echoes requestState byte for byte", async () => {
    for (const [what, state] of unusualStates) {
      const t = scripted((_m, i) => (i === 0 ? { resultType: "input_required", inputRequests: { k: elicitation() }, requestState: state } : complete));
      await client(t).callTool("x", { a: 1 });
      expect(t.sent.length, what).toBe(2);
      expect(t.sent[1]!.id, what).not.toBe(t.sent[0]!.id);
      expect(t.sent[1]!.params.requestState, what).toBe(JSON.parse(JSON.stringify(state)));
      expect(t.sent[1]!.params.inputResponses, what).toEqual({ k: { action: "accept", content: { ok: true } } });
      expect(t.sent[1]!.params.arguments, what).toEqual({ a: 1 });
      expect(t.sent[1]!.params.name, what).toBe("x");
    }
  });

  it("sends no requestState when the server gave none", async () => {
    const t = scripted((_m, i) => (i === 0 ? { resultType: "input_required", inputRequests: { k: elicitation() } } : complete));
    await client(t).callTool("x");
    expect("requestState" in t.sent[1]!.params).toBe(false);
  });

  it("retries at once, backing off, when only requestState comes back", async () => {
    const t = scripted((_m, i) => (i < 3 ? { resultType: "input_required", requestState: `s${i}` } : complete));
    const events: RoundEvent[] = [];
    await client(t, { onRound: (e) => events.push(e) }).callTool("x");
    expect(t.sent.map((m) => m.params.requestState)).toEqual([undefined, "s0", "s1", "s2"]);
    expect(t.sent.every((m) => !("inputResponses" in m.params))).toBe(true);
    expect(events.filter((e) => e.type === "retrying").map((e) => (e as { delayMs: number }).delayMs)).toEqual([1, 2, 4]);
  });

  it("treats a missing resultType as complete and does not retry", async () => {
    const t = scripted(() => ({ content: [{ type: "text", text: "legacy" }] }));
    const r = await client(t).callTool("x");
    expect(r.content[0]).toEqual({ type: "text", text: "legacy" });
    expect(t.sent.length).toBe(1);
  });

  it("fails after maxRounds with the last result", async () => {
    let n = 0;
    const t = scripted(() => ({ resultType: "input_required", inputRequests: { k: elicitation(`q${n++}`) }, requestState: "s" }));
    const error = await client(t, { maxRounds: 3 }).callTool("x").catch((e) => e);
    expect(error).toBeInstanceOf(MaxRoundsError);
    expect(error.lastResult.inputRequests.k.params.message).toBe("q3");
    expect(t.sent.length).toBe(4);
  });

  const violations: [string, unknown, string][] = [
    ["input_required from tools/list", { resultType: "input_required", requestState: "s" }, "tools/list"],
    ["an unknown resultType", { resultType: "partial", content: [] }, "tools/call"],
    ["input_required with neither requests nor state", { resultType: "input_required" }, "tools/call"],
    ["input_required with empty requests and no state", { resultType: "input_required", inputRequests: {} }, "tools/call"],
    ["a requestState that is not a string", { resultType: "input_required", requestState: 5 }, "tools/call"],
    ["a malformed input request", { resultType: "input_required", inputRequests: { k: { method: "elicitation/create", params: {} } } }, "tools/call"],
    ["a malformed complete result", { resultType: "complete", content: "nope" }, "tools/call"],
  ];
  for (const [what, result, method] of violations) {
    it(`refuses ${what} with a typed error and no retry`, async () => {
      const t = scripted(() => result);
      const c = client(t);
      const error = await (method === "tools/list" ? c.listTools() : c.callTool("x")).catch((e) => e);
      expect(error).toBeInstanceOf(ProtocolViolationError);
      expect(t.sent.length).toBe(1);
    });
  }

  it("refuses an input request for a mode or capability it did not declare, naming the fix", async () => {
    const url = { method: "elicitation/create", params: { mode: "url", message: "Pay", url: "https://pay.example/x" } };
    const sampling = { method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } };
    for (const [request, fix] of [[url, /elicitation\.url/], [sampling, /@mrtr\/deprecated/], [{ method: "roots/list" }, /@mrtr\/deprecated/]] as const) {
      const t = scripted(() => ({ resultType: "input_required", inputRequests: { k: request } }));
      const error = await client(t).callTool("x").catch((e) => e);
      expect(error).toBeInstanceOf(UndeclaredCapabilityError);
      expect(error.message).toMatch(fix);
      expect(t.sent.length).toBe(1);
    }
    const formOnly = scripted(() => ({ resultType: "input_required", inputRequests: { k: elicitation() } }));
    const noForm = await createClient({ transport: formOnly, name: "t", version: "1", elicitation: { url: yes } }).callTool("x").catch((e) => e);
    expect(noForm).toBeInstanceOf(UndeclaredCapabilityError);
  });

  it("surfaces server errors as JsonRpcError with code and data", async () => {
    const t = scripted(() => ({ error: { code: -32021, message: "need url", data: { requiredCapabilities: { elicitation: { url: {} } } } } }));
    const error = await client(t).callTool("x").catch((e) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
  });

  it("refuses an error response that is no JSON-RPC error, naming what is wrong, and words the issue of a malformed result", async () => {
    for (const error of [{ code: "-32602", message: "bad" }, { code: -32602.5, message: "bad" }, { code: -32602 }]) {
      const t = scripted(() => ({ error }));
      const refused = await client(t).callTool("x").catch((e) => e);
      expect(refused).toBeInstanceOf(ProtocolViolationError);
      expect(refused.message).toMatch(/error response is malformed: error\.(code|message)/);
      expect(t.sent.length).toBe(1);
    }
    const malformed = await client(scripted(() => ({ resultType: "complete", content: [{ type: "text", text: 5 }] }))).callTool("x").catch((e) => e);
    expect(malformed.message).toBe("The server's tools/call result is malformed: result.content.0.text Expected string, received number");
  });

  it("aborts in the middle of a flow, while a handler waits for the user", async () => {
    const controller = new AbortController();
    const t = scripted(() => ({ resultType: "input_required", inputRequests: { k: elicitation() }, requestState: "s" }));
    const c = client(t, {
      elicitation: {
        form: (_p, info) =>
          new Promise((_resolve, reject) => {
            info.signal.addEventListener("abort", () => reject(info.signal.reason));
            setTimeout(() => controller.abort(), 5);
          }),
      },
    });
    const error = await c.callTool("x", {}, { signal: controller.signal }).catch((e) => e);
    expect(error).toBeInstanceOf(FlowAbortedError);
    expect(error.reason).toBe("aborted");
    expect(t.sent.length).toBe(1);
  });

  it("fails with a timeout when the whole flow takes longer than its limit", async () => {
    const t = scripted(() => ({ resultType: "input_required", requestState: "s" }));
    const error = await client(t, { backoff: { initialMs: 50, maxMs: 50 }, maxRounds: 1000 }).callTool("x", {}, { timeoutMs: 120 }).catch((e) => e);
    expect(error).toBeInstanceOf(FlowAbortedError);
    expect(error.reason).toBe("timeout");
  });

  it("polls a consented URL step without asking the user again, and without counting it as a round", async () => {
    const url = { method: "elicitation/create", params: { mode: "url", message: "Connect", url: "https://idp.example/connect" } };
    let asked = 0;
    const t = scripted((_m, i) => (i < 4 ? { resultType: "input_required", inputRequests: { connect: url }, requestState: `s${i}` } : complete));
    await createClient({
      transport: t,
      name: "t",
      version: "1",
      maxRounds: 1,
      urlPolling: { intervalMs: 1, maxPolls: 5 },
      elicitation: { url: async () => (asked++, { action: "accept" }) },
    }).callTool("x");
    expect(asked).toBe(1);
    expect(t.sent.slice(1).map((m) => m.params.inputResponses)).toEqual([{ connect: { action: "accept" } }, { connect: { action: "accept" } }, { connect: { action: "accept" } }, { connect: { action: "accept" } }]);
  });

  it("declares capabilities from what is registered, in every request's _meta", async () => {
    const t = scripted(() => complete);
    await createClient({ transport: t, name: "n", version: "2", elicitation: { form: yes, url: yes } }).callTool("x");
    await createClient({ transport: t, name: "n", version: "2" }).callTool("x");
    expect(t.sent[0]!.params._meta).toEqual({
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {}, url: {} } },
      "io.modelcontextprotocol/clientInfo": { name: "n", version: "2" },
    });
    expect(t.sent[1]!.params._meta["io.modelcontextprotocol/clientCapabilities"]).toEqual({});
  });

  it("refuses a form answer outside the requested schema before sending it", async () => {
    const t = scripted(() => ({ resultType: "input_required", inputRequests: { k: elicitation() } }));
    const error = await client(t, { elicitation: { form: async () => ({ action: "accept", content: { ok: "yes" } }) } }).callTool("x").catch((e) => e);
    expect(error.name).toBe("InvalidAnswerError");
    expect(t.sent.length).toBe(1);
  });
});
