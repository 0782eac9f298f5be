import { describe, expect, it } from "vitest";
import { inputRequired } from "@mrtr/server";
import { errorOf, request, resultOf, retry, server } from "./helpers.js";

const accept = (content: Record<string, unknown>) => ({ action: "accept", content });

function wizard() {
  const runs: number[] = [];
  const s = server().tool({
    name: "plan_trip",
    async handler(_args, ctx) {
      runs.push(1);
      const where = await ctx.elicit("destination", {
        message: "Where to?",
        requestedSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      });
      const city = (where.content as { city: string }).city;
      const nights = await ctx.elicit("nights", {
        message: `How many nights in ${city}?`,
        requestedSchema: { type: "object", properties: { n: { type: "integer", minimum: 1 } }, required: ["n"] },
      });
      const confirm = await ctx.elicit("confirm", {
        message: `Book ${String((nights.content as { n: number }).n)} nights in ${city}?`,
        requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      });
      return { content: [{ type: "text", text: `${city}/${String((nights.content as { n: number }).n)}/${String((confirm.content as { ok: boolean }).ok)}` }] };
    },
  });
  return { s, runs };
}

describe("re-run-style handlers", () => {
  it("run a three-question flow as straight-line code, each question depending on the one before", async () => {
    const { s, runs } = wizard();
    const first = request("tools/call", { name: "plan_trip", arguments: {} });
    const r1 = resultOf(await s.handle(first));
    expect(r1.resultType).toBe("input_required");
    expect(Object.keys(r1.inputRequests)).toEqual(["destination"]);

    const r2 = resultOf(await s.handle(retry(first, { destination: accept({ city: "Lyon" }) }, r1.requestState)));
    expect(Object.keys(r2.inputRequests)).toEqual(["nights"]);
    expect(r2.inputRequests.nights.params.message).toBe("How many nights in Lyon?");
    expect(r2.requestState).not.toBe(r1.requestState);

    const r3 = resultOf(await s.handle(retry(first, { nights: accept({ n: 3 }) }, r2.requestState)));
    expect(r3.inputRequests.confirm.params.message).toBe("Book 3 nights in Lyon?");

    const done = resultOf(await s.handle(retry(first, { confirm: accept({ ok: true }) }, r3.requestState)));
    expect(done).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "Lyon/3/true" }] });
    expect(runs.length).toBe(4);
  });

  it("asks for every input missing at the point the handler waits", async () => {
    const s = server().tool({
      name: "both",
      async handler(_a, ctx) {
        const schema = { type: "object" as const, properties: { v: { type: "string" as const } } };
        const [a, b] = await Promise.all([ctx.elicit("a", { message: "A?", requestedSchema: schema }), ctx.elicit("b", { message: "B?", requestedSchema: schema })]);
        return { content: [{ type: "text", text: `${a.action}${b.action}` }] };
      },
    });
    const r = resultOf(await s.handle(request("tools/call", { name: "both" })));
    expect(Object.keys(r.inputRequests).sort()).toEqual(["a", "b"]);
  });

  it("asks again, rather than failing, when an answer is missing or under the wrong key", async () => {
    const { s } = wizard();
    const first = request("tools/call", { name: "plan_trip", arguments: {} });
    const r1 = resultOf(await s.handle(first));
    for (const responses of [undefined, {}, { wrong_key: accept({ city: "Lyon" }) }]) {
      const again = resultOf(await s.handle(retry(first, responses as Record<string, unknown> | undefined, r1.requestState)));
      expect(again.resultType, JSON.stringify(responses)).toBe("input_required");
      expect(Object.keys(again.inputRequests)).toEqual(["destination"]);
    }
  });

  it("refuses content on a URL-mode accept with -32602 (accepting a URL is consent, not data)", async () => {
    const s = server().tool({
      name: "connect",
      async handler(_a, ctx) {
        await ctx.elicitUrl("link", { message: "Connect your account", url: "https://example.com/connect" });
        return { content: [] };
      },
    });
    const first = request("tools/call", { name: "connect" }, { elicitation: { url: {} } });
    const r1 = resultOf(await s.handle(first));
    const error = errorOf(await s.handle(retry(first, { link: { action: "accept", content: { token: "abc" } } }, r1.requestState)));
    expect(error).toMatchObject({ code: -32602, data: { key: "link" } });
    expect(resultOf(await s.handle(retry(first, { link: { action: "accept" } }, r1.requestState))).resultType).toBe("complete");
  });

  it("refuses a malformed answer with -32602 naming the key and the rule (a protocol error, mrtr.mdx Error Handling)", async () => {
    const { s } = wizard();
    const first = request("tools/call", { name: "plan_trip", arguments: {} });
    const r1 = resultOf(await s.handle(first));
    const cases: [unknown, RegExp][] = [
      [accept({ city: 42 }), /content\.city/],
      [{ action: "maybe" }, /not a valid ElicitResult/],
      ["yes", /not a valid ElicitResult/],
      [accept({ city: "Lyon", extra: true }), /"extra", which is not a field of the form/],
    ];
    for (const [answer, rule] of cases) {
      const error = errorOf(await s.handle(retry(first, { destination: answer }, r1.requestState)));
      expect(error.code, JSON.stringify(answer)).toBe(-32602);
      expect(error.message).toMatch(/^inputResponses\.destination does not answer the question asked: /);
      expect(error.message).toMatch(rule);
      expect(error.data).toMatchObject({ key: "destination" });
    }
  });

  it("ignores answers under keys it did not ask for", async () => {
    const { s } = wizard();
    const first = request("tools/call", { name: "plan_trip", arguments: {} });
    const r1 = resultOf(await s.handle(first));
    const r2 = resultOf(await s.handle(retry(first, { destination: accept({ city: "Oslo" }), extra: { anything: true } }, r1.requestState)));
    expect(Object.keys(r2.inputRequests)).toEqual(["nights"]);
  });

  it("detects a changed question under an already-answered key and answers -32603", async () => {
    let question = "First?";
    const errors: unknown[] = [];
    const s = server({ onError: (e) => errors.push(e) }).tool({
      name: "fickle",
      async handler(_a, ctx) {
        await ctx.elicit("k", { message: question, requestedSchema: { type: "object", properties: {} } });
        await ctx.elicit("next", { message: "Next?", requestedSchema: { type: "object", properties: {} } });
        return { content: [] };
      },
    });
    const first = request("tools/call", { name: "fickle" });
    const r1 = resultOf(await s.handle(first));
    question = "Something else?";
    const err = errorOf(await s.handle(retry(first, { k: { action: "accept", content: {} } }, r1.requestState)));
    expect(err.code).toBe(-32603);
    expect(String(errors[0])).toMatch(/different question under key "k"/);
  });
});

