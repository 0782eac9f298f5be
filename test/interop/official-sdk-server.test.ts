/**
 * Our client against a server built with the official TypeScript SDK
 * (@modelcontextprotocol/server, a test-only dependency), for the features
 * that SDK serves on 2026-07-28: completion, progress, cancellation,
 * subscriptions/listen, and paginated lists. Served through our Node adapter,
 * which takes any web-standard handler.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { completable, createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createClient, FlowAbortedError, httpTransport, type Progress } from "@mrtr/client";
import { createNodeServer } from "@mrtr/server/node";

let http: Server;
let url: string;
let handler: ReturnType<typeof createMcpHandler>;
const state = { cancelled: 0 };

function build(): McpServer {
  const server = new McpServer({ name: "official-sdk", version: "1.0.0" });
  server.registerTool("steps", { description: "Reports progress.", inputSchema: z.object({}) }, async (_args, ctx) => {
    const token = (ctx.mcpReq._meta as { progressToken?: string | number } | undefined)?.progressToken;
    for (const progress of [1, 2, 3]) {
      if (token !== undefined) await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, progress, total: 3 } });
    }
    return { content: [{ type: "text", text: "done" }] };
  });
  server.registerTool("slow", { description: "Waits until cancelled.", inputSchema: z.object({}) }, async (_args, ctx) => {
    const token = (ctx.mcpReq._meta as { progressToken?: string | number } | undefined)?.progressToken;
    if (token !== undefined) await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, progress: 1 } });
    await new Promise<void>((resolve) => {
      if (ctx.mcpReq.signal.aborted) return resolve();
      ctx.mcpReq.signal.addEventListener("abort", () => resolve());
    });
    state.cancelled++;
    return { content: [{ type: "text", text: "cancelled" }] };
  });
  server.registerPrompt(
    "review",
    { description: "Code review.", argsSchema: z.object({ language: completable(z.string(), (value) => ["python", "perl", "php"].filter((v) => v.startsWith(value))) }) },
    ({ language }) => ({ messages: [{ role: "user", content: { type: "text", text: `Review ${language}` } }] }),
  );
  return server;
}

beforeAll(async () => {
  handler = createMcpHandler(build, { legacy: "reject" });
  http = createNodeServer(handler.fetch);
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await handler.close();
  http.closeAllConnections();
  await new Promise((r) => http.close(r));
});

const client = () => createClient({ transport: httpTransport(url), name: "mrtr-interop", version: "1.0.0" });

describe("our client against an official-SDK server", () => {
  it("discovers it, lists tools page by page and calls one", async () => {
    const c = client();
    expect((await c.discover()).supportedVersions).toContain("2026-07-28");
    expect((await c.listAllTools()).map((t) => t.name).sort()).toEqual(["slow", "steps"]);
    expect((await c.callTool("steps")).content[0]).toEqual({ type: "text", text: "done" });
  });

  it("completes a prompt argument", async () => {
    const r = await client().complete({ type: "ref/prompt", name: "review" }, { name: "language", value: "p" });
    expect(r.completion.values).toEqual(["python", "perl", "php"]);
  });

  it("reads progress reports from its event stream", async () => {
    const reports: Progress[] = [];
    await client().callTool("steps", {}, { onProgress: (p) => reports.push(p) });
    expect(reports).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it("cancels a call: closing the stream aborts the SDK handler's signal", async () => {
    const controller = new AbortController();
    const before = state.cancelled;
    const call = client().callTool("slow", {}, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(call).rejects.toBeInstanceOf(FlowAbortedError);
    const start = Date.now();
    while (state.cancelled === before && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 10));
    expect(state.cancelled).toBe(before + 1);
  });

  it("listens: acknowledgement first, then the list changes the SDK announces", async () => {
    const controller = new AbortController();
    const events = client().listen({ toolsListChanged: true }, { signal: controller.signal });
    const ack = await events.next();
    expect(ack.value?.method).toBe("notifications/subscriptions/acknowledged");
    handler.notify.toolsChanged();
    const change = await events.next();
    expect(change.value?.method).toBe("notifications/tools/list_changed");
    controller.abort();
    expect((await events.next()).done).toBe(true);
  });
});
