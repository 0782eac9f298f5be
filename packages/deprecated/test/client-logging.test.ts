/**
 * Client side of logging: `logging({ level, onMessage })` from
 * @mrtr/deprecated/client names the level in each request's `_meta` and
 * hands the `notifications/message` of each request's stream to `onMessage`
 * with the call it belongs to; malformed, below-level, late and excess
 * messages are dropped, and a failing handler leaves the call alone. Against
 * an in-process server with the server `logging()` feature.
 */
import { describe, expect, it } from "vitest";
import { createClient, type Transport } from "@mrtr/client";
import { createServer, inProcessTransport } from "@mrtr/server";
import type { ServerFeature } from "@mrtr/server/plugin";
import type { JSONRPCNotification } from "@mrtr/schema";
import { logging, type ClientLoggingOptions, type LogMessageInfo } from "@mrtr/deprecated/client";
import { logging as serverLogging } from "@mrtr/deprecated/server";
import type { LoggingMessageNotificationParams } from "@mrtr/deprecated";
import { SECRET } from "./helpers.js";

const quiet = { silenceDeprecationWarning: true };
const LEVEL = "io.modelcontextprotocol/logLevel";

/** A test feature: `ctx.raw(notification)` sends anything on the request's stream. */
const raw: ServerFeature<{ raw(notification: unknown): void }> = {
  name: "raw",
  contextMethods: (_ctx, emit) => ({ raw: (n) => void emit(n as JSONRPCNotification) }),
};

