/**
 * The edge module: served by Node over HTTP as main.ts does, called as
 * Workers, Deno and Bun call it (a web Request in, a Response out, no
 * socket), and bundled as wrangler bundles a Worker, to hold it to web
 * standards.
 */
import type { Server } from "node:http";
import { builtinModules } from "node:module";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { createNodeServer } from "@mrtr/server/node";
import { splitBill } from "../src/client.js";
import { mcpHandler } from "../src/server.js";
import worker from "../src/worker.js";

const env = { MRTR_STATE_SECRET: "edge-runtimes-test-secret-0123456789abcdef" };
const other = { MRTR_STATE_SECRET: "another-deployment-secret-0123456789abcdef" };

/** Serves `handler` on a free port of 127.0.0.1: its endpoint, and the server to close. */
async function serve(handler: (request: Request) => Promise<Response>): Promise<{ url: string; http: Server }> {
  const http = createNodeServer(handler);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, http };
}

describe("the edge module served by Node", () => {
  const running: Server[] = [];
  let sameSecret: string[];
  let mixed: string[];

  beforeAll(async () => {
    const [a, b, c] = await Promise.all([serve(mcpHandler(env)), serve(mcpHandler(env)), serve(mcpHandler(other))]);
    running.push(a.http, b.http, c.http);
    sameSecret = [a.url, b.url];
    mixed = [a.url, c.url];
  });
  afterAll(async () => {
    for (const http of running) {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });

  it("serves a call whose question and retry reach two instances that share only the secret", async () => {
    const { text, served } = await splitBill(sameSecret, 50, 4);
    expect(text).toBe("Each pays 12.50.");
    expect(served).toEqual(sameSecret);
  });

  it("does not let an instance with another secret open the state: the retry is refused", async () => {
    await expect(splitBill(mixed, 50, 4)).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("invalid or expired requestState") });
  });
});

describe("the edge module called as fetch runtimes call it", () => {
  it("answers worker.ts's fetch(request, env) with no socket: the whole flow, the server built once", async () => {
    const client = createClient({
      name: "worker-client",
      version: "1.0.0",
      transport: httpTransport("https://bills.example.workers.dev/mcp", { fetch: (input, init) => worker.fetch(new Request(input, init), env) }),
      elicitation: { form: async () => ({ action: "accept", content: { people: 3 } }) },
    });
    const result = await client.callTool("split_bill", { amount: 30 });
    expect(result.content).toEqual([{ type: "text", text: "Each pays 10.00." }]);
    await client.close();
  });

  it("answers 404 off /mcp, and with allowedHosts: loopback refuses another Host (403)", async () => {
    expect((await worker.fetch(new Request("https://bills.example.workers.dev/other", { method: "POST" }), env)).status).toBe(404);
    const local = mcpHandler(env, { allowedHosts: "loopback" });
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: {} });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    expect((await local(new Request("http://rebound.example:3000/mcp", { method: "POST", body, headers }))).status).toBe(403);
  });

  it("serves initialize-based clients without sessions: no Mcp-Session-Id, and a question is a tool error", async () => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const post = (message: object, version?: string) =>
      worker.fetch(new Request("https://bills.example.workers.dev/mcp", { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", ...message }), headers: { ...headers, ...(version && { "mcp-protocol-version": version }) } }), env);
    const init = await post({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "old-host", version: "1.0.0" } } });
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    const call = await post({ id: 2, method: "tools/call", params: { name: "split_bill", arguments: { amount: 10 } } }, "2025-11-25");
    expect(await call.json()).toMatchObject({ id: 2, result: { isError: true, content: [{ type: "text", text: expect.stringContaining("without sessions, so it cannot ask the client") }] } });
  });

  it("bundles for a Worker as wrangler does, importing no Node built-in", async () => {
    const builtins: string[] = [];
    const builtin = new RegExp(`^(node:.*|${builtinModules.map((m) => m.replace(/[/.]/g, "\\$&")).join("|")})$`);
    await build({
      entryPoints: [fileURLToPath(new URL("../src/worker.ts", import.meta.url))],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      conditions: ["@mrtr/source", "workerd", "worker", "browser"],
      logLevel: "silent",
      plugins: [
        {
          name: "node-builtins",
          setup(b) {
            b.onResolve({ filter: builtin }, (args) => {
              builtins.push(`${args.path} <- ${args.importer}`);
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    expect(builtins).toEqual([]);
  });
});
