/**
 * URL-mode elicitation for 2025-11-25 clients (spec-2025-11-25/client/elicitation.mdx):
 * the question carries an `elicitationId`, an accepted step that is not done
 * yet is waited for (not asked again), and its end is told with
 * `notifications/elicitation/complete`. Against the official SDK 1.x client
 * over Streamable HTTP, and at the session and unit level.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createHttpHandler, createServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { legacyHttp } from "@mrtr/server/legacy";
import { UrlElicitations, URL_WAIT } from "../../src/legacy/url-elicitation.js";
import { call, initialize, SECRET, session, until } from "./helpers.js";

const URL_QUESTION = { message: "Connect your account", url: "https://example.com/connect" };
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
const textOf = (r: object) => (r as { content?: { text?: string }[] }).content?.[0]?.text ?? "";

/**
 * A server with `connect`: a URL-mode step whose `completed()` answers false
 * until it was checked `doneAfter` times after the accept; `runs` counts the
 * handler's runs, `checks` the calls of `completed`.
 */
function urlServer(doneAfter = 2) {
  const seen = { runs: 0, checks: 0 };
  const server = createServer({ name: "url-test", version: "1.0.0", requestState: { secrets: [SECRET] } }).tool({
    name: "connect",
    async handler(_a, ctx) {
      seen.runs++;
      const r = await ctx.elicitUrl("connect", URL_QUESTION, { completed: () => ++seen.checks >= doneAfter });
      return text(r.action === "accept" ? "connected" : `not connected (${r.action})`);
    },
  });
  return { server, seen };
}

/** An SDK 1.x host declaring `capabilities`; its elicitation handler answers `action`; what it was asked and told. */
function sdkHost(capabilities: Record<string, unknown>, action: "accept" | "decline" | "cancel" = "accept") {
  const client = new Client({ name: "sdk1-url-host", version: "1.0.0" }, { capabilities });
  const asked: Record<string, unknown>[] = [];
  const completed: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params as Record<string, unknown>);
    return { action };
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => void completed.push(n.params.elicitationId));
  return { client, asked, completed };
}

