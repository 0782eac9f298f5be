/**
 * Our client, with `legacyClient()` from @mrtr/client/legacy, against a
 * server of the initialize-based revision 2025-11-25 built with the official
 * SDK 1.x (fixtures/sdk1-legacy-server.ts), over Streamable HTTP (the SDK's
 * stateful sessions, served in process) and over stdio (the fixture as a
 * child process). The same calls and handlers as against a 2026-07-28
 * server: the era is detected as legacy, the server's elicitation/create,
 * sampling/createMessage and roots/list requests are answered by the
 * handlers given to createClient (sampling and roots through
 * @mrtr/deprecated), results come back in their modern shape, listen is
 * served by resources/subscribe and the session's notifications, progress
 * arrives, an aborted call reaches the server as notifications/cancelled,
 * and close() ends the session (HTTP: DELETE) or the process (stdio).
 *
 * What the server received is kept (HTTP: each exchange with its body;
 * stdio: the fixture's `recv <json>` stderr lines) and shown in failure
 * messages, so a failing rule says what was sent.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FlowAbortedError, type ListenEvent, type McpClient, type Progress } from "@mrtr/client";
import { legacyClient } from "@mrtr/client/legacy";
import { repoRoot } from "../helpers/paths.js";
import { eventually, host, httpPeer, stdioPeer, textOf, until, within, type Message, type Peer } from "./legacy-host.js";
import { startSdk1HttpServer, type Sdk1HttpServer } from "./fixtures/sdk1-legacy-server.js";

const fixture = resolve(repoRoot, "test/interop/fixtures/sdk1-legacy-server.ts");
const TEST_MS = 20_000;

const transports = [
  { name: "Streamable HTTP (stateful sessions)", kind: "http" as const },
  { name: "stdio (a child process)", kind: "stdio" as const },
];

describe.each(transports)("our client with legacyClient() against an SDK 1.x server of 2025-11-25 over $name", ({ kind }) => {
  let server: Sdk1HttpServer | undefined;
  const stderr: string[] = [];
  const peer: Peer = kind === "http" ? httpPeer(() => server!, (e) => `${e.method} ${e.status ?? "…"} session=${e.session ?? "-"}`) : stdioPeer(fixture, stderr);
  const verdicts: unknown[] = [];
  const legacy = legacyClient({ onVerdict: (v) => void verdicts.push(v) });
  let client: McpClient;
  let asked: string[];
  let closed = false;

  const methods = () => peer.received().map((m) => m.method ?? (m.error !== undefined ? "(error response)" : "(response)"));
  const why = (rule: string) => `${rule}\n--- the server received ---\n${peer.transcript()}`;

  beforeAll(async () => {
    if (kind === "http") server = await startSdk1HttpServer();
    ({ client, asked } = host(peer.transport(), legacy));
  }, 30_000);
  afterAll(async () => {
    if (!closed) await client?.close().catch(() => {});
    await server?.close();
  }, 30_000);

  it("detects the era: the verdict is legacy with the version initialize negotiated (2025-11-25), reported once", async () => {
    expect(legacy.verdict).toBeUndefined();
    const tools = await within(client.listTools(), "tools/list");
    expect(tools.tools.length).toBeGreaterThan(0);
    expect(legacy.verdict, why("verdict after the first request")).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(verdicts).toEqual([{ era: "legacy", protocolVersion: "2025-11-25" }]);
    // The session opened with initialize (asking for 2025-11-25), then notifications/initialized, before tools/list.
    await eventually(() => {
      const m = methods();
      const init = peer.received().find((x) => x.method === "initialize");
      expect(init?.params?.protocolVersion, why("initialize's protocolVersion")).toBe("2025-11-25");
      expect(init?.params?.clientInfo).toMatchObject({ name: "mrtr-host", version: "1.0.0" });
      expect(m, why("tools/list received")).toContain("tools/list");
      expect(m.indexOf("initialize"), why("initialize before tools/list")).toBeLessThan(m.indexOf("tools/list"));
      expect(m.indexOf("notifications/initialized"), why("initialized before tools/list")).toBeLessThan(m.indexOf("tools/list"));
      expect(m.filter((x) => x === "initialize"), why("one initialize")).toHaveLength(1);
    });
  }, TEST_MS);

  it("declares the handlers' capabilities in initialize: elicitation (form), sampling, roots", async () => {
    await eventually(() => {
      const caps = peer.received().find((x) => x.method === "initialize")?.params?.capabilities as Record<string, any> | undefined;
      expect(caps?.elicitation, why("initialize capabilities.elicitation")).toBeDefined();
      expect(caps?.elicitation?.url, why("no URL handler, no url capability")).toBeUndefined();
      expect(caps?.sampling, why("initialize capabilities.sampling")).toBeDefined();
      expect(caps?.roots, why("initialize capabilities.roots")).toBeDefined();
    });
  });

  it("lists tools and calls one; results are typed as modern ones (resultType complete)", async () => {
    const tools = await within(client.listTools(), "tools/list");
    expect(tools.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["greet", "ask_name", "ask_model", "list_roots", "slow_count", "wait_for_cancel", "add_tool", "touch_resource"]),
    );
    expect(tools.resultType).toBe("complete");
    const all = await within(client.listAllTools(), "listAllTools");
    expect(all.map((t) => t.name)).toContain("greet");
    const r = await within(client.callTool("greet", { name: "x" }), "tools/call greet");
    expect(r.resultType).toBe("complete");
    expect(r.content).toEqual([{ type: "text", text: "hello x" }]);
    expect(r.isError ?? false).toBe(false);
  }, TEST_MS);

  it("answers the server's elicitation/create (on the call's stream) with the form handler; the tool's result carries the answer", async () => {
    asked.length = 0;
    const r = await within(client.callTool("ask_name", {}), "tools/call ask_name");
    expect(textOf(r), why("ask_name's result")).toBe("hello Ada");
    expect(asked).toEqual(["form: Your name? [name]"]);
    // The answer went back as the JSON-RPC response to the server's request.
    await eventually(() => {
      const answers = peer.received().filter((m) => m.method === undefined && (m.result as { action?: string } | undefined)?.action === "accept");
      expect(answers.length, why("an elicitation response")).toBeGreaterThan(0);
      expect(answers.at(-1)?.result).toEqual({ action: "accept", content: { name: "Ada" } });
    });
  }, TEST_MS);

  it("answers a server request sent outside any call (HTTP: on the session's GET stream) with the same form handler", async () => {
    asked.length = 0;
    const r = await within(client.callTool("ask_name_unrelated", {}), "tools/call ask_name_unrelated");
    expect(textOf(r), why("ask_name_unrelated's result")).toBe("hello Ada");
    expect(asked).toEqual(["form: Your name? [name]"]);
  }, TEST_MS);

  it("answers sampling/createMessage and roots/list through @mrtr/deprecated's sampling and roots", async () => {
    asked.length = 0;
    expect(textOf(await within(client.callTool("ask_model", {}), "tools/call ask_model")), why("ask_model's result")).toBe("the model said 4 (test-model)");
    expect(textOf(await within(client.callTool("list_roots", {}), "tools/call list_roots")), why("list_roots' result")).toBe("file:///work");
    expect(asked).toEqual([`sampling: ${JSON.stringify({ type: "text", text: "What is 2 + 2?" })}`, "roots"]);
  }, TEST_MS);

  it("lists and gets prompts", async () => {
    const prompts = await within(client.listPrompts(), "prompts/list");
    expect(prompts.prompts.map((p) => p.name)).toEqual(["hello"]);
    expect(prompts.prompts[0]?.arguments?.map((a) => a.name)).toEqual(["name"]);
    const prompt = await within(client.getPrompt("hello", { name: "Ada" }), "prompts/get");
    expect(prompt.resultType).toBe("complete");
    expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Say hello to Ada." } }]);
  }, TEST_MS);

  it("lists and reads resources, lists templates and reads through one", async () => {
    expect((await within(client.listResources(), "resources/list")).resources.map((r) => r.uri)).toEqual(["mem://note"]);
    const note = await within(client.readResource("mem://note"), "resources/read mem://note");
    expect(note.resultType).toBe("complete");
    expect(note.contents).toEqual([{ uri: "mem://note", mimeType: "text/plain", text: "a note" }]);
    const templates = await within(client.listAllResourceTemplates(), "resources/templates/list");
    expect(templates.map((t) => t.uriTemplate)).toEqual(["mem://items/{id}"]);
    expect((await within(client.readResource("mem://items/7"), "resources/read mem://items/7")).contents).toEqual([
      { uri: "mem://items/7", mimeType: "text/plain", text: "item 7" },
    ]);
  }, TEST_MS);

  it("completes a prompt argument and a template variable", async () => {
    const r = await within(client.complete({ type: "ref/prompt", name: "hello" }, { name: "name", value: "A" }), "completion/complete (prompt)");
    expect(r.completion.values).toEqual(["Ada", "Alan"]);
    expect(r.resultType).toBe("complete");
    const t = await within(client.complete({ type: "ref/resource", uri: "mem://items/{id}" }, { name: "id", value: "" }), "completion/complete (template)");
    expect(t.completion.values).toEqual(["1", "2", "3"]);
  }, TEST_MS);

  it("reports progress: the request carries a progressToken and the three reports arrive in order", async () => {
    const reports: Progress[] = [];
    const r = await within(client.callTool("slow_count", {}, { onProgress: (p) => void reports.push(p) }), "tools/call slow_count");
    expect(textOf(r)).toBe("counted 3");
    await eventually(() => {
      const call = peer.received().filter((m) => m.method === "tools/call" && m.params?.name === "slow_count").at(-1);
      expect(call?.params?._meta?.progressToken, why("slow_count's progressToken")).toBeDefined();
    });
    expect(reports.map((p) => [p.progress, p.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  }, TEST_MS);

  it("listen: acknowledged first (resources/subscribe sent), then resources/updated after touch_resource and tools/list_changed after add_tool", async () => {
    const controller = new AbortController();
    const events = client.listen({ toolsListChanged: true, resourceSubscriptions: ["mem://note"] }, { signal: controller.signal });
    try {
      const ack = await within(events.next(), "the acknowledgement");
      expect(ack.value?.method).toBe("notifications/subscriptions/acknowledged");
      await eventually(() => {
        const subscribes = peer.received().filter((m) => m.method === "resources/subscribe");
        expect(subscribes.map((m) => m.params?.uri), why("resources/subscribe for mem://note")).toEqual(["mem://note"]);
      });
      expect(textOf(await within(client.callTool("touch_resource", {}), "tools/call touch_resource")), why("the server found the subscription")).toBe("updated");
      const updated = await within(events.next(), "notifications/resources/updated");
      expect(updated.value?.method).toBe("notifications/resources/updated");
      expect((updated.value as ListenEvent & { params: { uri?: string } }).params.uri).toBe("mem://note");
      await within(client.callTool("add_tool", { name: `added_${kind}` }), "tools/call add_tool");
      const changed = await within(events.next(), "notifications/tools/list_changed");
      expect(changed.value?.method).toBe("notifications/tools/list_changed");
      expect((await within(client.listTools({}, { fresh: true }), "tools/list after the change")).tools.map((t) => t.name)).toContain(`added_${kind}`);
    } finally {
      controller.abort();
    }
    expect((await within(events.next(), "the iterator's end")).done).toBe(true);
  }, TEST_MS);

  it("ending a listen unsubscribes: resources/unsubscribe for what it subscribed", async () => {
    await eventually(() => {
      const unsubscribes = peer.received().filter((m) => m.method === "resources/unsubscribe");
      expect(unsubscribes.map((m) => m.params?.uri), why("resources/unsubscribe after the listen ended")).toEqual(["mem://note"]);
    }, 5_000);
    // The server no longer sends updates for it.
    expect(textOf(await within(client.callTool("touch_resource", {}), "tools/call touch_resource"))).toBe("not subscribed");
  }, TEST_MS);

  it("cancels: an aborted call rejects with FlowAbortedError, notifications/cancelled names its request, and the server's handler is aborted", async () => {
    expect(textOf(await within(client.callTool("was_cancelled", {}), "tools/call was_cancelled"))).toBe("no");
    const controller = new AbortController();
    let started = false;
    const call = client.callTool("wait_for_cancel", {}, { signal: controller.signal, onProgress: () => void (started = true) });
    call.catch(() => {});
    await until(() => started, "wait_for_cancel's first progress report");
    controller.abort(new Error("the user gave up"));
    await expect(within(call, "the aborted call to reject")).rejects.toBeInstanceOf(FlowAbortedError);
    await eventually(() => {
      const request = peer.received().filter((m) => m.method === "tools/call" && m.params?.name === "wait_for_cancel").at(-1);
      expect(request, why("wait_for_cancel received")).toBeDefined();
      const cancelled = peer.received().filter((m) => m.method === "notifications/cancelled");
      expect(cancelled.map((m) => m.params?.requestId), why("notifications/cancelled for wait_for_cancel's request")).toContain(request?.id);
    }, 5_000);
    let answer = "no";
    for (let i = 0; i < 100 && answer === "no"; i++) {
      answer = textOf(await within(client.callTool("was_cancelled", {}), "tools/call was_cancelled"));
      if (answer === "no") await new Promise((r) => setTimeout(r, 20));
    }
    expect(answer, why("the handler's signal aborted")).toBe("yes");
  }, TEST_MS);

  if (kind === "http") {
    it("sends Mcp-Session-Id and MCP-Protocol-Version: 2025-11-25 on every HTTP request after initialize (POST and GET)", () => {
      const id = server!.sessions()[0];
      const init = server!.exchanges.findIndex((e) => (e.body as Message | undefined)?.method === "initialize");
      const after = server!.exchanges.slice(init + 1);
      expect(after.length).toBeGreaterThan(10);
      const show = (e: (typeof after)[number], session: unknown, version: unknown) => `${e.method} ${(e.body as Message | undefined)?.method ?? ""} session=${String(session)} version=${String(version)}`;
      expect(after.map((e) => show(e, e.session, e.protocolVersion)), why("the headers after initialize")).toEqual(after.map((e) => show(e, id, "2025-11-25")));
    });

    it("close() ends the session with DELETE: the server closed it and its id is then unknown (404)", async () => {
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
  } else {
    it("close() ends the server process (it exits with 0)", async () => {
      closed = true;
      await within(client.close(), "close()");
      await until(() => stderr.includes("exit 0"), "the server exiting with 0");
    }, TEST_MS);
  }
});

describe.each(transports)("our client with legacyClient() against an SDK 1.x server that answers initialize with 2025-06-18, over $name", ({ kind }) => {
  let server: Sdk1HttpServer | undefined;
  const stderr: string[] = [];
  const peer: Peer =
    kind === "http" ? httpPeer(() => server!, (e) => `${e.method} ${e.status ?? "…"} session=${e.session ?? "-"}`) : stdioPeer(fixture, stderr, ["--answer-version=2025-06-18"]);
  const legacy = legacyClient();
  let client: McpClient;
  let asked: string[];
  const why = (rule: string) => `${rule}\n--- the server received ---\n${peer.transcript()}`;

  beforeAll(async () => {
    if (kind === "http") server = await startSdk1HttpServer({ answerVersion: "2025-06-18" });
    ({ client, asked } = host(peer.transport(), legacy));
  }, 30_000);
  afterAll(async () => {
    await client?.close().catch(() => {});
    await server?.close();
  }, 30_000);

  it("asks for 2025-11-25, accepts the 2025-06-18 answer, and calls tools and answers elicitation in it", async () => {
    expect(textOf(await within(client.callTool("greet", { name: "x" }), "tools/call greet"))).toBe("hello x");
    expect(textOf(await within(client.callTool("ask_name", {}), "tools/call ask_name")), why("ask_name's result")).toBe("hello Ada");
    expect(asked).toEqual(["form: Your name? [name]"]);
    await eventually(() => expect(peer.received().find((m) => m.method === "initialize")?.params?.protocolVersion, why("initialize asked")).toBe("2025-11-25"));
  }, TEST_MS);

  it("the verdict names the version the server answered (2025-06-18), not the one asked for", () => {
    expect(legacy.verdict).toEqual({ era: "legacy", protocolVersion: "2025-06-18" });
  });

  if (kind === "http") {
    it("sends MCP-Protocol-Version: 2025-06-18 (the negotiated version) on every request after initialize", () => {
      const after = server!.exchanges.filter((e) => e.session !== undefined);
      expect(after.length).toBeGreaterThan(2);
      expect(
        after.map((e) => `${e.method} ${(e.body as Message | undefined)?.method ?? ""} ${e.protocolVersion}`),
        why("MCP-Protocol-Version after initialize"),
      ).toEqual(after.map((e) => `${e.method} ${(e.body as Message | undefined)?.method ?? ""} 2025-06-18`));
    });
  }
});

describe.each(transports)("our client with its defaults (no legacy option) against an SDK 1.x server of 2025-11-25 over $name", ({ kind }) => {
  let server: Sdk1HttpServer | undefined;
  const stderr: string[] = [];
  const peer: Peer = kind === "http" ? httpPeer(() => server!, (e) => `${e.method} ${e.status ?? "…"} session=${e.session ?? "-"}`) : stdioPeer(fixture, stderr);
  let client: McpClient;
  let asked: string[];

  beforeAll(async () => {
    if (kind === "http") server = await startSdk1HttpServer();
    ({ client, asked } = host(peer.transport(), undefined));
  }, 30_000);
  afterAll(async () => {
    await client?.close().catch(() => {});
    await server?.close();
  }, 30_000);

  it("reaches it once it shows its era (no probe is added), and a tool that asks is answered by the client's handler", async () => {
    const tools = await within(client.listTools(), "tools/list");
    expect(tools.tools.map((t) => t.name)).toContain("ask_name");
    const result = await within(client.callTool("ask_name", {}), "tools/call ask_name");
    expect(textOf(result)).toContain("Ada");
    expect(asked.some((a) => a.startsWith("form:"))).toBe(true);
    const methods = peer.received().map((m) => m.method);
    expect(methods.filter((m) => m === "initialize"), peer.transcript()).toHaveLength(1);
    // Over HTTP the first request went as a modern one and was refused; over stdio the transport's own discover probe told.
    expect(methods.includes("server/discover") || methods[0] === "tools/list", peer.transcript()).toBe(true);
  }, TEST_MS);
});
