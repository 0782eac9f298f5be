import { describe, expect, it } from "vitest";
import { createClient, isPendingInput, type PendingInput } from "@mrtr/client";
import { createServer, inProcessTransport } from "@mrtr/server";
import type { ElicitResult } from "@mrtr/schema";

const SECRET = "client-tests-secret-0123456789-abcdefghij";

function shop() {
  return createServer({ name: "shop", version: "1.0.0", requestState: { secrets: [SECRET] } })
    .tool({
      name: "order",
      inputSchema: { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
      async handler(args, ctx) {
        const { item } = args as { item: string };
        const qty = await ctx.elicit("quantity", {
          message: `How many ${item}?`,
          requestedSchema: { type: "object", properties: { n: { type: "integer", minimum: 1, default: 1 } }, required: ["n"] },
        });
        const n = (qty.content as { n: number }).n;
        const ok = await ctx.elicit("confirm", {
          message: `Order ${n} ${item}?`,
          requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
        });
        return { content: [{ type: "text", text: `${(ok.content as { ok: boolean }).ok ? "ordered" : "cancelled"} ${n} ${item}` }] };
      },
    })
    .tool({ name: "plain", handler: () => ({ content: [{ type: "text", text: "plain" }] }) });
}

describe("the client against @mrtr/server in-process", () => {
  it("completes a multi-question flow transparently, filling form defaults", async () => {
    const seen: string[] = [];
    const client = createClient({
      transport: inProcessTransport(shop()),
      name: "buyer",
      version: "1",
      elicitation: {
        form: async (params): Promise<ElicitResult> => {
          seen.push(params.message);
          return params.message.startsWith("How many") ? { action: "accept", content: {} } : { action: "accept", content: { ok: true } };
        },
      },
    });
    const r = await client.callTool("order", { item: "pears" });
    expect(r.content[0]).toEqual({ type: "text", text: "ordered 1 pears" });
    expect(seen).toEqual(["How many pears?", "Order 1 pears?"]);
  });

  it("keeps concurrent flows apart: one flow's inputRequests and requestState never reach another request", async () => {
    const server = shop();
    const transport = inProcessTransport(server);
    const sent: Record<string, any>[] = [];
    const recording = {
      request: (m: any, o?: { signal?: AbortSignal }) => {
        sent.push(JSON.parse(JSON.stringify(m)));
        return transport.request(m, o);
      },
    };
    const client = createClient({
      transport: recording,
      name: "buyer",
      version: "1",
      elicitation: {
        form: async (params): Promise<ElicitResult> => {
          await new Promise((r) => setTimeout(r, Math.random() * 5));
          const item = /(\w+)\?$/.exec(params.message)![1];
          return params.message.startsWith("How many") ? { action: "accept", content: { n: item!.length } } : { action: "accept", content: { ok: true } };
        },
      },
    });
    const items = Array.from({ length: 20 }, (_, i) => `item${"x".repeat(i)}`);
    const results = await Promise.all([...items.map((item) => client.callTool("order", { item })), ...items.map(() => client.callTool("plain"))]);
    items.forEach((item, i) => expect(results[i]!.content[0]).toEqual({ type: "text", text: `ordered ${item.length} ${item}` }));
    for (const m of sent.filter((m) => m.params.name === "plain")) {
      expect("requestState" in m.params || "inputResponses" in m.params).toBe(false);
    }
    expect(new Set(sent.map((m) => m.id)).size).toBe(sent.length);
  });

  it("manual mode round-trips through JSON.stringify and resumes in another client", async () => {
    const server = shop();
    const a = createClient({ transport: inProcessTransport(server), name: "a", version: "1", elicitation: { form: "manual" } });
    const first = await a.start("tools/call", { name: "order", arguments: { item: "figs" } });
    expect(first.status).toBe("input_required");
    const stored = JSON.stringify(first);

    // Another process: a fresh client, a fresh server instance sharing the secret.
    const b = createClient({ transport: inProcessTransport(shop()), name: "a", version: "1", elicitation: { form: "manual" } });
    const pending = JSON.parse(stored) as PendingInput;
    expect(isPendingInput(pending)).toBe(true);
    expect(Object.keys(pending.inputRequests!)).toEqual(["quantity"]);
    const second = await b.resume(pending, { quantity: { action: "accept", content: { n: 4 } } });
    if (second.status !== "input_required") throw new Error("expected a second round");
    const third = await b.resume(JSON.parse(JSON.stringify(second)), { confirm: { action: "accept", content: { ok: true } } });
    expect(third).toEqual({ status: "complete", result: expect.objectContaining({ content: [{ type: "text", text: "ordered 4 figs" }] }) });
  });

  it("discovers the server and lists its tools", async () => {
    const client = createClient({ transport: inProcessTransport(shop()), name: "c", version: "1" });
    const d = await client.discover();
    expect(d.supportedVersions).toContain("2026-07-28");
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["order", "plain"]);
  });
});

describe("which server asks", () => {
  it("is known to input handlers without a discover call: the server names itself with each question", async () => {
    const servers: unknown[] = [];
    const client = createClient({
      transport: inProcessTransport(shop()),
      name: "c",
      version: "1",
      elicitation: {
        form: async (params, info): Promise<ElicitResult> => {
          servers.push(info.server);
          return params.message.startsWith("How many") ? { action: "accept", content: { n: 1 } } : { action: "accept", content: { ok: true } };
        },
      },
    });
    await client.callTool("order", { item: "kiwis" });
    expect(servers).toEqual([{ name: "shop", version: "1.0.0" }, { name: "shop", version: "1.0.0" }]);
  });
});