describe("URL-mode elicitation with the official SDK 1.x client over Streamable HTTP", () => {
  let current = urlServer();
  const open: { client: Client; http: Server }[] = [];

  afterEach(async () => {
    for (const { client, http } of open.splice(0)) {
      await client.close();
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    }
  });

  /** Serves a fresh `urlServer(doneAfter)` with legacy sessions (the default of createHttpHandler: legacyHttp()) and connects an SDK host to it. */
  async function connect(capabilities: Record<string, unknown>, action?: "accept" | "decline" | "cancel", doneAfter?: number) {
    current = urlServer(doneAfter);
    const http = createNodeServer(createHttpHandler(current.server, { legacy: legacyHttp() }));
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const host = sdkHost(capabilities, action);
    open.push({ client: host.client, http });
    await host.client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`)));
    return host;
  }

  it("asks once with an elicitationId, waits for the step, tells the client it is complete with the same id, and finishes", async () => {
    const host = await connect({ elicitation: { url: {} } });
    const result = await host.client.callTool({ name: "connect", arguments: {} });
    expect(textOf(result)).toBe("connected");
    expect(host.asked).toHaveLength(1); // one elicitation/create, not one per re-run
    const id = host.asked[0]!.elicitationId;
    expect(host.asked[0]).toMatchObject({ mode: "url", message: URL_QUESTION.message, url: URL_QUESTION.url });
    expect(id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    await until(() => host.completed.length > 0, "notifications/elicitation/complete");
    expect(host.completed).toEqual([id]);
    // Round 1 asks; round 2 finds the step not done and the bridge waits; round 3 finds it done.
    expect(current.seen).toEqual({ runs: 3, checks: 2 });
  });

  it("a decline ends the tool as before: no wait, no completion notice", async () => {
    const host = await connect({ elicitation: { url: {} } }, "decline");
    const result = await host.client.callTool({ name: "connect", arguments: {} });
    expect(textOf(result)).toBe("not connected (decline)");
    expect(host.asked).toHaveLength(1);
    expect(host.asked[0]!.elicitationId).toEqual(expect.any(String));
    expect(current.seen).toEqual({ runs: 2, checks: 0 });
    expect(host.completed).toEqual([]);
  });

  it("a client that did not declare elicitation.url is refused as for any input kind it lacks, and asked nothing", async () => {
    const host = await connect({ elicitation: { form: {} } });
    // As before this change: the core's missing-capability error (-32021) naming `elicitation.url`.
    await expect(host.client.callTool({ name: "connect", arguments: {} })).rejects.toMatchObject({ code: -32021, message: expect.stringContaining('{"elicitation":{"url":{}}}') });
    expect(host.asked).toEqual([]);
    expect(current.seen.checks).toBe(0);
  });
});

describe("URL-mode elicitation at the session level", () => {
  const urlAnswer = (action: string) => (request: Record<string, unknown>) => (request.method === "elicitation/create" ? { action } : undefined);
  const asked = (sent: { message: Record<string, unknown> }[]) => sent.filter((s) => s.message.method === "elicitation/create").map((s) => s.message.params as Record<string, unknown>);
  const completions = (sent: { message: Record<string, unknown>; related: unknown }[]) => sent.filter((s) => s.message.method === "notifications/elicitation/complete");

  it("sends notifications/elicitation/complete on the session's stream before the answer, and counts waiting re-runs apart from maxRounds", async () => {
    const { server, seen } = urlServer(3);
    const { session: s, sent } = session(server, { maxRounds: 1 }, urlAnswer("accept"));
    await initialize(s, { elicitation: { url: {} } });
    const answer = await s.receive(call(7, "connect"));
    expect(answer).toMatchObject({ id: 7, result: { content: [{ text: "connected" }] } });
    expect(asked(sent)).toHaveLength(1);
    const notices = completions(sent);
    expect(notices).toEqual([{ message: { jsonrpc: "2.0", method: "notifications/elicitation/complete", params: { elicitationId: asked(sent)[0]!.elicitationId } }, related: undefined, urgent: true }]);
    expect(seen).toEqual({ runs: 4, checks: 3 });
  }, 15_000);

  it("a cancel while waiting stops the wait: the handler is not run again and the request gets no answer", async () => {
    const { server, seen } = urlServer(Number.POSITIVE_INFINITY);
    const { session: s, sent } = session(server, {}, urlAnswer("accept"));
    await initialize(s, { elicitation: { url: {} } });
    const answered = s.receive(call(8, "connect"));
    await until(() => seen.runs === 2, "the re-run after the accept");
    expect(s.activity()).toEqual({ requests: 1, waiting: 0 }); // waiting for the step, nothing asked
    await s.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 8 } });
    expect(await answered).toBeUndefined();
    expect(s.activity().requests).toBe(0);
    await new Promise((r) => setTimeout(r, URL_WAIT.firstMs + 200));
    expect(seen.runs).toBe(2);
    expect(asked(sent)).toHaveLength(1);
    expect(completions(sent)).toEqual([]);
  }, 10_000);

  it("a step not done within inputTimeoutMs after the accept fails the request, asking nothing more", async () => {
    const { server, seen } = urlServer(Number.POSITIVE_INFINITY);
    const { session: s, sent } = session(server, { inputTimeoutMs: 300 }, urlAnswer("accept"));
    await initialize(s, { elicitation: { url: {} } });
    const answer = await s.receive(call(9, "connect"));
    expect(answer).toMatchObject({ id: 9, error: { code: -32603, message: expect.stringContaining("did not complete within 300 ms (inputTimeoutMs)") } });
    expect(asked(sent)).toHaveLength(1);
    // Asked, waited about 300 ms (the pause is capped by the deadline), then found past it.
    expect(seen.runs).toBeGreaterThanOrEqual(3);
    expect(seen.runs).toBeLessThanOrEqual(4);
    expect(completions(sent)).toEqual([]);
  });
});

describe("UrlElicitations: ids, carried accepts, completion, pauses", () => {
  const question = (url = URL_QUESTION.url) => ({ method: "elicitation/create", params: { mode: "url", message: URL_QUESTION.message, url } });
  const form = { method: "elicitation/create", params: { mode: "form", message: "Name?", requestedSchema: { type: "object", properties: {} } } };
  const idOf = (q: { params?: unknown }) => (q.params as { elicitationId?: string }).elicitationId;

  it("gives a URL-mode question an unguessable id, the same across re-runs while it is asked again, and leaves other questions alone", () => {
    const urls = new UrlElicitations(300_000);
    const first = urls.plan([["k", question()], ["name", form]]);
    expect(first.ask[1]).toEqual(["name", form]);
    const id = idOf(first.ask[0]![1]);
    expect(id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    // Not answered (say the answer was invalid): asked again, with the same id.
    expect(idOf(urls.plan([["k", question()]]).ask[0]![1])).toBe(id);
    urls.answered("k", { action: "accept" });
    for (let run = 0; run < 3; run++) {
      const again = urls.plan([["k", question()]]);
      expect(again).toMatchObject({ ask: [], carried: { k: { action: "accept" } }, completed: [] });
    }
    expect(urls.plan([])).toMatchObject({ completed: [id], pause: undefined });
    // Another call (or another question under the key) gets another id.
    expect(idOf(new UrlElicitations(300_000).plan([["k", question()]]).ask[0]![1])).not.toBe(id);
    expect(idOf(urls.plan([["k", question("https://example.com/other")]]).ask[0]![1])).not.toBe(id);
    // A low-level handler that names the elicitation itself (say, the id its connect link is bound to) keeps its id.
    const named = { method: "elicitation/create", params: { ...question().params, elicitationId: "link-42" } };
    expect(idOf(urls.plan([["own", named]]).ask[0]![1])).toBe("link-42");
  });

  it("backs off from 1 s to 10 s and expires inputTimeoutMs after the accept", () => {
    let now = 0;
    const urls = new UrlElicitations(30_000, () => now);
    urls.plan([["k", question()]]);
    urls.answered("k", { action: "accept" });
    const pauses: (number | string | undefined)[] = [];
    for (;;) {
      const p = urls.plan([["k", question()]]).pause;
      pauses.push(p);
      if (typeof p !== "number") break;
      now += p;
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 10_000, 5000, "expired"]);
  });

  it("a step finished without a wait is forgotten silently; a decline or cancel is not waited for; settle names the waited steps", () => {
    const urls = new UrlElicitations(300_000);
    urls.plan([["fast", question()]]);
    urls.answered("fast", { action: "accept" });
    expect(urls.settle()).toEqual([]);
    urls.plan([["no", question()]]);
    urls.answered("no", { action: "decline" });
    expect(urls.plan([["no", question()]]).ask).toHaveLength(1);
    const id = idOf(urls.plan([["slow", question()]]).ask[0]![1]);
    urls.answered("slow", { action: "accept" });
    urls.plan([["slow", question()]]);
    expect(urls.settle()).toEqual([id]);
    expect(urls.settle()).toEqual([]);
  });
});