describe("low-level handlers", () => {
  it("get back the verified state and the valid answers on the retry", async () => {
    const seen: unknown[] = [];
    const s = server().tool({
      name: "cart",
      handler(_a, ctx) {
        seen.push({ state: ctx.state, responses: ctx.inputResponses });
        if (ctx.state === undefined) {
          return inputRequired({
            state: { cart: ["apple", "pear"] },
            inputRequests: { ok: { method: "elicitation/create", params: { message: "Buy?", requestedSchema: { type: "object", properties: {} } } } },
          });
        }
        return { content: [{ type: "text", text: "bought" }] };
      },
    });
    const first = request("tools/call", { name: "cart" });
    const r1 = resultOf(await s.handle(first));
    const done = resultOf(await s.handle(retry(first, { ok: { action: "accept", content: {} } }, r1.requestState)));
    expect(done.resultType).toBe("complete");
    expect(seen[1]).toEqual({ state: { cart: ["apple", "pear"] }, responses: { ok: { action: "accept", content: {} } } });
  });

  it("may answer with requestState only, and the client may retry at once", async () => {
    let polls = 0;
    const s = server().tool({
      name: "poll",
      handler(_a, ctx) {
        polls++;
        const n = (ctx.state as number | undefined) ?? 0;
        return n < 2 ? inputRequired({ state: n + 1 }) : { content: [{ type: "text", text: `after ${n}` }] };
      },
    });
    const first = request("tools/call", { name: "poll" });
    let r = resultOf(await s.handle(first));
    expect(r.inputRequests).toBeUndefined();
    while (r.resultType === "input_required") r = resultOf(await s.handle(retry(first, undefined, r.requestState)));
    expect(r.content[0].text).toBe("after 2");
    expect(polls).toBe(3);
  });

  it("refuses input_required from a method other than tools/call, prompts/get, resources/read with -32603", async () => {
    const errors: unknown[] = [];
    const s = server({
      onError: (e) => errors.push(e),
      listResources: () => inputRequired({ state: 1 }) as never,
    });
    const err = errorOf(await s.handle(request("resources/list")));
    expect(err.code).toBe(-32603);
    expect(String(errors[0])).toMatch(/only prompts\/get, resources\/read, tools\/call may ask for input/);
  });
});