function server() {
  const s = createServer({ name: "logs", version: "1", requestState: { secrets: [SECRET] }, features: [serverLogging(quiet), raw] });
  s.tool({
    name: "work",
    handler: (_args, ctx) => {
      ctx.log("debug", "details");
      ctx.log("info", "started", "worker");
      ctx.log("error", { code: 7 });
      return { content: [{ type: "text", text: "done" }] };
    },
  });
  s.tool({
    name: "ask",
    async handler(_args, ctx) {
      ctx.log("info", "before");
      const answer = await ctx.elicit("name", { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
      ctx.log("notice", "after");
      return { content: [{ type: "text", text: `hello ${String(answer.content?.name)}` }] };
    },
  });
  s.tool({
    name: "flood",
    handler: (_args, ctx) => {
      for (let i = 0; i < 5000; i++) ctx.log("warning", i);
      return { content: [{ type: "text", text: "flooded" }] };
    },
  });
  s.tool({
    name: "malformed",
    handler: (_args, ctx) => {
      ctx.raw({ jsonrpc: "2.0", method: "notifications/message", params: { level: "loud", data: 1 } });
      ctx.raw({ jsonrpc: "2.0", method: "notifications/message", params: { level: "error" } });
      ctx.raw({ jsonrpc: "2.0", method: "notifications/message", params: { level: "error", data: 2, logger: 42 } });
      ctx.raw({ jsonrpc: "2.0", method: "notifications/message", params: "error" });
      ctx.raw({ jsonrpc: "2.0", method: "notifications/message" });
      ctx.raw({ jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: "below the level asked" } });
      ctx.log("error", "the good one");
      return { content: [{ type: "text", text: "survived" }] };
    },
  });
  s.tool({
    name: "slow",
    handler: (_args, ctx) => {
      ctx.progress(1, 2, "half");
      ctx.log("info", "working");
      return { content: [{ type: "text", text: "slow done" }] };
    },
  });
  return s;
}

/** A transport that records each request sent and each message of its stream, and always reads the stream. */
function spied(inner: Transport) {
  const sent: { method: string; meta: Record<string, unknown> }[] = [];
  const streamed: Record<string, unknown>[] = [];
  const transport: Transport = {
    request(message, options = {}) {
      sent.push({ method: message.method, meta: structuredClone((message.params?._meta ?? {}) as Record<string, unknown>) });
      return inner.request(message, { ...options, onMessage: (m) => (streamed.push(m), options.onMessage?.(m)) });
    },
  };
  return { transport, sent, streamed };
}

type Got = { message: LoggingMessageNotificationParams; info: LogMessageInfo };

/** A client with the logging plugin over an in-process server; what `onMessage` got and what went over the wire. */
function logged(options: Partial<ClientLoggingOptions> = {}) {
  const got: Got[] = [];
  const log = logging({ level: "info", onMessage: (message, info) => void got.push({ message, info }), ...quiet, ...options });
  const spy = spied(inProcessTransport(server()));
  const client = createClient({
    name: "c",
    version: "1",
    transport: spy.transport,
    middleware: [log],
    elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
  });
  return { client, got, ...spy };
}

const text = (result: { content: { type: string; text?: string }[] }) => result.content[0]?.text;

describe("logging (client): the level asked in _meta", () => {
  it("names the level in the _meta of every request the client sends", async () => {
    const { client, sent } = logged({ level: "notice" });
    await client.listTools();
    await client.callTool("ask");
    expect(sent.map((s) => s.method)).toEqual(["tools/list", "tools/call", "tools/call"]);
    for (const s of sent) expect(s.meta[LEVEL]).toBe("notice");
  });

  it("a level function chooses per request; undefined asks for none", async () => {
    const { client, sent, got } = logged({ level: (call) => (call.method === "tools/call" && call.message.params?.name === "work" ? "error" : undefined) });
    await client.listTools();
    await client.callTool("slow");
    await client.callTool("work");
    expect(sent.map((s) => s.meta[LEVEL])).toEqual([undefined, undefined, "error"]);
    expect(got.map((g) => g.message)).toEqual([{ level: "error", data: { code: 7 } }]);
  });

  it("a level the request's _meta already names is kept", async () => {
    const { client, sent, got } = logged({ level: "error" });
    const step = await client.start("tools/call", { name: "work", arguments: {}, _meta: { [LEVEL]: "debug" } });
    expect(step.status).toBe("complete");
    expect(sent[0]!.meta[LEVEL]).toBe("debug");
    expect(got.map((g) => g.message.level)).toEqual(["debug", "info", "error"]);
  });
});

describe("logging (client): messages reach onMessage with their call", () => {
  it("hands each message at or above the level, in order, with the call's method, name, id, flow and round", async () => {
    const { client, got, sent } = logged({ level: "info" });
    expect(text(await client.callTool("work"))).toBe("done");
    expect(got.map((g) => g.message)).toEqual([
      { level: "info", data: "started", logger: "worker" },
      { level: "error", data: { code: 7 } },
    ]);
    const info = got[0]!.info;
    expect(info).toMatchObject({ method: "tools/call", name: "work", round: 1, level: "info" });
    expect(typeof info.requestId).toBe("string");
    expect(typeof info.flowId).toBe("string");
    expect(got[1]!.info).toBe(info);
    expect(sent).toHaveLength(1);
  });

  it("tells the rounds of one call apart and keeps them together (one flow, a round and a request id each)", async () => {
    const { client, got } = logged({ level: "info" });
    expect(text(await client.callTool("ask"))).toBe("hello Ada");
    expect(got.map((g) => [g.message.data, g.info.round])).toEqual([
      ["before", 1],
      ["before", 2],
      ["after", 2],
    ]);
    expect(new Set(got.map((g) => g.info.flowId)).size).toBe(1);
    expect(got[0]!.info.requestId).not.toBe(got[1]!.info.requestId);
  });

  it("delivers none below the level asked", async () => {
    const { client, got, streamed } = logged({ level: "error" });
    await client.callTool("work");
    expect(got.map((g) => g.message)).toEqual([{ level: "error", data: { code: 7 } }]);
    expect(streamed.filter((m) => m.method === "notifications/message")).toHaveLength(1); // the server sent only that one
  });

  it("without a level, the server sends none and onMessage hears none", async () => {
    const { client, got, sent, streamed } = logged({ level: () => undefined });
    await client.callTool("work");
    expect(sent[0]!.meta).not.toHaveProperty(LEVEL);
    expect(streamed).toEqual([]);
    expect(got).toEqual([]);
    // A client without the plugin: no level, no messages.
    const spy = spied(inProcessTransport(server()));
    await createClient({ name: "plain", version: "1", transport: spy.transport }).callTool("work");
    expect(spy.sent[0]!.meta).not.toHaveProperty(LEVEL);
    expect(spy.streamed).toEqual([]);
  });

  it("progress reports still reach onProgress beside the log messages", async () => {
    const { client, got } = logged({ level: "info" });
    const progress: unknown[] = [];
    expect(text(await client.callTool("slow", {}, { onProgress: (p) => progress.push(p) }))).toBe("slow done");
    expect(progress).toEqual([{ progress: 1, total: 2, message: "half" }]);
    expect(got.map((g) => g.message.data)).toEqual(["working"]);
  });
});

describe("logging (client): what cannot break a call", () => {
  it("a handler that throws, or rejects, leaves the call's result intact and still hears the next message", async () => {
    let calls = 0;
    const throwing = logged({
      onMessage: () => {
        calls++;
        throw new Error("handler bug");
      },
    });
    expect(text(await throwing.client.callTool("work"))).toBe("done");
    expect(calls).toBe(2);
    const rejecting = logged({ onMessage: async () => Promise.reject(new Error("async handler bug")) });
    expect(text(await rejecting.client.callTool("ask"))).toBe("hello Ada");
  });

  it("drops malformed messages (an unknown level, no data, a logger that is not a string, params not an object) and keeps the good one", async () => {
    const { client, got, streamed } = logged({ level: "info" });
    expect(text(await client.callTool("malformed"))).toBe("survived");
    expect(streamed.filter((m) => m.method === "notifications/message")).toHaveLength(7);
    expect(got.map((g) => g.message)).toEqual([{ level: "error", data: "the good one" }]);
  });

  it("looks at no more than maxMessagesPerRequest messages of a request; the call completes", async () => {
    const { client, got, streamed } = logged({ level: "info", maxMessagesPerRequest: 100 });
    expect(text(await client.callTool("flood"))).toBe("flooded");
    expect(streamed).toHaveLength(5000);
    expect(got).toHaveLength(100);
    expect(got.at(-1)!.message.data).toBe(99);
    // The default is 1 000.
    const byDefault = logged({ level: "warning" });
    await byDefault.client.callTool("flood");
    expect(byDefault.got).toHaveLength(1000);
  });

  it("drops a message that comes after the request's answer", async () => {
    const got: unknown[] = [];
    const log = logging({ level: "info", onMessage: (m) => void got.push(m.data), ...quiet });
    let late: (() => void) | undefined;
    const transport: Transport = {
      async request(message, { onMessage } = {}) {
        const say = (data: string) => onMessage?.({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } });
        say("in time");
        late = () => say("too late");
        return { jsonrpc: "2.0", id: message.id, result: { resultType: "complete", content: [] } };
      },
    };
    await createClient({ name: "c", version: "1", transport: transport, middleware: [log], legacy: false }).callTool("t");
    late!();
    expect(got).toEqual(["in time"]);
  });
});

