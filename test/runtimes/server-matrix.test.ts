/**
 * Our server behaves the same on every runtime: the runtime fixture
 * (fixtures/server.ts, on the packages' dist/) served natively by Node 20
 * (the baseline), Node 22, Node 24, Bun (`Bun.serve`) and Deno
 * (`Deno.serve`), each driven from this Node 20 process by our client and by
 * the official SDK v2 client: a multi round-trip with a sealed state,
 * progress, cancellation reaching the handler, subscriptions/listen over
 * HTTP, caching hints, an oversized body refused exactly as Node refuses it;
 * and a state sealed on one runtime opens on another (same secret).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createClient, FlowAbortedError, httpTransport, type McpClient, type Progress } from "@mrtr/client";
import { distMissing, MATRIX, runtime, titleOf, until, type MatrixRuntime, type Runtime } from "./matrix.js";
import { servedOn, stopAll } from "./served.js";

const runtimes = MATRIX.map(runtime);
const available = runtimes.filter((rt) => rt.skip === undefined);
afterAll(stopAll, 30_000);

const ada = async () => ({ action: "accept" as const, content: { name: "Ada" } });
const clientOf = (url: string, extra: Partial<Parameters<typeof createClient>[0]> = {}): McpClient =>
  createClient({ transport: httpTransport(url), name: "runtime-matrix", version: "1.0.0", elicitation: { form: ada }, ...extra });
const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

/** What a server answers to a body over its limit (1 MiB by default): the status and the JSON-RPC error code, or how the exchange failed. */
async function oversized(url: string): Promise<{ status: number; code: unknown } | { failed: string }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "greet", arguments: { pad: "x".repeat(1024 * 1024 + 1024) }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
  });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "greet" };
  try {
    const response = await fetch(url, { method: "POST", headers, body });
    const text = await response.text();
    let code: unknown;
    try {
      code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    } catch {
      code = `not JSON: ${text.slice(0, 80)}`;
    }
    return { status: response.status, code };
  } catch (error) {
    return { failed: String((error as Error).cause ?? error) };
  }
}

let baseline: ReturnType<typeof oversized> | undefined;

