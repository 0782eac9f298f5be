import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createServer, inputRequired } from "@mrtr/server";
import { OTHER_SECRET, SECRET, errorOf, request, resultOf, retry, server, type AnyResult } from "./helpers.js";

const FORM = { type: "object" as const, properties: { ok: { type: "boolean" as const } } };

/** A server whose tools and prompt each ask one question, then complete. */
function asking(options: Parameters<typeof server>[0] = {}) {
  const handler = async (_a: unknown, ctx: { elicit: (k: string, p: never) => Promise<unknown> }) => {
    await ctx.elicit("q", { message: "Sure?", requestedSchema: FORM } as never);
    return { content: [{ type: "text" as const, text: "done" }] };
  };
  return server(options)
    .tool({ name: "a", handler: handler as never })
    .tool({ name: "b", handler: handler as never })
    .prompt({ name: "p", handler: (async (_a: unknown, ctx: never) => { await handler(_a, ctx); return { messages: [] }; }) as never });
}

const answer = { q: { action: "accept", content: { ok: true } } };

async function firstState(s: ReturnType<typeof asking>, first: ReturnType<typeof request>, transport?: unknown) {
  const r = resultOf(await s.handle(first, { request: transport }));
  expect(r.resultType).toBe("input_required");
  return r.requestState as string;
}

describe("requestState across instances", () => {
  it("completes a retry served by a second instance that shares only the secrets", async () => {
    const first = request("tools/call", { name: "a", arguments: { x: 1 } });
    const state = await firstState(asking(), first);
    const done = resultOf(await asking().handle(retry(first, answer, state)));
    expect(done).toMatchObject({ resultType: "complete", content: [{ text: "done" }] });
  });

  it("rotates keys: the old key still opens, the new key seals, a retired key is refused", async () => {
    const first = request("tools/call", { name: "a" });
    const old = await firstState(asking({ requestState: { secrets: [OTHER_SECRET] } }), first);
    const rotated = asking({ requestState: { secrets: [SECRET, OTHER_SECRET] } });
    expect(resultOf(await rotated.handle(retry(first, answer, old))).resultType).toBe("complete");
    const fresh = await firstState(rotated, first);
    expect(resultOf(await asking({ requestState: { secrets: [SECRET] } }).handle(retry(first, answer, fresh))).resultType).toBe("complete");
    const retired = asking({ requestState: { secrets: [SECRET] } });
    expect(errorOf(await retired.handle(retry(first, answer, old)))).toEqual({ code: -32602, message: "invalid or expired requestState" });
  });

  it("refuses secrets shorter than 32 bytes at start", () => {
    expect(() => createServer({ name: "x", version: "1", requestState: { secrets: ["short"] } })).toThrow(/32 bytes/);
  });
});

describe("every tampered or replayed requestState gets the identical error", () => {
  const identical = { code: -32602, message: "invalid or expired requestState" };

  it("each byte of a sealed state flipped", async () => {
    const s = asking();
    const first = request("tools/call", { name: "a" });
    const state = await firstState(s, first);
    const reasons = new Set<string>();
    const logged = asking({ onRequestStateRejected: (r) => reasons.add(r) });
    for (let i = 0; i < state.length; i++) {
      const c = state.charCodeAt(i);
      const flipped = state.slice(0, i) + String.fromCharCode(c === 65 ? 66 : 65) + state.slice(i + 1);
      if (flipped === state) continue;
      const r = await logged.handle(retry(first, answer, flipped));
      expect(errorOf(r), `byte ${i}`).toEqual(identical);
    }
    expect(reasons.size).toBeGreaterThan(0);
    expect(errorOf(await s.handle(retry(first, answer, `${state}-TAMPERED`)))).toEqual(identical);
  });

  it("state moved to another tool, other arguments, another method, another principal or audience", async () => {
    const principalOf = ({ request }: { request: unknown }) => (request as { user?: string } | undefined)?.user;
    const s = asking({ principal: principalOf });
    const first = request("tools/call", { name: "a", arguments: { x: 1 } });
    const state = await firstState(s, first, { user: "alice" });
    const cases: [string, AnyResult, unknown][] = [
      ["another tool", { ...retry(first, answer, state), params: { ...retry(first, answer, state).params, name: "b" } }, { user: "alice" }],
      ["other arguments", { ...retry(first, answer, state), params: { ...retry(first, answer, state).params, arguments: { x: 2 } } }, { user: "alice" }],
      ["another method", retry(request("prompts/get", { name: "p" }), answer, state), { user: "alice" }],
      ["another principal", retry(first, answer, state), { user: "mallory" }],
      ["principal absent on the retry", retry(first, answer, state), undefined],
    ];
    for (const [what, message, transport] of cases) {
      expect(errorOf(await s.handle(message, { request: transport })), what).toEqual(identical);
    }
    const otherAudience = asking({ principal: principalOf, requestState: { secrets: [SECRET], audience: "another-server" } });
    expect(errorOf(await otherAudience.handle(retry(first, answer, state), { request: { user: "alice" } }))).toEqual(identical);
    // And the untouched retry still works.
    expect(resultOf(await s.handle(retry(first, answer, state), { request: { user: "alice" } })).resultType).toBe("complete");
  });

  it("expired, issued in the future, unknown key id", async () => {
    let now = Date.parse("2026-11-30T12:00:00Z");
    const s = asking({ requestState: { secrets: [SECRET], ttlSeconds: 60, now: () => now } });
    const first = request("tools/call", { name: "a" });
    const state = await firstState(s, first);
    now += 61_000 + 60_000;
    expect(errorOf(await s.handle(retry(first, answer, state)))).toEqual(identical);
    now -= 10 * 60_000;
    expect(errorOf(await s.handle(retry(first, answer, state)))).toEqual(identical);
    const unknownKey = asking({ requestState: { secrets: [OTHER_SECRET] } });
    expect(errorOf(await unknownKey.handle(retry(first, answer, state)))).toEqual(identical);
  });

  it("a state consumed once is refused the second time when the handler demands it", async () => {
    const s = server().tool({
      name: "pay",
      async handler(_a, ctx) {
        if (ctx.state === undefined) return inputRequired({ state: { amount: 5 } });
        await ctx.consumeOnce();
        return { content: [{ type: "text", text: "paid" }] };
      },
    });
    const first = request("tools/call", { name: "pay" });
    const r1 = resultOf(await s.handle(first));
    expect(resultOf(await s.handle(retry(first, undefined, r1.requestState))).content[0].text).toBe("paid");
    expect(errorOf(await s.handle(retry(first, undefined, r1.requestState)))).toEqual(identical);
  });
});

