/**
 * One answer path: automatic and manual mode send an answer only after the
 * same per-kind `prepare` step, which validates it, drops what the protocol
 * does not define and raises InvalidAnswerError — never a raw ZodError.
 */
import { describe, expect, it } from "vitest";
import { createClient, InvalidAnswerError, McpClientError, type PendingInput } from "@mrtr/client";
import { complete, elicitation, scripted } from "./scripted.js";

const url = { method: "elicitation/create", params: { mode: "url", message: "Sign in", url: "https://example.com/login", elicitationId: "e1" } };
const asks = (requests: Record<string, unknown>) => (_m: unknown, i: number) =>
  i === 0 ? { resultType: "input_required", inputRequests: requests, requestState: "s" } : complete;

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => expect.unreachable("expected a failure"), (error: unknown) => error);
}

describe("manual resume prepares answers like automatic mode", () => {
  it("refuses an answer that is no ElicitResult with InvalidAnswerError naming the key, and sends nothing", async () => {
    const t = scripted(asks({ k: elicitation() }));
    const c = createClient({ transport: t, name: "m", version: "1", elicitation: { form: "manual" } });
    const pending = (await c.start("tools/call", { name: "x" })) as PendingInput;
    const error = await failure(c.resume(pending, { k: { action: "maybe", content: 42 } }));
    expect(error).toBeInstanceOf(InvalidAnswerError);
    expect((error as InvalidAnswerError).key).toBe("k");
    expect(t.sent.length).toBe(1);
  });

  it("drops answers under keys the round did not ask, and fields the protocol does not define", async () => {
    const t = scripted(asks({ k: elicitation() }));
    const c = createClient({ transport: t, name: "m", version: "1", elicitation: { form: "manual" } });
    const pending = (await c.start("tools/call", { name: "x" })) as PendingInput;
    await c.resume(pending, { k: { action: "accept", content: { ok: true }, note: "mine" }, extra: "junk" });
    expect(t.sent[1]!.params.inputResponses).toEqual({ k: { action: "accept", content: { ok: true } } });
  });

  it("sends only the action of a URL-mode answer and of a declined form", async () => {
    const t = scripted(asks({ u: url, k: elicitation() }));
    const c = createClient({ transport: t, name: "m", version: "1", elicitation: { form: "manual", url: "manual" } });
    const pending = (await c.start("tools/call", { name: "x" })) as PendingInput;
    await c.resume(pending, { u: { action: "accept", content: { token: "secret" } }, k: { action: "decline", content: { ok: true } } });
    expect(t.sent[1]!.params.inputResponses).toEqual({ u: { action: "accept" }, k: { action: "decline" } });
  });

  it("fills form defaults and checks the form in manual mode", async () => {
    const withDefault = { method: "elicitation/create", params: { mode: "form", message: "n?", requestedSchema: { type: "object", properties: { n: { type: "integer", default: 3 } } } } };
    const t = scripted(asks({ k: withDefault }));
    const c = createClient({ transport: t, name: "m", version: "1", elicitation: { form: "manual" } });
    const pending = (await c.start("tools/call", { name: "x" })) as PendingInput;
    await c.resume(pending, { k: { action: "accept", content: {} } });
    expect(t.sent[1]!.params.inputResponses).toEqual({ k: { action: "accept", content: { n: 3 } } });
    const again = (await createClient({ transport: scripted(asks({ k: withDefault })), name: "m", version: "1", elicitation: { form: "manual" } }).start("tools/call", { name: "x" })) as PendingInput;
    expect(await failure(c.resume(again, { k: { action: "accept", content: { n: "three" } } }))).toBeInstanceOf(InvalidAnswerError);
  });
});

describe("automatic mode raises the client's own errors", () => {
  it("turns a handler's malformed answer into InvalidAnswerError, not a ZodError", async () => {
    const t = scripted(asks({ k: elicitation() }));
    const c = createClient({ transport: t, name: "a", version: "1", elicitation: { form: async () => ({ action: "maybe" }) as never } });
    const error = await failure(c.callTool("x"));
    expect(error).toBeInstanceOf(InvalidAnswerError);
    expect(error).toBeInstanceOf(McpClientError);
  });

  it("refuses two input kinds for one method at creation", () => {
    const kind = { method: "elicitation/create", capabilities: {}, check: () => ({ ok: true as const }), answer: async () => ({}), prepare: (_r: unknown, a: unknown) => a };
    expect(() => createClient({ transport: scripted(() => complete), name: "a", version: "1", elicitation: { form: "manual" }, inputKinds: [kind] })).toThrow(McpClientError);
  });
});
