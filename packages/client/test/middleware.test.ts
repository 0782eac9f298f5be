import { createClient, httpTransport, McpClientError, ProtocolViolationError, type ClientMiddleware, type SentCall } from "@mrtr/client";
import { createHttpHandler, createServer, inProcessTransport, type Middleware, type ServedCall } from "@mrtr/server";
import { describe, expect, it } from "vitest";

const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };
const SECRET = "client-middleware-secret-0123456789-abcdef";

/** A server whose `two` tool asks twice, one round each, and whose middleware records what reached it. */
function server() {
  const served: ServedCall[] = [];
  const record: Middleware = (c, next) => {
    served.push(c);
    return next();
  };
  const s = createServer({ name: "mw", version: "1.0.0", requestState: { secrets: [SECRET] } })
    .tool({
      name: "two",
      async handler(_a, ctx) {
        const a = await ctx.elicit("a", { message: "a?", requestedSchema: NAME });
        const b = await ctx.elicit("b", { message: "b?", requestedSchema: NAME });
        return { content: [{ type: "text", text: `${String(a.content?.name)} ${String(b.content?.name)}` }] };
      },
    })
    .tool({ name: "t", handler: () => ({ content: [{ type: "text", text: "ok" }] }) })
    .use(record);
  return { s, served };
}

const answering = { elicitation: { form: async () => ({ action: "accept" as const, content: { name: "x" } }) } };

describe("createClient({ middleware }): around every request and every round", () => {
  it("sees each round of a flow as one request, in order, with one flow id and growing rounds", async () => {
    const { s } = server();
    const sent: SentCall[] = [];
    const order: string[] = [];
    const layer = (name: string): ClientMiddleware => async (c, next) => {
      order.push(`${name} ${c.flow.round}`);
      if (name === "outer") sent.push(c);
      return next();
    };
    const client = createClient({ transport: inProcessTransport(s), name: "c", version: "1", ...answering, middleware: [layer("outer"), layer("inner")] });
    const result = await client.callTool("two");
    expect(result.content).toEqual([{ type: "text", text: "x x" }]);
    expect(order).toEqual(["outer 1", "inner 1", "outer 2", "inner 2", "outer 3", "inner 3"]);
    expect(sent.map((c) => [c.method, c.manual])).toEqual([
      ["tools/call", false],
      ["tools/call", false],
      ["tools/call", false],
    ]);
    expect(new Set(sent.map((c) => c.flow.id)).size).toBe(1);
    expect(new Set(sent.map((c) => c.message.id)).size).toBe(3); // each round a new request id
    await client.callTool("t");
    expect(sent[3]!.flow).toMatchObject({ round: 1 });
    expect(sent[3]!.flow.id).not.toBe(sent[0]!.flow.id);
  });

  it("may change the message it sends: an added _meta entry reaches the server", async () => {
    const { s, served } = server();
    const stamp: ClientMiddleware = (c, next) => next({ ...c.message, params: { ...c.message.params, _meta: { ...c.message.params?._meta, "example.com/tenant": "acme" } } });
    const client = createClient({ transport: inProcessTransport(s), name: "c", version: "1", middleware: [stamp] });
    await client.callTool("t");
    expect(served[0]!.params._meta).toMatchObject({ "example.com/tenant": "acme", "io.modelcontextprotocol/protocolVersion": "2026-07-28" });
  });

  it("may refuse a request (the call rejects with its error, nothing is sent) or answer it, and its answer is still checked", async () => {
    const { s, served } = server();
    const refuse: ClientMiddleware = async (c, next) => {
      if (c.message.params?.name === "t") throw new McpClientError("Not allowed by policy.");
      return next();
    };
    const client = createClient({ transport: inProcessTransport(s), name: "c", version: "1", middleware: [refuse] });
    await expect(client.callTool("t")).rejects.toThrow("Not allowed by policy.");
    expect(served).toHaveLength(0);
    const liar: ClientMiddleware = async (c) => ({ jsonrpc: "2.0", id: c.message.id, result: { resultType: "complete", content: "not a list" } });
    const lied = createClient({ transport: inProcessTransport(s), name: "c", version: "1", middleware: [liar] });
    await expect(lied.callTool("t")).rejects.toBeInstanceOf(ProtocolViolationError);
  });

  it("keeps a manual flow's id in its PendingInput, so a resumed round is the same flow", async () => {
    const { s } = server();
    const sent: SentCall[] = [];
    const spy: ClientMiddleware = (c, next) => (sent.push(c), next());
    const client = createClient({ transport: inProcessTransport(s), name: "c", version: "1", elicitation: { form: "manual" }, middleware: [spy] });
    const first = await client.start("tools/call", { name: "two", arguments: {} });
    if (first.status !== "input_required") throw new Error("expected input_required");
    const stored = JSON.parse(JSON.stringify(first));
    const other = createClient({ transport: inProcessTransport(s), name: "c", version: "1", elicitation: { form: "manual" }, middleware: [spy] });
    await other.resume(stored, { a: { action: "accept", content: { name: "y" } } });
    expect(sent.map((c) => [c.flow.round, c.manual])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(sent[1]!.flow.id).toBe(sent[0]!.flow.id);
  });

  it("refuses a second next() and a middleware that is not a function", async () => {
    const { s, served } = server();
    const twice: ClientMiddleware = async (_c, next) => {
      await next();
      return next();
    };
    const client = createClient({ transport: inProcessTransport(s), name: "c", version: "1", middleware: [twice] });
    await expect(client.callTool("t")).rejects.toThrow(/middleware\[0\] called next\(\) twice/);
    expect(served).toHaveLength(1);
    expect(() => createClient({ transport: inProcessTransport(s), name: "c", version: "1", middleware: ["x" as never] })).toThrow(/middleware\[0\] must be a function or \{ request, inbound, session \} of functions/);
  });

  it("may add HTTP headers to one request: merged over the outer layers' and the transport's, never replacing the draft's own", async () => {
    const { s: mcp, served } = server();
    const handler = createHttpHandler(mcp);
    const client = createClient({
      transport: httpTransport("http://mw.test/mcp", { fetch: (url, init) => handler(new Request(url, init)), headers: { "x-tenant": "transport", "x-keep": "kept" } }),
      name: "c",
      version: "1",
      middleware: [
        (c, next) => next(undefined, { headers: { "x-tenant": "outer", "x-round": String(c.flow.round) } }),
        (_c, next) => next(undefined, { headers: { "x-tenant": "inner", "mcp-method": "tools/list", "mcp-name": "forged" } }),
      ],
    });
    await client.callTool("t");
    const call = served.find((c) => c.method === "tools/call")!;
    expect(call.header("x-tenant")).toBe("inner");
    expect(call.header("x-round")).toBe("1");
    expect(call.header("x-keep")).toBe("kept");
    expect(call.header("mcp-method")).toBe("tools/call");
    expect(call.header("mcp-name")).toBe("t");
  });

  it("refuses a header that is not one (a name with a space, a value with a line break) before anything is sent", async () => {
    const { s: mcp, served } = server();
    const invalid: Record<string, string>[] = [{ "bad name": "v" }, { "x-ok": "line\r\nx-injected: 1" }];
    for (const headers of invalid) {
      const client = createClient({ transport: inProcessTransport(mcp), name: "c", version: "1", middleware: [(_c, next) => next(undefined, { headers })] });
      await expect(client.callTool("t")).rejects.toThrow(/invalid HTTP header/);
    }
    expect(served.filter((c) => c.method === "tools/call")).toHaveLength(0);
  });
});