describe("prompts and resources", () => {
  it("prompts/get asks through elicitation and completes with messages", async () => {
    const s = server().prompt({
      name: "greet",
      async handler(_args, ctx) {
        const r = await ctx.elicit("name", { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
        return { messages: [{ role: "user", content: { type: "text", text: `Hello ${(r.content as { name: string }).name}` } }] };
      },
    });
    const first = request("prompts/get", { name: "greet" });
    const r1 = resultOf(await s.handle(first));
    const done = resultOf(await s.handle(retry(first, { name: { action: "accept", content: { name: "Ada" } } }, r1.requestState)));
    expect(done).toMatchObject({ resultType: "complete", messages: [{ content: { text: "Hello Ada" } }] });
  });

  it("resources/read of a template asks for input, then reads", async () => {
    const s = server().resourceTemplate({
      name: "statement",
      uriTemplate: "bank://accounts/{id}/statement",
      async handler(uri, vars, ctx) {
        const ok = await ctx.elicitUrl("consent", { message: "Approve access", url: "https://bank.example/consent" });
        return { contents: [{ uri, text: `${vars.id}:${ok.action}` }] };
      },
    });
    const caps = { elicitation: { url: {} } };
    const first = request("resources/read", { uri: "bank://accounts/42/statement" }, caps);
    const r1 = resultOf(await s.handle(first));
    expect(r1.inputRequests.consent.params.mode).toBe("url");
    const done = resultOf(await s.handle(retry(first, { consent: { action: "accept" } }, r1.requestState)));
    expect(done.contents[0].text).toBe("42:accept");
  });
});

describe("answers without a state that asked for them", () => {
  it("are taken by a re-run-style ask when they fit the question asked now under that key, and checked like any answer", async () => {
    const { s } = wizard();
    const call = (inputResponses: Record<string, unknown>) => ({ ...request("tools/call", { name: "plan_trip", arguments: {} }), params: { ...request("tools/call", { name: "plan_trip", arguments: {} }).params, inputResponses } });
    const fits = resultOf(await s.handle(call({ destination: accept({ city: "Rome" }) })));
    expect(Object.keys(fits.inputRequests)).toEqual(["nights"]);
    expect(fits.inputRequests.nights.params.message).toBe("How many nights in Rome?");
    const misfit = resultOf(await s.handle(call({ destination: accept({ town: "Rome" }) })));
    expect(Object.keys(misfit.inputRequests)).toEqual(["destination"]);
  });
});

describe("tools with an output schema", () => {
  it("must return structured content that matches it: a mismatch is a server bug (-32603, logged)", async () => {
    const errors: unknown[] = [];
    const s = server({ onError: (e) => errors.push(e) })
      .tool({
        name: "good",
        outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
        handler: () => ({ content: [], structuredContent: { n: 3 } }),
      })
      .tool({
        name: "bad",
        outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
        handler: () => ({ content: [], structuredContent: { n: "three" } }),
      })
      .tool({
        name: "failed",
        outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
        handler: () => ({ content: [{ type: "text", text: "no luck" }], isError: true }),
      });
    expect(resultOf(await s.handle(request("tools/call", { name: "good" }))).structuredContent).toEqual({ n: 3 });
    expect(errorOf(await s.handle(request("tools/call", { name: "bad" }))).code).toBe(-32603);
    expect(String(errors[0])).toMatch(/does not match its outputSchema/);
    expect(resultOf(await s.handle(request("tools/call", { name: "failed" }))).isError).toBe(true);
  });
});
