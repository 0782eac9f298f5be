/**
 * The extension seam of the client: an extension is declared in every
 * request's capabilities, continues only the results it claims on the
 * methods it names, with the client's means (requests with its _meta, the
 * handlers with their checks), and what it returns is held to the method's
 * result schema. Everything else stays as the core has it.
 */
import { describe, expect, it } from "vitest";
import { createClient, httpTransport, McpClientError, ProtocolViolationError, UndeclaredCapabilityError, type McpClient } from "@mrtr/client";
import { defineClientExtension, type ClientExtensionHost, type ExtensionCall } from "@mrtr/client/plugin";
import type { InputRequests } from "@mrtr/schema";
import { complete, elicitation, scripted } from "./scripted.js";

const ID = "example.com/jobs";

/** An extension that claims resultType "job" on tools/call and finishes it with `finish`. */
function jobs(finish: (result: Record<string, unknown>, call: ExtensionCall) => Promise<Record<string, unknown>> = async () => complete) {
  let host: ClientExtensionHost | undefined;
  const extension = defineClientExtension({
    id: ID,
    settings: { version: 2 },
    results: { "tools/call": ["job"] },
    namedParams: { "jobs/get": "jobId" },
    attach: (h) => void (host = h),
    continue: (result, call) => finish(result, call),
  });
  return { extension, host: () => host! };
}

const job = { resultType: "job", jobId: "j-1" };

describe("createClient({ extensions })", () => {
  it("declares each extension's settings under capabilities.extensions, in client.capabilities and every request's _meta", async () => {
    const server = scripted(() => complete);
    const client = createClient({ transport: server, name: "c", version: "1", extensions: [jobs().extension], elicitation: { form: async () => ({ action: "decline" }) } });
    expect(client.capabilities).toEqual({ elicitation: { form: {} }, extensions: { [ID]: { version: 2 } } });
    await client.callTool("t");
    await client.getPrompt("p").catch(() => undefined);
    expect(server.sent).toHaveLength(2);
    for (const m of server.sent) expect(m.params._meta["io.modelcontextprotocol/clientCapabilities"].extensions).toEqual({ [ID]: { version: 2 } });
  });

  it("without extensions declares none: the capabilities are the handlers' alone", () => {
    const client = createClient({ transport: scripted(() => complete), name: "c", version: "1" });
    expect(client.capabilities).toEqual({});
  });

  it("hands a claimed result to the extension, which continues with the client's _meta; its return is the call's result", async () => {
    const { extension } = jobs(async (result, call) => {
      expect(result).toEqual(job);
      expect(call.method).toBe("tools/call");
      expect(call.params).toEqual({ name: "t", arguments: { a: 1 } });
      return call.request("jobs/get", { jobId: result.jobId });
    });
    const server = scripted((m) => (m.method === "tools/call" ? job : { ...complete, content: [{ type: "text", text: "from the job" }] }));
    const client = createClient({ transport: server, name: "c", version: "1", extensions: [extension] });
    const result = await client.callTool("t", { a: 1 });
    expect(result.content).toEqual([{ type: "text", text: "from the job" }]);
    expect(server.sent.map((m) => m.method)).toEqual(["tools/call", "jobs/get"]);
    expect(server.sent[1]!.params._meta["io.modelcontextprotocol/protocolVersion"]).toBe("2026-07-28");
    expect(server.sent[1]!.id).not.toBe(server.sent[0]!.id);
  });

  it("holds what the extension returns to the method's result schema", async () => {
    const { extension } = jobs(async () => ({ content: "not a list" }));
    const client = createClient({ transport: scripted(() => job), name: "c", version: "1", extensions: [extension] });
    await expect(client.callTool("t")).rejects.toThrow(ProtocolViolationError);
  });

  it("refuses an extension's return that is not complete", async () => {
    const { extension } = jobs(async () => ({ ...complete, resultType: "input_required" }));
    const client = createClient({ transport: scripted(() => job), name: "c", version: "1", extensions: [extension] });
    await expect(client.callTool("t")).rejects.toThrow(/resultType "input_required"/);
  });

  it("a claimed resultType on a method the extension did not name stays a ProtocolViolationError", async () => {
    let continued = false;
    const { extension } = jobs(async () => ((continued = true), complete));
    const client = createClient({ transport: scripted(() => job), name: "c", version: "1", extensions: [extension] });
    await expect(client.getPrompt("p")).rejects.toThrow(ProtocolViolationError);
    expect(continued).toBe(false);
  });

  it("a resultType no extension claims stays a ProtocolViolationError", async () => {
    const client = createClient({ transport: scripted(() => ({ resultType: "later" })), name: "c", version: "1", extensions: [jobs().extension] });
    await expect(client.callTool("t")).rejects.toThrow(/Unknown resultType "later"/);
  });

  it("refuses two extensions with one id, two claims of one resultType, and claims of the core's resultTypes", () => {
    const make = (extensions: ReturnType<typeof defineClientExtension>[]) => () => createClient({ transport: scripted(() => complete), name: "c", version: "1", extensions });
    expect(make([jobs().extension, jobs().extension])).toThrow(/is given twice/);
    expect(make([jobs().extension, { ...jobs().extension, id: "other" }])).toThrow(/Two extensions claim resultType "job" on tools\/call/);
    expect(() => defineClientExtension({ id: "x", results: { "tools/call": ["input_required"] }, continue: async () => complete })).toThrow(McpClientError);
  });

  it("manual start continues a claimed result through the extension too", async () => {
    const client = createClient({ transport: scripted(() => job), name: "c", version: "1", extensions: [jobs().extension] });
    expect(await client.start("tools/call", { name: "t" })).toEqual({ status: "complete", result: complete });
  });
});