describe("capability gating", () => {
  const caseOf = (caps: Record<string, unknown>) => JSON.stringify(caps);
  const declared: Record<string, unknown>[] = [
    {},
    { elicitation: {} },
    { elicitation: { form: {} } },
    { elicitation: { url: {} } },
    { elicitation: { form: {}, url: {} } },
    { experimental: { x: {} } },
  ];
  const formOk = (c: Record<string, any>) => !!c.elicitation && (c.elicitation.form !== undefined || c.elicitation.url === undefined);
  const urlOk = (c: Record<string, any>) => c.elicitation?.url !== undefined;

  for (const caps of declared) {
    for (const mode of ["form", "url"] as const) {
      it(`${mode} elicitation with ${caseOf(caps)} declared`, async () => {
        const s = server().tool({
          name: "t",
          async handler(_a, ctx) {
            if (mode === "form") await ctx.elicit("k", { message: "?", requestedSchema: FORM });
            else await ctx.elicitUrl("k", { message: "?", url: "https://example.com/connect" });
            return { content: [] };
          },
        });
        const response = await s.handle(request("tools/call", { name: "t" }, caps));
        const allowed = mode === "form" ? formOk(caps) : urlOk(caps);
        if (allowed) {
          const r = resultOf(response);
          expect(r.inputRequests.k.method).toBe("elicitation/create");
        } else {
          expect(errorOf(response)).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { [mode]: {} } } } });
        }
      });
    }
  }

  it("reports every missing capability of a round at once, for the low-level style too", async () => {
    const s = server().tool({
      name: "t",
      handler: () =>
        inputRequired({
          inputRequests: {
            f: { method: "elicitation/create", params: { message: "?", requestedSchema: FORM } },
            u: { method: "elicitation/create", params: { mode: "url", message: "?", url: "https://example.com/x" } },
          },
        }),
    });
    expect(errorOf(await s.handle(request("tools/call", { name: "t" }, {})))).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { form: {}, url: {} } } },
    });
  });
});

describe("malformed input never crashes the server", () => {
  it("answers every arbitrary JSON value or text with a JSON-RPC error or nothing (seeded)", async () => {
    const s = asking();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string(), fc.record({ jsonrpc: fc.constant("2.0"), id: fc.integer(), method: fc.constantFrom("tools/call", "prompts/get", "server/discover"), params: fc.jsonValue() })), async (input) => {
        const r = await s.handle(input as never);
        if (r !== undefined) expect("error" in r || "result" in r).toBe(true);
      }),
      { seed: 20261130, numRuns: 500 },
    );
  });

  it("maps the classic failures to their codes", async () => {
    const s = asking();
    expect(errorOf(await s.handle("{not json")).code).toBe(-32700);
    expect(errorOf(await s.handle({ jsonrpc: "2.0", id: 1 })).code).toBe(-32600);
    expect(errorOf(await s.handle(request("initialize"))).code).toBe(-32601);
    const noMeta = request("tools/call", { name: "a" }) as AnyResult;
    delete noMeta.params._meta["io.modelcontextprotocol/clientCapabilities"];
    expect(errorOf(await s.handle(noMeta)).code).toBe(-32602);
    const v = request("tools/call", { name: "a" }) as AnyResult;
    v.params._meta["io.modelcontextprotocol/protocolVersion"] = "v999.0.0";
    expect(errorOf(await s.handle(v))).toMatchObject({ code: -32022, data: { supported: ["2026-07-28"], requested: "v999.0.0" } });
  });

  it("never lets a throwing handler's message reach the client", async () => {
    const s = server().tool({ name: "boom", handler: () => { throw new Error("database password is hunter2"); } });
    expect(errorOf(await s.handle(request("tools/call", { name: "boom" })))).toEqual({ code: -32603, message: "Internal error" });
  });
});
