import { PassThrough } from "node:stream";
import { createServer, createHttpHandler, inProcessTransport, McpInvalidParamsError, type Middleware, type ServedCall } from "@mrtr/server";
import { serveStdio } from "@mrtr/server/stdio";
import { describe, expect, it } from "vitest";
import { errorOf, request, resultOf, retry, SECRET } from "../helpers.js";
import { askingServer, call, initialize, session, until } from "../legacy/helpers.js";

const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };
const accept = (name: string) => ({ action: "accept", content: { name } });

/** A server whose `three` tool asks three questions, one round each. */
function threeRounds() {
  return createServer({ name: "mw", version: "1.0.0", requestState: { secrets: [SECRET] } }).tool({
    name: "three",
    async handler(_args, ctx) {
      const names: string[] = [];
      for (const key of ["a", "b", "c"]) {
        const r = await ctx.elicit(key, { message: `${key}?`, requestedSchema: NAME });
        names.push(String(r.content?.name));
      }
      return { content: [{ type: "text", text: names.join(" ") }] };
    },
  });
}

/** A middleware that records each call it sees. */
function recorder() {
  const seen: ServedCall[] = [];
  const layer: Middleware = (c, next) => {
    seen.push(c);
    return next();
  };
  return { seen, layer };
}

describe("server.use: middleware around every request", () => {
  it("runs in the order of use, outermost first, around the handler, and passes the result through", async () => {
    const order: string[] = [];
    const layer = (name: string): Middleware => async (_c, next) => {
      order.push(`${name} in`);
      const result = await next();
      order.push(`${name} out`);
      return { ...result, seenBy: [...((result.seenBy as string[]) ?? []), name] };
    };
    const s = createServer({ name: "mw", version: "1.0.0" }).tool({
      name: "t",
      handler: () => {
        order.push("handler");
        return { content: [] };
      },
    });
    s.use(layer("outer")).use(layer("inner"));
    const result = resultOf(await s.handle(request("tools/call", { name: "t", arguments: {} })));
    expect(order).toEqual(["outer in", "inner in", "handler", "inner out", "outer out"]);
    expect(result.seenBy).toEqual(["inner", "outer"]);
  });

  it("describes the call: method, id, name, principal, owner, binding, era, version and round", async () => {
    const { seen, layer } = recorder();
    const s = createServer({ name: "mw", version: "1.0.0", principal: () => "alice" })
      .tool({ name: "t", handler: () => ({ content: [] }) })
      .prompt({ name: "p", handler: () => ({ messages: [] }) })
      .resource({ uri: "test://r", name: "r", handler: (uri) => ({ contents: [{ uri, text: "" }] }) })
      .use(layer);
    const client = inProcessTransport(s);
    const first = request("tools/call", { name: "t", arguments: { x: 1 } });
    await client.request(first as never);
    await client.request(request("prompts/get", { name: "p" }) as never);
    await client.request(request("resources/read", { uri: "test://r" }) as never);
    await client.request(request("tools/list") as never);
    expect(seen.map((c) => [c.method, c.name])).toEqual([
      ["tools/call", "t"],
      ["prompts/get", "p"],
      ["resources/read", "test://r"],
      ["tools/list", undefined],
    ]);
    const [c] = seen;
    expect(c).toMatchObject({ id: first.id, principal: "alice", owner: "principal:alice", transport: "in-process", era: "modern", protocolVersion: "2026-07-28" });
    expect(c!.params).toMatchObject({ name: "t", arguments: { x: 1 } });
    expect(c!.flow?.round).toBe(1);
    expect(c!.flow?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[3]!.flow).toBeUndefined();
  });

  it("recognises the rounds of one flow across server instances: the flow id and round travel sealed in the requestState", async () => {
    const a = recorder();
    const b = recorder();
    const one = threeRounds().use(a.layer);
    const two = threeRounds().use(b.layer);
    const first = request("tools/call", { name: "three", arguments: {} });
    const r1 = resultOf(await one.handle(first));
    const r2 = resultOf(await two.handle(retry(first, { a: accept("x") }, r1.requestState)));
    const r3 = resultOf(await one.handle(retry(first, { a: accept("x"), b: accept("y") }, r2.requestState)));
    const r4 = resultOf(await two.handle(retry(first, { c: accept("z") }, r3.requestState)));
    expect(r4.content).toEqual([{ type: "text", text: "x y z" }]);
    const flows = [a.seen[0], b.seen[0], a.seen[1], b.seen[1]].map((c) => c!.flow);
    expect(flows.map((f) => f?.round)).toEqual([1, 2, 3, 4]);
    expect(new Set(flows.map((f) => f?.id)).size).toBe(1);
    // Another flow of the same call is another flow.
    const again = request("tools/call", { name: "three", arguments: {} });
    await one.handle(again);
    expect(a.seen[2]!.flow?.id).not.toBe(flows[0]!.id);
  });

  it("leaves the flow out for a requestState that cannot be opened, and the call still fails with -32602", async () => {
    const { seen, layer } = recorder();
    const s = threeRounds().use(layer);
    const first = request("tools/call", { name: "three", arguments: {} });
    const error = errorOf(await s.handle(retry(first, { a: accept("x") }, "not-a-state")));
    expect(error.code).toBe(-32602);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.flow).toBeUndefined();
  });

  it("may answer without the handler (its own result, or a typed error with its code)", async () => {
    let ran = 0;
    const s = createServer({ name: "mw", version: "1.0.0" }).tool({
      name: "t",
      handler: () => {
        ran++;
        return { content: [] };
      },
    });
    s.use(async (c, next) => (c.name === "cached" ? { resultType: "complete", content: [{ type: "text", text: "from middleware" }] } : next()));
    s.use(async (c, next) => {
      if (c.name === "forbidden") throw new McpInvalidParamsError("Not for you.");
      return next();
    });
    expect(resultOf(await s.handle(request("tools/call", { name: "cached", arguments: {} }))).content[0].text).toBe("from middleware");
    expect(errorOf(await s.handle(request("tools/call", { name: "forbidden", arguments: {} })))).toMatchObject({ code: -32602, message: "Not for you." });
    expect(ran).toBe(0);
  });

  it("sees the handler's failure and the time it took, and refuses a second next()", async () => {
    const outcomes: string[] = [];
    const s = createServer({ name: "mw", version: "1.0.0", onError: () => undefined })
      .tool({
        name: "boom",
        handler: () => {
          throw new Error("kaput");
        },
      })
      .tool({ name: "fine", handler: () => ({ content: [] }) });
    s.use(async (c, next) => {
      const started = performance.now();
      try {
        const result = await next();
        outcomes.push(`${c.name} ok`);
        if (c.name === "fine") return await next();
        return result;
      } catch (error) {
        outcomes.push(`${c.name} ${(error as Error).message} ${performance.now() - started >= 0}`);
        throw error;
      }
    });
    expect(errorOf(await s.handle(request("tools/call", { name: "boom", arguments: {} }))).code).toBe(-32603);
    const twice = errorOf(await s.handle(request("tools/call", { name: "fine", arguments: {} })));
    expect(outcomes).toEqual(["boom kaput true", "fine ok", expect.stringMatching(/^fine Middleware 1 of 1 called next\(\) twice/)]);
    expect(twice.code).toBe(-32603); // a server definition error: the host's bug, reported to onError
  });

  it("runs for no notification, and not at all on a server without middleware", async () => {
    const { seen, layer } = recorder();
    const s = createServer({ name: "mw", version: "1.0.0" }).use(layer);
    await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    await s.handle({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(seen).toHaveLength(0);
    expect(() => s.use("nope" as never)).toThrow(/server.use takes functions/);
  });

  it("over HTTP: names the binding and reads the request's headers", async () => {
    const { seen, layer } = recorder();
    const s = createServer({ name: "mw", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) }).use(layer);
    const handler = createHttpHandler(s);
    const body = request("tools/call", { name: "t", arguments: {} });
    const response = await handler(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "t", "x-request-id": "abc-123" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
    expect(seen[0]!.transport).toBe("http");
    expect(seen[0]!.header("X-Request-Id")).toBe("abc-123");
    expect(seen[0]!.header("absent")).toBeUndefined();
  });

  it("over stdio: names the binding, and a call without headers reads none", async () => {
    const { seen, layer } = recorder();
    const s = createServer({ name: "mw", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) }).use(layer);
    const input = new PassThrough();
    const output = new PassThrough();
    const serving = serveStdio(s, { input, output, exitOnEnd: false, redirectStdout: false, legacy: false });
    input.write(`${JSON.stringify(request("tools/call", { name: "t", arguments: {} }))}\n`);
    await until(() => seen.length === 1, "the stdio call");
    expect(seen[0]!.transport).toBe("stdio");
    expect(seen[0]!.header("anything")).toBeUndefined();
    input.end();
    await serving.closed;
  });

  it("sees the calls an initialize-based session bridges, as era legacy, each round of the bridged flow", async () => {
    const { server } = askingServer();
    const { seen, layer } = recorder();
    server.use(layer);
    const { session: s } = session(server, {}, () => accept("Ada"));
    await initialize(s);
    const answer = await s.receive(call(1, "greet"));
    expect((answer as { result?: { content?: unknown } }).result?.content).toEqual([{ type: "text", text: "hello Ada" }]);
    const calls = seen.filter((c) => c.method === "tools/call");
    expect(calls.map((c) => [c.era, c.flow?.round])).toEqual([
      ["legacy", 1],
      ["legacy", 2],
    ]);
    expect(calls[0]!.flow?.id).toBe(calls[1]!.flow?.id);
  });

  it("can end a request early: the handler's signal aborts with the reason", async () => {
    let reason: unknown;
    const s = createServer({ name: "mw", version: "1.0.0" }).tool({
      name: "slow",
      handler: (_a, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener("abort", () => {
            reason = ctx.signal.reason;
            resolve({ content: [] });
          });
        }),
    });
    s.use(async (c, next) => {
      setTimeout(() => c.abort(new Error("too slow")), 10);
      return next();
    });
    expect(await s.handle(request("tools/call", { name: "slow", arguments: {} }))).toBeUndefined(); // an aborted request gets no answer
    expect((reason as Error).message).toBe("too slow");
  });

  it("shows the verified token's facts (ServedCall.auth) beside the principal, and none without authorization", async () => {
    const { seen, layer } = recorder();
    const server = threeRounds().use(layer);
    const auth = { subject: "ada", issuer: "https://issuer.example", scopes: ["tools:read", "tools:write"] };
    await server.handle(request("tools/list"), { auth });
    await server.handle(request("tools/list"));
    expect(seen[0]?.auth).toMatchObject({ subject: "ada", scopes: ["tools:read", "tools:write"] });
    expect(seen[0]?.principal).toBe("https://issuer.example#ada");
    expect(seen[1]?.auth).toBeUndefined();
  });
});

