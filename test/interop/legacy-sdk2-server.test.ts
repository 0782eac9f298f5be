/**
 * Our client, with `legacyClient()` from @mrtr/client/legacy, against a
 * server built with the official SDK v2 (`@modelcontextprotocol/server`)
 * that serves BOTH eras (fixtures/sdk2-dual-era-server.ts), over Streamable
 * HTTP (served in process) and over stdio (the fixture as a child process):
 *
 * - in `auto` mode the client probes with `server/discover`, finds the
 *   server modern and stays modern: no `initialize` is ever sent, and
 *   elicitation, sampling and roots come as `input_required` rounds that the
 *   same handlers answer;
 * - with `mode: "legacy"` the client never probes and opens a 2025-11-25
 *   session on the same server: the SDK's legacy shim turns the same
 *   handlers' `input_required` into real `elicitation/create`,
 *   `sampling/createMessage` and `roots/list` requests, which the same
 *   handlers answer.
 *
 * The rest of the surface (prompts, resources, templates, completion,
 * progress, listen, cancellation, close) is held to each era's rules. What
 * the server received is kept (HTTP: each exchange with its body and the
 * side that served it; stdio: the fixture's `recv <json>` stderr lines) and
 * shown in failure messages.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FlowAbortedError, type ListenEvent, type McpClient, type Progress } from "@mrtr/client";
import { legacyClient, type EraVerdict } from "@mrtr/client/legacy";
import { repoRoot } from "../helpers/paths.js";
import { eventually, host, httpPeer, stdioPeer, textOf, until, within, type Message, type Peer } from "./legacy-host.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "./fixtures/sdk2-dual-era-server.js";

const fixture = resolve(repoRoot, "test/interop/fixtures/sdk2-dual-era-server.ts");
const TEST_MS = 20_000;

const cases = [
  { name: "legacyClient() (auto) over Streamable HTTP picks the MODERN era", kind: "http" as const, mode: "auto" as const },
  { name: "legacyClient() (auto) over stdio picks the MODERN era", kind: "stdio" as const, mode: "auto" as const },
  { name: 'legacyClient({ mode: "legacy" }) over Streamable HTTP forces a 2025-11-25 session', kind: "http" as const, mode: "legacy" as const },
  { name: 'legacyClient({ mode: "legacy" }) over stdio forces a 2025-11-25 session', kind: "stdio" as const, mode: "legacy" as const },
];

describe.each(cases)("our client against the SDK v2 dual-era server: $name", ({ kind, mode }) => {
  const era = mode === "auto" ? "modern" : "legacy";
  let server: Sdk2HttpServer | undefined;
  const stderr: string[] = [];
  const peer: Peer = kind === "http" ? httpPeer(() => server!, (e) => `${e.method} ${e.status ?? "…"} ${e.era} session=${e.session ?? "-"}`) : stdioPeer(fixture, stderr);
  const verdicts: EraVerdict[] = [];
  const legacy = legacyClient({ mode, onVerdict: (v) => void verdicts.push(v) });
  let client: McpClient;
  let asked: string[];
  let closed = false;

  const methods = () => peer.received().map((m) => m.method ?? (m.error !== undefined ? "(error response)" : "(response)"));
  const why = (rule: string) => `${rule}\n--- the server received ---\n${peer.transcript()}`;

  beforeAll(async () => {
    if (kind === "http") server = await startSdk2HttpServer();
    ({ client, asked } = host(peer.transport(), legacy));
  }, 30_000);
  afterAll(async () => {
    if (!closed) await client?.close().catch(() => {});
    await server?.close();
  }, 30_000);

  if (era === "modern") {
    it("detects the era: the server/discover probe answers, the verdict is modern, and no initialize is ever sent", async () => {
      expect(legacy.verdict).toBeUndefined();
      const r = await within(client.callTool("era", {}), "tools/call era");
      expect(legacy.verdict, why("verdict after the first request")).toEqual({ era: "modern" });
      expect(verdicts).toEqual([{ era: "modern" }]);
      expect(textOf(r), why("the instance that served the call")).toBe("modern");
      await eventually(() => {
        expect(methods(), why("the call received")).toContain("tools/call");
        expect(methods()[0], why("the probe first")).toBe("server/discover");
      });
      expect(methods(), why("no initialize")).not.toContain("initialize");
      if (kind === "http") expect(server!.exchanges.every((e) => e.era === "modern"), why("every exchange served by the modern side")).toBe(true);
    }, TEST_MS);
  } else {
    it("forces the era: the verdict is legacy from the start, initialize (2025-11-25) opens the session, no probe", async () => {
      expect(legacy.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
      const r = await within(client.callTool("era", {}), "tools/call era");
      expect(textOf(r), why("the instance that served the call")).toBe("legacy");
      expect(legacy.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
      await eventually(() => {
        expect(methods(), why("the call received")).toContain("tools/call");
        expect(methods()[0], why("initialize first")).toBe("initialize");
        expect(peer.received()[0]?.params?.protocolVersion).toBe("2025-11-25");
        expect(methods().indexOf("notifications/initialized"), why("initialized before the call")).toBeLessThan(methods().indexOf("tools/call"));
      });
      expect(methods(), why("no server/discover")).not.toContain("server/discover");
      if (kind === "http") expect(server!.exchanges.every((e) => e.era === "legacy"), why("every exchange served by the legacy side")).toBe(true);
    }, TEST_MS);
  }

  it("lists tools and calls one; results carry resultType complete", async () => {
    const tools = await within(client.listTools(), "tools/list");
    expect(tools.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["greet", "ask_name", "ask_model", "list_roots", "slow_count", "wait_for_cancel", "add_tool", "touch_resource"]));
    expect(tools.resultType).toBe("complete");
    const r = await within(client.callTool("greet", { name: "x" }), "tools/call greet");
    expect(r.resultType).toBe("complete");
    expect(r.content).toEqual([{ type: "text", text: "hello x" }]);
  }, TEST_MS);

  it(
    era === "modern"
      ? "answers an input_required elicitation with the form handler and retries with inputResponses; the result carries the answer"
      : "answers the SDK shim's elicitation/create with the form handler; the result carries the answer",
    async () => {
      asked.length = 0;
      const r = await within(client.callTool("ask_name", {}), "tools/call ask_name");
      expect(textOf(r), why("ask_name's result")).toBe("hello Ada");
      expect(asked).toEqual(["form: Your name? [name]"]);
      await eventually(() => {
        const calls = peer.received().filter((m) => m.method === "tools/call" && m.params?.name === "ask_name");
        if (era === "modern") {
          expect(calls.length, why("two rounds of ask_name")).toBe(2);
          expect(calls[1]?.params?.inputResponses?.name, why("the retry's inputResponses")).toEqual({ action: "accept", content: { name: "Ada" } });
          expect(calls[1]?.id, why("the retry has a new id")).not.toEqual(calls[0]?.id);
        } else {
          expect(calls.length, why("one tools/call: the shim asks within it")).toBe(1);
          const answers = peer.received().filter((m) => m.method === undefined && (m.result as { action?: string } | undefined)?.action === "accept");
          expect(answers.at(-1)?.result, why("the elicitation response")).toEqual({ action: "accept", content: { name: "Ada" } });
        }
      });
    },
    TEST_MS,
  );

  it("answers sampling and roots through @mrtr/deprecated's sampling and roots", async () => {
    asked.length = 0;
    expect(textOf(await within(client.callTool("ask_model", {}), "tools/call ask_model")), why("ask_model's result")).toBe("the model said 4 (test-model)");
    expect(textOf(await within(client.callTool("list_roots", {}), "tools/call list_roots")), why("list_roots' result")).toBe("file:///work");
    expect(asked).toEqual([`sampling: ${JSON.stringify({ type: "text", text: "What is 2 + 2?" })}`, "roots"]);
  }, TEST_MS);

  it("gets prompts, reads resources and templates, completes a prompt argument", async () => {
    expect((await within(client.getPrompt("hello", { name: "Ada" }), "prompts/get")).messages).toEqual([{ role: "user", content: { type: "text", text: "Say hello to Ada." } }]);
    expect((await within(client.readResource("mem://note"), "resources/read")).contents).toEqual([{ uri: "mem://note", mimeType: "text/plain", text: "a note" }]);
    expect((await within(client.listAllResourceTemplates(), "resources/templates/list")).map((t) => t.uriTemplate)).toEqual(["mem://items/{id}"]);
    expect((await within(client.readResource("mem://items/7"), "resources/read (template)")).contents).toEqual([{ uri: "mem://items/7", mimeType: "text/plain", text: "item 7" }]);
    const c = await within(client.complete({ type: "ref/prompt", name: "hello" }, { name: "name", value: "A" }), "completion/complete");
    expect(c.completion.values).toEqual(["Ada", "Alan"]);
  }, TEST_MS);

  it("reports progress in order", async () => {
    const reports: Progress[] = [];
    expect(textOf(await within(client.callTool("slow_count", {}, { onProgress: (p) => void reports.push(p) }), "tools/call slow_count"))).toBe("counted 3");
    expect(reports.map((p) => [p.progress, p.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  }, TEST_MS);

  it(`listen: acknowledged first, then resources/updated after touch_resource and tools/list_changed after add_tool (${era === "modern" ? "subscriptions/listen" : "resources/subscribe and the session's notifications"})`, async () => {
    const controller = new AbortController();
    const events = client.listen({ toolsListChanged: true, resourceSubscriptions: ["mem://note"] }, { signal: controller.signal });
    try {
      const ack = await within(events.next(), "the acknowledgement");
      expect(ack.value?.method).toBe("notifications/subscriptions/acknowledged");
      await eventually(() => {
        if (era === "modern") expect(methods(), why("subscriptions/listen sent")).toContain("subscriptions/listen");
        else expect(peer.received().filter((m) => m.method === "resources/subscribe").map((m) => m.params?.uri), why("resources/subscribe for mem://note")).toEqual(["mem://note"]);
      });
      await within(client.callTool("touch_resource", {}), "tools/call touch_resource");
      const updated = await within(events.next(), "notifications/resources/updated");
      expect(updated.value?.method).toBe("notifications/resources/updated");
      expect((updated.value as ListenEvent & { params: { uri?: string } }).params.uri).toBe("mem://note");
      await within(client.callTool("add_tool", { name: `added_${kind}_${mode}` }), "tools/call add_tool");
      const changed = await within(events.next(), "notifications/tools/list_changed");
      expect(changed.value?.method).toBe("notifications/tools/list_changed");
      expect((await within(client.listTools({}, { fresh: true }), "tools/list after the change")).tools.map((t) => t.name)).toContain(`added_${kind}_${mode}`);
    } finally {
      controller.abort();
    }
    expect((await within(events.next(), "the iterator's end")).done).toBe(true);
  }, TEST_MS);

  it(
    era === "legacy" || kind === "stdio"
      ? "cancels: an aborted call rejects with FlowAbortedError, notifications/cancelled names its request, and the server's handler is aborted"
      : "cancels: an aborted call rejects with FlowAbortedError and closing its exchange aborts the server's handler",
    async () => {
      expect(textOf(await within(client.callTool("was_cancelled", {}), "tools/call was_cancelled"))).toBe("no");
      const controller = new AbortController();
      let started = false;
      const call = client.callTool("wait_for_cancel", {}, { signal: controller.signal, onProgress: () => void (started = true) });
      call.catch(() => {});
      await until(() => started, "wait_for_cancel's first progress report");
      controller.abort(new Error("the user gave up"));
      await expect(within(call, "the aborted call to reject")).rejects.toBeInstanceOf(FlowAbortedError);
      if (era === "legacy" || kind === "stdio") {
        await eventually(() => {
          const request = peer.received().filter((m) => m.method === "tools/call" && m.params?.name === "wait_for_cancel").at(-1);
          expect(request, why("wait_for_cancel received")).toBeDefined();
          const cancelled = peer.received().filter((m) => m.method === "notifications/cancelled");
          expect(cancelled.map((m) => m.params?.requestId), why("notifications/cancelled for wait_for_cancel's request")).toContain(request?.id);
        }, 5_000);
      }
      let answer = "no";
      for (let i = 0; i < 100 && answer === "no"; i++) {
        answer = textOf(await within(client.callTool("was_cancelled", {}), "tools/call was_cancelled"));
        if (answer === "no") await new Promise((r) => setTimeout(r, 20));
      }
      expect(answer, why("the handler's signal aborted")).toBe("yes");
    },
    TEST_MS,
  );

  if (kind === "http" && era === "legacy") {
    it("sends Mcp-Session-Id and MCP-Protocol-Version: 2025-11-25 on every HTTP request after initialize (POST and GET)", () => {
      const id = server!.sessions()[0];
      const init = server!.exchanges.findIndex((e) => (e.body as Message | undefined)?.method === "initialize");
      const after = server!.exchanges.slice(init + 1);
      expect(after.length).toBeGreaterThan(10);
      const show = (e: (typeof after)[number], session: unknown, version: unknown) => `${e.method} ${(e.body as Message | undefined)?.method ?? ""} session=${String(session)} version=${String(version)}`;
      expect(after.map((e) => show(e, e.session, e.protocolVersion)), why("the headers after initialize")).toEqual(after.map((e) => show(e, id, "2025-11-25")));
    });

    it("close() ends the 2025 session with DELETE: the server closed it and its id is then unknown (404)", async () => {
      const open = server!.sessions();
      expect(open, "one session open before close()").toHaveLength(1);
      const id = open[0]!;
      closed = true;
      await within(client.close(), "close()");
      expect(server!.exchanges.filter((e) => e.method === "DELETE").map((e) => [e.session, e.status]), why("one DELETE of the session")).toEqual([[id, 200]]);
      expect(server!.deleted).toEqual([id]);
      expect(server!.sessions()).toEqual([]);
      const r = await fetch(server!.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
      expect(r.status).toBe(404);
    }, TEST_MS);
  } else if (kind === "http") {
    it("close() of a modern client opened no 2025 session and sends no DELETE", async () => {
      closed = true;
      await within(client.close(), "close()");
      expect(server!.sessions()).toEqual([]);
      expect(server!.deleted).toEqual([]);
      expect(server!.exchanges.filter((e) => e.method === "DELETE" || e.era === "legacy"), why("no DELETE, nothing for the legacy side")).toEqual([]);
    }, TEST_MS);
  } else {
    it("close() ends the server process (it exits with 0)", async () => {
      closed = true;
      await within(client.close(), "close()");
      await until(() => stderr.includes("exit 0"), "the server exiting with 0");
    }, TEST_MS);
  }
});