for (const rt of runtimes) {
  describe.skipIf(rt.skip !== undefined)(titleOf(rt), () => {
    let url = "";
    beforeAll(async () => {
      const missing = distMissing();
      if (missing !== undefined) throw new Error(missing);
      url = (await servedOn(rt)).url;
    }, 120_000);

    it("serves the packages' dist/ (what users install), on the runtime named", async () => {
      const about = JSON.parse(textOf(await clientOf(url).callTool("about"))) as { runtime: string; server: string };
      expect(about.runtime.split(" ")[0]).toBe(rt.name.replace(/\d+$/, ""));
      if (rt.name === "node22") expect(about.runtime).toMatch(/^node v22\./);
      if (rt.name === "node24") expect(about.runtime).toMatch(/^node v24\./);
      expect(about.server).toMatch(/\/packages\/server\/dist\/index\.js$/);
    });

    it("runs a multi round-trip: the elicitation is answered once, the retry with the sealed state completes", async () => {
      const rounds: string[] = [];
      let asked = 0;
      const client = clientOf(url, {
        elicitation: { form: async () => (asked++, { action: "accept", content: { name: "Ada" } }) },
        onRound: (e) => void rounds.push(e.type),
      });
      const result = await client.callTool("greet");
      expect(textOf(result)).toBe("hello Ada");
      expect(asked).toBe(1);
      expect(rounds).toContain("input_required");
    });

    it("delivers progress reports to the caller, in order", async () => {
      const reports: Progress[] = [];
      const result = await clientOf(url).callTool("steps", {}, { onProgress: (p) => void reports.push(p) });
      expect(textOf(result)).toBe("done");
      expect(reports.map((p) => p.progress)).toEqual([1, 2, 3]);
      expect(reports[2]).toEqual({ progress: 3, total: 3, message: "step 3" });
    });

    it("cancels a call when the caller aborts: the handler's signal fires on the server", async () => {
      const client = clientOf(url);
      const before = Number(textOf(await client.callTool("cancellations")));
      const controller = new AbortController();
      const call = client.callTool("wait", {}, { signal: controller.signal, onProgress: () => controller.abort() });
      await expect(call).rejects.toBeInstanceOf(FlowAbortedError);
      await until(async () => Number(textOf(await client.callTool("cancellations"))) === before + 1, `${rt.name}: the wait handler saw its signal abort`);
    });

    it("serves subscriptions/listen over HTTP: the acknowledgement first, then tools/list_changed", async () => {
      const client = clientOf(url);
      const controller = new AbortController();
      const events = client.listen({ toolsListChanged: true }, { signal: controller.signal });
      const ack = await events.next();
      expect(ack.value).toMatchObject({ method: "notifications/subscriptions/acknowledged", params: { notifications: { toolsListChanged: true } } });
      expect(textOf(await client.callTool("add-tool", { name: `extra-${rt.name}` }))).toBe(`added extra-${rt.name}`);
      const change = await events.next();
      expect(change.value?.method).toBe("notifications/tools/list_changed");
      controller.abort();
      expect((await events.next()).done).toBe(true);
    });

    it("answers a cacheable read with its caching hints, which the client's cache honours", async () => {
      const client = clientOf(url);
      const first = await client.readResource("fixture://note");
      expect(first).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
      const count = Number(/^read (\d+)$/.exec((first.contents[0] as { text: string }).text)?.[1]);
      expect(count).toBeGreaterThan(0);
      expect((await client.readResource("fixture://note")).contents[0]).toMatchObject({ text: `read ${count}` });
      expect((await client.readResource("fixture://note", { fresh: true })).contents[0]).toMatchObject({ text: `read ${count + 1}` });
    });

    it("refuses a body over maxBodyBytes with the same status and JSON-RPC code as Node 20", async () => {
      const node20 = runtimes[0]!;
      baseline ??= servedOn(node20).then((s) => oversized(s.url));
      const expected = await baseline;
      expect(expected).toEqual({ status: 413, code: -32600 });
      expect(await oversized(url)).toEqual(expected);
    });

    it("is called by the official SDK v2 client, which answers the elicitation round", async () => {
      const client = new Client({ name: "official", version: "2" }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: "auto" } });
      client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Grace" } }));
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toContain("greet");
        expect((await client.callTool({ name: "greet", arguments: {} })).content).toEqual([{ type: "text", text: "hello Grace" }]);
      } finally {
        await client.close();
      }
    });
  });
}

// Each runtime seals a state the next one opens (a ring), so every runtime both seals and opens.
const pairs = available.length < 2 ? [] : available.map((from, i) => [from, available[(i + 1) % available.length]!] as const);

describe.skipIf(pairs.length === 0)("a state sealed on one runtime opens on another with the same secret", () => {
  it.each(pairs.map(([from, to]) => [from.name, to.name, from, to] as [MatrixRuntime, MatrixRuntime, Runtime, Runtime]))("sealed on %s, retried on %s", async (_f, _t, from, to) => {
    const [a, b] = await Promise.all([servedOn(from), servedOn(to)]);
    const sealer = createClient({ transport: httpTransport(a.url), name: "sealer", version: "1.0.0", elicitation: { form: "manual" } });
    const opener = createClient({ transport: httpTransport(b.url), name: "opener", version: "1.0.0", elicitation: { form: "manual" } });
    const first = await sealer.start("tools/call", { name: "greet", arguments: {} });
    if (first.status !== "input_required") throw new Error(`expected input_required from ${from.name}, got ${JSON.stringify(first)}`);
    expect(first.requestState).toMatch(/^v1\./);
    // The control: the opener verifies what it opens (one character of the sealed bytes changed is refused).
    const state = first.requestState!;
    const tampered = { ...first, requestState: `${state.slice(0, -2)}${state.at(-2) === "A" ? "B" : "A"}${state.at(-1)}` };
    await expect(opener.resume(tampered, { name: { action: "accept", content: { name: "Ada" } } })).rejects.toMatchObject({ code: -32602 });
    const done = await opener.resume(first, { name: { action: "accept", content: { name: "Ada" } } });
    expect(done).toMatchObject({ status: "complete", result: { content: [{ type: "text", text: "hello Ada" }] } });
  });
});
