/**
 * Clean traces, recorded: our server (over HTTP on loopback, wrapped in
 * traceHandler) and our client (its fetch wrapped in traceFetch) run real
 * multi-round flows; both recordings must lint without a finding (the
 * deprecated run: without an error, with a warning per deprecated use).
 */
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, httpTransport, traceFetch, type McpClient, type TraceRecord as ClientRecord } from "@mrtr/client";
import { createHttpHandler, createServer, inputRequired, traceHandler, type McpServer, type TraceRecord as ServerRecord } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";
import { roots, sampling } from "@mrtr/deprecated/client";
import { rootsKind, samplingKind } from "@mrtr/deprecated/server";
import { TraceLinter } from "../../src/lint/lint-trace.js";
import type { Finding } from "../../src/report/finding.js";
import { jsonl, run, tempDir } from "../helpers.js";

const SECRET = "trace-e2e-secret-0123456789abcdefghijklmn";
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
});

const ask = (message: string, field: string) => ({ message, requestedSchema: { type: "object" as const, properties: { [field]: { type: "string" as const } }, required: [field] } });
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });

function coreServer(): McpServer {
  const s = createServer({ name: "trace-e2e", version: "1.0.0", requestState: { secrets: [SECRET] } });
  s.tool({
    name: "book_table",
    async handler(_a, ctx) {
      const who = await ctx.elicit("guest", ask("Who is the booking for?", "name"));
      return text(`booked for ${String(who.content?.name)}`);
    },
  });
  s.tool({
    name: "wizard",
    async handler(_a, ctx) {
      const a = await ctx.elicit("step1", ask("Step 1", "a"));
      const b = await ctx.elicit("step2", ask("Step 2", "b"));
      const [c, d] = await Promise.all([ctx.elicit("step3", ask("Step 3", "c")), ctx.elicit("step4", ask("Step 4", "d"))]);
      return text([a, b, c, d].map((r) => r.action).join(","));
    },
  });
  s.tool({
    name: "connect",
    async handler(_a, ctx) {
      const r = await ctx.elicitUrl("oauth", { message: "Connect your calendar", url: "https://calendar.example/connect" });
      return text(r.action);
    },
  });
  s.tool({
    name: "poll",
    handler(_a, ctx) {
      if (ctx.state === undefined) return inputRequired({ state: { started: true } });
      return text("ready");
    },
  });
  s.prompt({
    name: "brief",
    async handler(_a, ctx) {
      const r = await ctx.elicit("topic", ask("Topic?", "topic"));
      return { messages: [{ role: "user", content: { type: "text", text: `Brief on ${String(r.content?.topic)}` } }] };
    },
  });
  s.resource({
    uri: "vault://doc",
    name: "doc",
    async handler(uri, ctx) {
      await ctx.elicit("unlock", ask("Passphrase hint?", "hint"));
      return { contents: [{ uri, text: "the document" }] };
    },
  });
  return s;
}

function deprecatedServer(): McpServer {
  const s = createServer({ name: "trace-e2e-deprecated", version: "1.0.0", requestState: { secrets: [SECRET] }, inputKinds: [samplingKind({ silenceDeprecationWarning: true }), rootsKind({ silenceDeprecationWarning: true })] });
  s.tool({
    name: "summarise_workspace",
    async handler(_a, ctx) {
      const [draft, dirs] = await Promise.all([
        ctx.sample("draft", { messages: [{ role: "user", content: { type: "text", text: "Name this workspace." } }], maxTokens: 20 }),
        ctx.listRoots("dirs"),
      ]);
      return text(`${JSON.stringify(draft.content)} for ${dirs.roots.length} roots`);
    },
  });
  return s;
}

/** Serves `server` on loopback through traceHandler; returns a client whose fetch goes through traceFetch, and both recordings. */
async function recorded(server: McpServer, extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  const serverSide: ServerRecord[] = [];
  const clientSide: ClientRecord[] = [];
  const http = createHttpServer(
    toNodeListener(traceHandler(createHttpHandler(server), (r) => void serverSide.push(r), { peer: (request) => request.headers.get("x-client") ?? undefined })),
  );
  servers.push(http);
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const client: McpClient = createClient({
    name: "trace-e2e-client",
    version: "1.0.0",
    transport: httpTransport(url, { fetch: traceFetch(fetch, (r) => void clientSide.push(r)) }),
    backoff: { initialMs: 1, maxMs: 5 },
    elicitation: {
      form: async (params) => ({ action: "accept" as const, content: Object.fromEntries(Object.keys(params.requestedSchema.properties).map((k) => [k, `${k}-answer`])) }),
      url: async () => ({ action: "accept" as const }),
    },
    ...extra,
  });
  /** Another client of the same server, named by an x-client header the server's trace takes as `peer`. */
  const another = (name: string) =>
    createClient({
      name,
      version: "1.0.0",
      transport: httpTransport(url, { headers: { "x-client": name } }),
      backoff: { initialMs: 1, maxMs: 5 },
      elicitation: { form: async () => ({ action: "accept" as const, content: { name: name } }) },
    });
  return { client, another, serverSide, clientSide, settle: () => new Promise((r) => setTimeout(r, 20)) };
}

const lintAll = (records: unknown[]): Finding[] => {
  const linter = new TraceLinter({ file: "recorded" });
  return records.flatMap((r, i) => linter.lint(JSON.parse(JSON.stringify(r)), i + 1));
};