describe("what the client lends an extension", () => {
  it("answer: checks every request before any handler runs (an undeclared mode throws, no handler asked)", async () => {
    const asked: string[] = [];
    const { extension } = jobs(async (_r, call) => {
      const link = { method: "elicitation/create", params: { mode: "url", message: "m", url: "https://x.example", elicitationId: "e" } };
      await call.answer({ form: elicitation(), link } as unknown as InputRequests, () => undefined);
      return complete;
    });
    const client = createClient({ transport: scripted(() => job), name: "c", version: "1", extensions: [extension], elicitation: { form: async (_p, info) => (asked.push(info.key), { action: "decline" }) } });
    await expect(client.callTool("t")).rejects.toBeInstanceOf(UndeclaredCapabilityError);
    expect(asked).toEqual([]);
  });

  it("answer: hands each answer as prepared (form defaults filled) to `each` as its handler finishes", async () => {
    const got: [string, unknown][] = [];
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const question = { method: "elicitation/create", params: { mode: "form", message: "n?", requestedSchema: { type: "object", properties: { n: { type: "integer", default: 3 } } } } };
    const { extension } = jobs(async (_r, call) => {
      await call.answer({ slow: question, fast: question } as unknown as InputRequests, (key, answer) => {
        got.push([key, answer]);
        if (key === "fast") releaseSlow();
      });
      return complete;
    });
    const client = createClient({
      transport: scripted(() => job),
      name: "c",
      version: "1",
      extensions: [extension],
      elicitation: { form: async (_p, info) => (info.key === "slow" && (await slow), { action: "accept", content: {} }) },
    });
    await client.callTool("t");
    expect(got).toEqual([
      ["fast", { action: "accept", content: { n: 3 } }],
      ["slow", { action: "accept", content: { n: 3 } }],
    ]);
  });

  it("host.start hands back the claimed result instead of continuing it; host.continue checks run's result", async () => {
    let continued = false;
    const { extension, host } = jobs(async () => ((continued = true), complete));
    const client: McpClient = createClient({ transport: scripted(() => job), name: "c", version: "1", extensions: [extension] });
    expect(host().client).toBe(client);
    expect(await host().start("tools/call", { name: "t" })).toEqual({ status: "claimed", result: job });
    expect(continued).toBe(false);
    expect(await host().continue("tools/call", {}, undefined, async () => complete)).toEqual(complete);
    await expect(host().continue("tools/call", {}, undefined, async () => ({ nope: true }))).rejects.toBeInstanceOf(ProtocolViolationError);
  });

  it("host.prepare prepares the application's answers as resume does (unasked keys dropped, defaults filled)", () => {
    const { extension, host } = jobs();
    createClient({ transport: scripted(() => complete), name: "c", version: "1", extensions: [extension], elicitation: { form: "manual" } });
    const question = { method: "elicitation/create", params: { mode: "form", message: "n?", requestedSchema: { type: "object", properties: { n: { type: "integer", default: 3 } } } } } as const;
    expect(host().prepare({ q: question }, { q: { action: "accept", content: {} }, other: { action: "decline" } })).toEqual({ q: { action: "accept", content: { n: 3 } } });
  });

  it("over HTTP, an extension's named method carries Mcp-Name from its params field", async () => {
    const headers: Record<string, string | null>[] = [];
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      const h = new Headers(init?.headers);
      const body = JSON.parse(String(init?.body));
      headers.push({ method: h.get("mcp-method"), name: h.get("mcp-name") });
      const result = body.method === "tools/call" ? job : complete;
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }), { headers: { "content-type": "application/json" } });
    };
    const { extension } = jobs(async (result, call) => {
      await call.request("jobs/get", { jobId: result.jobId });
      await call.request("jobs/other", { jobId: "x" });
      return complete;
    });
    const client = createClient({ transport: httpTransport("https://mcp.example/mcp", { fetch }), name: "c", version: "1", extensions: [extension] });
    await client.callTool("t");
    expect(headers).toEqual([
      { method: "tools/call", name: "t" },
      { method: "jobs/get", name: "j-1" },
      { method: "jobs/other", name: null },
    ]);
  });
});