describe("logging (client): set up", () => {
  it("is one middleware: the level and the messages work over any transport without wrapping it", async () => {
    const got: unknown[] = [];
    const log = logging({ level: "info", onMessage: (m) => void got.push(m.level), ...quiet });
    const client = createClient({ name: "c", version: "1", transport: inProcessTransport(server()), middleware: [log] });
    await client.callTool("work");
    expect(got.length).toBeGreaterThan(0);
  });

  it("refuses bad options at once", () => {
    const onMessage = () => undefined;
    expect(() => logging({ level: "loud" as never, onMessage, ...quiet })).toThrow(TypeError);
    expect(() => logging({ level: "info", onMessage: "x" as never, ...quiet })).toThrow(TypeError);
    expect(() => logging({ level: "info", onMessage, maxMessagesPerRequest: 0, ...quiet })).toThrow(TypeError);
    expect(() => logging(undefined as never)).toThrow(TypeError);
  });

  it("a level function returning something that is not a level fails the call", async () => {
    const log = logging({ level: () => "loud" as never, onMessage: () => undefined, ...quiet });
    const client = createClient({ name: "c", version: "1", transport: inProcessTransport(server()), middleware: [log] });
    await expect(client.callTool("work")).rejects.toThrow(/not a log level/);
  });
});
