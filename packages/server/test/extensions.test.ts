/**
 * The extension seam (src/extensions.ts): what a protocol extension may add
 * to a server (its methods, its capability, its name header, a say in a tool
 * call), and the core rules that still hold around it.
 */
import { describe, expect, it } from "vitest";
import { createHttpHandler, ServerDefinitionError, type InputContext } from "@mrtr/server";
import { extensionResult, type ServerExtension, type ToolCallPlan } from "@mrtr/server/plugin";
import { errorOf, request, resultOf, retry, server } from "./helpers.js";

const echo: ServerExtension = {
  id: "example.com/echo",
  settings: { level: 1 },
  methods: {
    "echo/say": {
      check: (r) => (typeof (r.params as { text?: unknown }).text === "string" ? undefined : "params.text must be a string"),
      serve: async (r, ctx) => ({ resultType: "complete", said: r.params.text, by: ctx.principal ?? null }),
    },
  },
  namedParams: { "echo/say": "text" },
};

describe("a server extension", () => {
  it("declares its capability under capabilities.extensions and serves its methods", async () => {
    const s = server({ extensions: [echo], principal: () => "p1" });
    expect(resultOf(await s.handle(request("server/discover"))).capabilities.extensions).toEqual({ "example.com/echo": { level: 1 } });
    expect(resultOf(await s.handle(request("echo/say", { text: "hi" })))).toEqual({ resultType: "complete", said: "hi", by: "p1" });
  });

  it("gets only requests the core has checked: the envelope (-32600), _meta (-32602), then its own check (-32602)", async () => {
    const s = server({ extensions: [echo] });
    expect(errorOf(await s.handle({ jsonrpc: "2.0", id: null, method: "echo/say", params: {} })).code).toBe(-32600);
    expect(errorOf(await s.handle({ jsonrpc: "2.0", id: 1, method: "echo/say", params: { text: "x" } })).code).toBe(-32602);
    const own = errorOf(await s.handle(request("echo/say", { text: 5 })));
    expect(own).toMatchObject({ code: -32602, message: "Invalid params for echo/say: params.text must be a string" });
    const version = request("echo/say", { text: "x" });
    version.params._meta["io.modelcontextprotocol/protocolVersion"] = "1999-01-01";
    expect(errorOf(await s.handle(version)).code).toBe(-32022);
  });

  it("is refused at creation when it repeats an id or takes a core method", () => {
    expect(() => server({ extensions: [echo, echo] })).toThrow(ServerDefinitionError);
    expect(() => server({ extensions: [{ id: "x", methods: { "tools/call": echo.methods!["echo/say"]! } }] })).toThrow(/the core serves it/);
  });

  it("has its named params checked against Mcp-Name over HTTP like a tool's name", async () => {
    const handler = createHttpHandler(server({ extensions: [echo] }));
    const post = (headers: Record<string, string>) =>
      handler(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "echo/say", ...headers },
          body: JSON.stringify(request("echo/say", { text: "hello" })),
        }),
      );
    expect((await post({ "mcp-name": "hello" })).status).toBe(200);
    const wrong = await post({ "mcp-name": "bye" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: number } }).error.code).toBe(-32020);
    expect((await post({})).status).toBe(400);
  });

  it("may take a tool call over: multi round-trips first, then its own answer passes through as it is", async () => {
    let diverted: ((answer: unknown) => void) | undefined;
    const controller = new AbortController();
    const takeover: ServerExtension = {
      id: "example.com/takeover",
      toolCall: ({ definition }): ToolCallPlan | undefined =>
        definition.name !== "handed-over"
          ? undefined
          : {
              diversion: {
                signal: controller.signal,
                progress: () => undefined,
                // Questions after the first answer come through the extension instead of a round.
                unanswered: (key) => (key === "later" ? new Promise((resolve) => (diverted = resolve)) : undefined),
              },
              run: async (run) => {
                const outcome = run();
                const first = await Promise.race([outcome, new Promise((r) => setTimeout(r, 20, "pending"))]);
                if (first !== "pending") return first;
                outcome.catch(() => undefined);
                return extensionResult({ resultType: "handed", note: "running elsewhere" });
              },
            },
    };
    const s = server({ extensions: [takeover] });
    let signal: AbortSignal | undefined;
    let later: unknown;
    s.tool({
      name: "handed-over",
      async handler(_a, ctx: InputContext) {
        signal = ctx.signal;
        await ctx.elicit("first", { message: "First?", requestedSchema: { type: "object", properties: {} } });
        later = await ctx.elicit("later", { message: "Later?", requestedSchema: { type: "object", properties: {} } });
        return { content: [] };
      },
    });
    const opening = request("tools/call", { name: "handed-over", arguments: {} });
    const round = resultOf(await s.handle(opening));
    expect(round).toMatchObject({ resultType: "input_required", inputRequests: { first: {} } });
    const handed = resultOf(await s.handle(retry(opening, { first: { action: "accept", content: {} } }, round.requestState)));
    expect(handed).toEqual({ resultType: "handed", note: "running elsewhere" });
    expect(signal).toBe(controller.signal);
    diverted?.({ action: "decline" });
    await new Promise((r) => setTimeout(r, 0));
    expect(later).toEqual({ action: "decline" });
  });
});