/** The records with each peer's request ids replaced by 1, 2, 3… in the order that peer used them. */
function renumberIdsPerPeer<R extends { peer?: string; message?: unknown }>(records: R[]): R[] {
  const maps = new Map<string, Map<unknown, number>>();
  return records.map((record) => {
    const message = record.message as { id?: unknown } | undefined;
    if (!message || message.id === undefined || record.peer === undefined) return record;
    let ids = maps.get(record.peer);
    if (!ids) maps.set(record.peer, (ids = new Map()));
    if (!ids.has(message.id)) ids.set(message.id, ids.size + 1);
    return { ...record, message: { ...message, id: ids.get(message.id) } };
  });
}

describe("clean traces recorded from our client and server over HTTP", () => {
  const tmp = tempDir();

  it("lint without a finding: discover, lists, form, URL, multi-round, parallel questions, state-only rounds, prompt and resource input, concurrent flows", async () => {
    const { client, serverSide, clientSide, settle } = await recorded(coreServer());
    await client.discover();
    await client.listTools();
    await client.listPrompts();
    await client.listResources();
    expect((await client.callTool("book_table")).content).toEqual([{ type: "text", text: "booked for name-answer" }]);
    expect((await client.callTool("wizard")).content).toEqual([{ type: "text", text: "accept,accept,accept,accept" }]);
    expect((await client.callTool("connect")).content).toEqual([{ type: "text", text: "accept" }]);
    expect((await client.callTool("poll")).content).toEqual([{ type: "text", text: "ready" }]);
    await client.getPrompt("brief");
    await client.readResource("vault://doc");
    await Promise.all([client.callTool("book_table"), client.callTool("book_table"), client.callTool("wizard")]);
    await settle();

    for (const [side, records] of [["client", clientSide], ["server", serverSide]] as const) {
      expect(records.length, side).toBeGreaterThan(40);
      expect(records.filter((r) => (r.message as { result?: { resultType?: string } })?.result?.resultType === "input_required").length, side).toBeGreaterThanOrEqual(12);
      expect(records.every((r) => r.direction === "server-to-client" || r.headers?.["mcp-method"]), side).toBe(true);
      expect(lintAll(records), side).toEqual([]);
    }
    // The same through the command, from a file.
    const file = tmp.write("clean.jsonl", jsonl(...clientSide));
    const r = await run(["lint-trace", "--strict", file]);
    expect(r.stdout).toMatch(/: 0 invalid, 0 errors, 0 warnings\n$/);
    expect(r.code).toBe(0);
  });

  it("lint with only deprecated-feature warnings when the flows use sampling and roots", async () => {
    const { client, clientSide, serverSide, settle } = await recorded(deprecatedServer(), {
      inputKinds: [
        sampling(async () => ({ role: "assistant" as const, content: { type: "text" as const, text: "Atlas" }, model: "m" }), { silenceDeprecationWarning: true }),
        roots([{ uri: "file:///home/me/atlas", name: "atlas" }], { silenceDeprecationWarning: true }),
      ],
    });
    await client.callTool("summarise_workspace");
    await settle();
    for (const records of [clientSide, serverSide]) {
      const findings = lintAll(records);
      expect(findings.filter((f) => f.severity === "error")).toEqual([]);
      expect(new Set(findings.map((f) => `${f.rule} ${f.cite}`))).toEqual(new Set(["deprecated-feature client/sampling.mdx", "deprecated-feature client/roots.mdx"]));
    }
  });

  it("lints a server's trace of several clients, whose ids collide, clean when the hook names each client as peer", async () => {
    // Each client's first call waits at the server until the other's has arrived, so both are in flight at once
    // whatever the machine's speed (the collision below must not depend on how requests happen to interleave).
    const server = coreServer();
    let arrived = 0;
    let meet!: () => void;
    const met = new Promise<void>((resolve) => (meet = resolve));
    server.tool({
      name: "rendezvous",
      async handler() {
        if (++arrived === 2) meet();
        await met;
        return text("met");
      },
    });
    const { another, serverSide, settle } = await recorded(server);
    const [a, b] = [another("alice"), another("bob")];
    await Promise.all([a.callTool("rendezvous"), b.callTool("rendezvous")]);
    await Promise.all([a.callTool("book_table"), b.callTool("book_table"), a.listTools(), b.listTools()]);
    await settle();
    expect(new Set(serverSide.map((r) => r.peer))).toEqual(new Set(["alice", "bob"]));
    // Our clients' ids never collide (a random prefix each); many clients' do (each counts from 1):
    // number each peer's ids from 1, in order, as such clients would.
    const renumbered = renumberIdsPerPeer(serverSide);
    expect(lintAll(renumbered)).toEqual([]);
    // Without peers, the same traffic looks like one client reusing ids.
    expect(lintAll(renumbered.map(({ peer: _p, ...r }) => r)).length).toBeGreaterThan(0);
  });

  it("catches what a tampering proxy does to a recorded flow: an altered requestState on the retry", async () => {
    const { client, clientSide, settle } = await recorded(coreServer());
    await client.callTool("book_table");
    await settle();
    const records = JSON.parse(JSON.stringify(clientSide)) as { message: { params?: { requestState?: string } } }[];
    const retry = records.find((r) => r.message.params?.requestState !== undefined)!;
    retry.message.params!.requestState = `${retry.message.params!.requestState}x`;
    expect(lintAll(records).map((f) => f.rule)).toEqual(["request-state-echo"]);
  });
});
