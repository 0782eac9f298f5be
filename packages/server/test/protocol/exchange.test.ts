/**
 * The transport seam: rules that hold whatever binding hands the core a
 * message (versioning.mdx, cancellation.mdx, subscriptions.mdx), proven on
 * `server.handle` with a binding written in the test.
 */
import { describe, expect, it } from "vitest";
import { McpHeaderMismatchError, type HandleOptions } from "@mrtr/server";
import { errorOf, request, resultOf, server } from "../helpers.js";

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await tick(5);
  expect(condition()).toBe(true);
}

describe("the exchange between a binding and the core", () => {
  it("answers a legacy initialize with -32022 naming the versions served, on any transport; a modern-shaped one is -32601", async () => {
    const s = server();
    const legacy = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "old", version: "1" } } };
    const e = errorOf(await s.handle(JSON.stringify(legacy)));
    expect(e.code).toBe(-32022);
    expect(e.data).toEqual({ supported: ["2026-07-28"], requested: "2025-11-25" });
    expect((await s.handle(legacy)) as { id?: unknown }).toMatchObject({ id: 1 });
    expect(errorOf(await s.handle(request("initialize"))).code).toBe(-32601);
    // A notification named initialize gets no answer.
    expect(await s.handle({ jsonrpc: "2.0", method: "initialize", params: {} })).toBeUndefined();
  });

  it("drops a progress report the binding cannot queue, and still answers", async () => {
    const s = server().tool({
      name: "steps",
      async handler(_a, ctx) {
        for (let i = 1; i <= 3; i++) {
          ctx.progress(i, 3);
          await tick(60);
        }
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    const sent: unknown[] = [];
    const urgent: unknown[] = [];
    let room = 1; // the binding takes one message, then its queue is full
    const send: HandleOptions["send"] = (n, isUrgent) => {
      if (isUrgent) urgent.push(n);
      if (room === 0) return false;
      room--;
      sent.push(n);
      return true;
    };
    const m = request("tools/call", { name: "steps" });
    (m.params._meta as Record<string, unknown>).progressToken = "p";
    const r = resultOf(await s.handle(m, { send }));
    expect(r.content).toEqual([{ type: "text", text: "done" }]);
    expect(sent).toHaveLength(1);
    expect(urgent).toEqual([]); // progress never tears anything down
  });

  it("tears down a listen stream the binding cannot queue: notifications/cancelled sent as urgent, no answer", async () => {
    const s = server({ subscriptions: { listChanged: { tools: true } } }).tool({ name: "t", handler: () => ({ content: [] }) });
    const sent: { method: string; params: any }[] = [];
    let full = false;
    const send: HandleOptions["send"] = (n, isUrgent) => {
      if (full && !isUrgent) return false;
      sent.push(n as never);
      return true;
    };
    const m = request("subscriptions/listen", { notifications: { toolsListChanged: true } });
    const done = s.handle(m, { send, connection: {} });
    await tick();
    expect(sent.map((n) => n.method)).toEqual(["notifications/subscriptions/acknowledged"]);
    full = true;
    s.notify.toolsListChanged();
    expect(await done).toBeUndefined();
    expect(sent.at(-1)).toEqual({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id, reason: "The client did not keep up with the stream." } });
    expect(s.activity()).toEqual({ requests: 0, streams: 0 });
  });

  it("runs the binding's precheck on every message with a method, before validation, and answers its error with the request's id", async () => {
    const s = server().tool({
      name: "route",
      inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } },
      handler: () => ({ content: [] }),
    });
    const seen: { method: unknown; headers: readonly unknown[]; versions: readonly string[] }[] = [];
    const precheck: HandleOptions["precheck"] = (message, facts) => {
      const name = (message.params as { name?: string } | undefined)?.name;
      seen.push({ method: message.method, headers: name ? facts.toolParamHeaders(name) : [], versions: facts.supportedVersions });
      return message.method === "tools/call" ? new McpHeaderMismatchError("no") : undefined;
    };
    const call = request("tools/call", { name: "route", arguments: { region: "eu" } });
    const e = errorOf(await s.handle(call, { precheck }));
    expect(e.code).toBe(-32020);
    expect(((await s.handle(call, { precheck })) as { id?: unknown }).id).toBe(call.id);
    await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }, { precheck });
    await s.handle({ jsonrpc: "2.0", id: 9, result: {} }, { precheck }); // a response has no method: not prechecked
    expect(seen.map((x) => x.method)).toEqual(["tools/call", "tools/call", "notifications/cancelled"]);
    expect(seen[0]!.headers).toEqual([{ name: "Region", path: ["region"], type: "string" }]);
    expect(seen[0]!.versions).toEqual(["2026-07-28"]);
  });

  it("cancels by connection: notifications/cancelled reaches the request of its own connection only", async () => {
    const aborted: string[] = [];
    const s = server().tool({
      name: "wait",
      handler: (args, ctx) =>
        new Promise((resolve) => {
          const done = () => {
            aborted.push(String(args.who));
            resolve({ content: [] });
          };
          // The cancellation may come before the handler starts: then its signal is already aborted.
          if (ctx.signal.aborted) done();
          else ctx.signal.addEventListener("abort", done, { once: true });
        }),
    });
    const a = {};
    const b = {};
    const m = request("tools/call", { name: "wait", arguments: { who: "a" } });
    const n = { ...request("tools/call", { name: "wait", arguments: { who: "b" } }), id: m.id }; // the same id on another connection
    const first = s.handle(m, { connection: a });
    const second = s.handle(n, { connection: b });
    await until(() => s.activity().requests === 2);
    await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id } }, { connection: a });
    expect(await first).toBeUndefined();
    await until(() => aborted.length > 0);
    expect(aborted).toEqual(["a"]);
    await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id } }, { connection: b });
    expect(await second).toBeUndefined();
    await until(() => aborted.length > 1);
    expect(aborted).toEqual(["a", "b"]);
  });
});
