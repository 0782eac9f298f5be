/**
 * The conformance fixture served over stdio (`test/conformance/server.ts
 * --stdio`) passes, over stdio, the checks of every official 2026-07-28
 * server scenario that means something without HTTP (36 of the 40; the four
 * left are about HTTP itself: server-sse-multiple-streams,
 * dns-rebinding-protection, http-header-validation,
 * http-custom-header-server-validation). Driven by our stdio client (the
 * transport itself for messages a client would never send), and, as the
 * suite's `wire-schema-valid` check does, every line the fixture writes is
 * validated against the 2026-07-28 JSON Schema: a message, a server
 * notification, a result of the method asked.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, JsonRpcError, type McpClient, type Transport } from "@mrtr/client";
import { streamTransport } from "@mrtr/client/stdio";
import { roots, sampling } from "@mrtr/deprecated/client";
import { LineSplitter } from "@mrtr/internal";
import type { JSONRPCRequest } from "@mrtr/schema";
import { ajvFor } from "../helpers/ajv.js";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

const RESULT_TYPES: Record<string, string> = {
  "server/discover": "DiscoverResultResponse",
  "tools/list": "ListToolsResultResponse",
  "tools/call": "CallToolResultResponse",
  "prompts/list": "ListPromptsResultResponse",
  "prompts/get": "GetPromptResultResponse",
  "resources/list": "ListResourcesResultResponse",
  "resources/templates/list": "ListResourceTemplatesResultResponse",
  "resources/read": "ReadResourceResultResponse",
  "completion/complete": "CompleteResultResponse",
  "subscriptions/listen": "SubscriptionsListenResultResponse",
};

const validator = ajvFor(JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")) as Record<string, unknown>);
const meta = (caps: Record<string, unknown> = { elicitation: {} }) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": caps,
  "io.modelcontextprotocol/clientInfo": { name: "stdio-conformance", version: "1.0.0" },
});

let child: ChildProcess;
let transport: Transport;
let client: McpClient;
/** Every line the fixture wrote that breaks the schema, with why. */
const invalid: string[] = [];
/** How many lines were checked, and how many of them as the result of the method asked. */
const checked = { lines: 0, results: 0 };
/** Requests the client cancelled, and every id the fixture answered (both JSON-encoded ids). */
const cancellations = new Set<string>();
const answered = new Set<string>();
/** Methods of the requests sent, by id, so each answer is checked against its method's result type. */
const methods = new Map<string, string>();
let raw = 0;

/** Sends one message through the transport as it is (for what a client would never send), with a fresh id. */
const rpc = (method: string, params: Record<string, unknown>) =>
  transport.request({ jsonrpc: "2.0", id: `raw-${++raw}`, method, params } as JSONRPCRequest) as Promise<{ result?: any; error?: any; id?: unknown }>;
const text = (r: { content: unknown }) => ((r.content as { text?: string }[])[0]?.text ?? "");

beforeAll(async () => {
  child = spawn(process.execPath, [...sourceArgs(join(repoRoot, "test/conformance/server.ts")), "--stdio"], { cwd: repoRoot, stdio: ["pipe", "pipe", "pipe"] });
  const stderr: string[] = [];
  child.stderr!.on("data", (d: Buffer) => stderr.push(d.toString()));
  // What goes in is recorded (the method of each request), and what comes out is validated, line by line.
  const toChild = new PassThrough();
  toChild.pipe(child.stdin!);
  const inbound = new LineSplitter(1 << 24, (f) => {
    if (f.kind !== "line") return void invalid.push(`a ${f.kind} line`);
    const m = JSON.parse(f.text) as { id?: unknown; method?: string; result?: unknown };
    const check = (type: string) => {
      const v = validator(type);
      if (!v(m)) invalid.push(`${type}: ${JSON.stringify(v.errors?.slice(0, 2))} in ${f.text.slice(0, 300)}`);
    };
    checked.lines++;
    if (m.method === undefined) answered.add(JSON.stringify(m.id));
    check("JSONRPCMessage");
    if (m.method !== undefined) check("ServerNotification");
    else if (m.result !== undefined) {
      const method = methods.get(JSON.stringify(m.id));
      if (method && RESULT_TYPES[method]) (check(RESULT_TYPES[method]), checked.results++);
    }
  });
  const outbound = new LineSplitter(1 << 24, (f) => {
    if (f.kind !== "line") return;
    const m = JSON.parse(f.text) as { id?: unknown; method?: string; params?: { requestId?: unknown } };
    if (m.id !== undefined && m.method) methods.set(JSON.stringify(m.id), m.method);
    if (m.method === "notifications/cancelled") cancellations.add(JSON.stringify(m.params?.requestId));
  });
  toChild.on("data", (c: Buffer) => outbound.push(c));
  child.stdout!.on("data", (c: Buffer) => inbound.push(c));
  transport = streamTransport({ readable: child.stdout!, writable: toChild, name: "the stdio fixture" });
  client = createClient({
    transport,
    name: "stdio-conformance",
    version: "1.0.0",
    elicitation: {
      form: async (params) => {
        const fields = Object.keys((params.requestedSchema as { properties: Record<string, unknown> }).properties);
        return { action: "accept", content: Object.fromEntries(fields.map((f) => [f, f === "ok" ? true : `${f}-value`])) };
      },
    },
    inputKinds: [
      sampling(async () => ({ role: "assistant", content: { type: "text", text: "Paris" }, model: "test-model", stopReason: "endTurn" }), { silenceDeprecationWarning: true }),
      roots(() => [{ uri: "file:///project", name: "project" }], { silenceDeprecationWarning: true }),
    ],
  });
  try {
    await client.discover();
  } catch (error) {
    throw new Error(`the fixture did not answer over stdio: ${String(error)}\n${stderr.join("")}`);
  }
});

afterAll(async () => {
  await client?.close();
  child?.kill();
  expect(invalid).toEqual([]); // wire-schema-valid, over the whole run
  expect(checked.lines).toBeGreaterThan(60);
  expect(checked.results).toBeGreaterThan(50);
});

describe("the fixture over stdio: server-stateless and the content scenarios", () => {
  it("server-stateless: discover, capabilities as served, _meta rules, versions, removed methods, missing capability", async () => {
    const d = await client.discover();
    expect(d.supportedVersions).toEqual(["2026-07-28"]);
    expect(d._meta?.["io.modelcontextprotocol/serverInfo"]?.name).toBe("mrtr-conformance-fixture");
    expect(Object.keys(d.capabilities).sort()).toEqual(["completions", "extensions", "prompts", "resources", "tools"]);
    expect(d.capabilities.extensions).toEqual({ "io.modelcontextprotocol/tasks": {} });
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect((await rpc("tools/list", {})).error.code).toBe(-32602); // no _meta
    expect((await rpc("tools/list", { _meta: { "io.modelcontextprotocol/clientCapabilities": {} } })).error.code).toBe(-32602); // no version
    expect((await rpc("tools/list", { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } })).error.code).toBe(-32602); // no capabilities
    const noInfo = meta();
    delete (noInfo as Record<string, unknown>)["io.modelcontextprotocol/clientInfo"];
    expect((await rpc("tools/list", { _meta: noInfo })).result.tools).toBeDefined();
    const unsupported = await rpc("tools/list", { _meta: { ...meta(), "io.modelcontextprotocol/protocolVersion": "v999.0.0" } });
    expect(unsupported.error).toMatchObject({ code: -32022, data: { supported: ["2026-07-28"], requested: "v999.0.0" } });
    for (const method of ["initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe", "unknown/method"]) {
      const r = await rpc(method, { _meta: meta() });
      expect([method, r.error?.code, typeof r.id]).toEqual([method, -32601, "string"]);
    }
    const missing = await rpc("tools/call", { name: "test_missing_capability", arguments: {}, _meta: meta({ elicitation: {} }) });
    expect(missing.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
    expect(text(await client.callTool("test_logging_tool"))).toBe("no logs");
    expect(text(await client.callTool("test_streaming_elicitation"))).toBe("Hello, name-value!");
  });

  it("a legacy initialize over stdio gets -32022 naming the version served", async () => {
    const r = await rpc("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "old", version: "1" } });
    expect(r.error).toMatchObject({ code: -32022, data: { supported: ["2026-07-28"], requested: "2025-11-25" } });
  });

  it("tools-list, tools-call-simple-text, -image, -audio, -embedded-resource, -mixed-content, -error", async () => {
    const names = (await client.listAllTools()).map((t) => t.name);
    for (const n of ["test_simple_text", "test_image_content", "test_audio_content", "test_embedded_resource", "test_multiple_content_types", "test_error_handling"]) expect(names).toContain(n);
    expect(text(await client.callTool("test_simple_text"))).toBe("This is a simple text response for testing.");
    expect((await client.callTool("test_image_content")).content[0]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect((await client.callTool("test_audio_content")).content[0]).toMatchObject({ type: "audio", mimeType: "audio/wav" });
    expect((await client.callTool("test_embedded_resource")).content[0]).toMatchObject({ type: "resource", resource: { uri: "test://embedded-resource" } });
    expect((await client.callTool("test_multiple_content_types")).content.map((c) => c.type)).toEqual(["text", "image", "resource"]);
    const failed = await client.callTool("test_error_handling");
    expect(failed.isError).toBe(true);
  });

  it("tools-call-with-progress: reports growing to 100 of 100, correlated by token on the shared channel", async () => {
    const reports: number[] = [];
    await client.callTool("test_tool_with_progress", {}, { onProgress: (p) => reports.push(p.progress) });
    expect(reports).toEqual([0, 50, 100]);
  });

  it("json-schema-2020-12: the tool's input schema is listed exactly as registered", async () => {
    const tool = (await client.listAllTools()).find((t) => t.name === "json_schema_2020_12_tool")!;
    expect(tool.inputSchema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { address: { $anchor: "addressDef" } }, additionalProperties: false });
    expect(tool.inputSchema.allOf).toEqual([{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }]);
  });

  it("resources-list, resources-read-text, -binary, resources-templates-read, sep-2164-resource-not-found", async () => {
    expect((await client.listAllResources()).map((r) => r.uri).sort()).toEqual(["test://static-binary", "test://static-text"]);
    expect((await client.readResource("test://static-text")).contents[0]).toMatchObject({ text: "This is the content of the static text resource." });
    expect((await client.readResource("test://static-binary")).contents[0]).toMatchObject({ mimeType: "image/png" });
    expect((await client.listAllResourceTemplates()).map((t) => t.uriTemplate)).toEqual(["test://template/{id}/data"]);
    const template = (await client.readResource("test://template/42/data")).contents[0] as { text: string };
    expect(JSON.parse(template.text)).toEqual({ id: "42", templateTest: true });
    const missing = await client.readResource("test://nonexistent-resource-for-conformance-testing").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(JsonRpcError);
    expect((missing as JsonRpcError).code).toBe(-32602);
    expect(((missing as JsonRpcError).data as { uri?: string }).uri).toBe("test://nonexistent-resource-for-conformance-testing");
  });

  it("prompts-list, prompts-get-simple, -with-args, -embedded-resource, -with-image", async () => {
    const names = (await client.listAllPrompts()).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["test_simple_prompt", "test_prompt_with_arguments", "test_prompt_with_embedded_resource", "test_prompt_with_image"]));
    expect((await client.getPrompt("test_simple_prompt")).messages[0]!.content).toMatchObject({ text: "This is a simple prompt for testing." });
    expect((await client.getPrompt("test_prompt_with_arguments", { arg1: "a", arg2: "b" })).messages[0]!.content).toMatchObject({ text: "Prompt with arguments: arg1='a', arg2='b'" });
    expect((await client.getPrompt("test_prompt_with_embedded_resource", { resourceUri: "test://x" })).messages[0]!.content).toMatchObject({ type: "resource", resource: { uri: "test://x" } });
    expect((await client.getPrompt("test_prompt_with_image")).messages[0]!.content).toMatchObject({ type: "image" });
  });

  it("completion-complete: a prompt argument and a template variable complete", async () => {
    expect((await client.complete({ type: "ref/prompt", name: "test_prompt_with_arguments" }, { name: "arg1", value: "pa" })).completion.values).toEqual(["paris", "park", "party"]);
    expect((await client.complete({ type: "ref/resource", uri: "test://template/{id}/data" }, { name: "id", value: "4" })).completion.values).toEqual(["42"]);
  });

  it("caching: discover, list and read results carry ttlMs and cacheScope", async () => {
    for (const method of ["server/discover", "tools/list", "prompts/list", "resources/list"]) {
      const r = await rpc(method, { _meta: meta() });
      expect([method, typeof r.result.ttlMs, r.result.cacheScope]).toEqual([method, "number", "private"]);
    }
    const read = await rpc("resources/read", { uri: "test://static-text", _meta: meta() });
    expect(typeof read.result.ttlMs).toBe("number");
  });

  it("subscriptions/listen: acknowledged first with the subscription id, then the list changes each trigger makes", async () => {
    const controller = new AbortController();
    const events = client.listen({ toolsListChanged: true, promptsListChanged: true }, { signal: controller.signal });
    const ack = (await events.next()).value!;
    expect(ack.method).toBe("notifications/subscriptions/acknowledged");
    expect(ack.params.notifications).toEqual({ toolsListChanged: true, promptsListChanged: true });
    await client.callTool("test_trigger_tool_change");
    expect((await events.next()).value!.method).toBe("notifications/tools/list_changed");
    await client.callTool("test_trigger_prompt_change");
    expect((await events.next()).value!.method).toBe("notifications/prompts/list_changed");
    controller.abort();
    expect((await events.next()).done).toBe(true);
  });

  it("cancellation: an aborted call sends notifications/cancelled on the channel, and the fixture answers it no more", async () => {
    const before = new Set(cancellations);
    const controller = new AbortController();
    const call = client.callTool("test_tool_with_progress", {}, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(call).rejects.toThrow(/aborted/);
    const cancelled = [...cancellations].filter((id) => !before.has(id));
    expect(cancelled).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300)); // longer than the tool takes to finish
    expect(answered.has(cancelled[0]!)).toBe(false);
    expect(text(await client.callTool("test_simple_text"))).toBe("This is a simple text response for testing."); // and serving goes on
  });

  it("stdout belongs to the protocol: a handler's console.log and process.stdout.write do not reach it", async () => {
    expect(text(await client.callTool("test_stdout_noise"))).toBe("wrote to stdout");
    expect(text(await client.callTool("test_simple_text"))).toBe("This is a simple text response for testing."); // the stream is intact
  });
});

describe("the fixture over stdio: the input-required-result scenarios", () => {
  /** One raw first leg of `tools/call`, as the suite sends it. */
  const first = (name: string, caps?: Record<string, unknown>) => rpc("tools/call", { name, arguments: {}, _meta: meta(caps ?? { sampling: {}, elicitation: {}, roots: { listChanged: true } }) });
  const retryOf = (name: string, inputResponses: unknown, requestState?: string, caps?: Record<string, unknown>) =>
    rpc("tools/call", { name, arguments: {}, _meta: meta(caps ?? { sampling: {}, elicitation: {}, roots: { listChanged: true } }), inputResponses, ...(requestState !== undefined && { requestState }) });

  it("basic-elicitation, basic-sampling, basic-list-roots: each asks once, and the answered retry completes", async () => {
    expect(text(await client.callTool("test_input_required_result_elicitation"))).toBe("Hello, name-value!");
    expect(text(await client.callTool("test_input_required_result_sampling"))).toBe("The model said: Paris");
    expect(text(await client.callTool("test_input_required_result_list_roots"))).toBe("Roots: file:///project");
    const asked = (await first("test_input_required_result_sampling")).result;
    expect(Object.values(asked.inputRequests).map((r: any) => r.method)).toEqual(["sampling/createMessage"]);
  });

  it("request-state: the retry echoing the state completes; multiple-input-requests: three kinds in one round", async () => {
    const asked = (await first("test_input_required_result_request_state")).result;
    expect(asked.resultType).toBe("input_required");
    expect(typeof asked.requestState).toBe("string");
    const done = await retryOf("test_input_required_result_request_state", { confirm: { action: "accept", content: { ok: true } } }, asked.requestState);
    expect(done.result.content[0].text).toMatch(/^state-ok/);
    const many = (await first("test_input_required_result_multiple_inputs")).result;
    expect(Object.values(many.inputRequests).map((r: any) => r.method).sort()).toEqual(["elicitation/create", "roots/list", "sampling/createMessage"]);
    expect(text(await client.callTool("test_input_required_result_multiple_inputs"))).toBe("Paris name-value (1 roots)");
  });

  it("multi-round: round two asks again with a different requestState, round three completes", async () => {
    const one = (await first("test_input_required_result_multi_round")).result;
    const two = (await retryOf("test_input_required_result_multi_round", { step1: { action: "accept", content: { name: "Ada" } } }, one.requestState)).result;
    expect(two.resultType).toBe("input_required");
    expect(two.requestState).not.toBe(one.requestState);
    const three = await retryOf("test_input_required_result_multi_round", { step2: { action: "accept", content: { color: "blue" } } }, two.requestState);
    expect(three.result.content[0].text).toBe("Ada likes blue");
  });

  it("missing-input-response, ignore-extra-params, validate-input: wrong keys ask again, extra keys are ignored, bad answers and null are errors", async () => {
    const asked = (await first("test_input_required_result_elicitation")).result;
    const wrongKey = await retryOf("test_input_required_result_elicitation", { other: { action: "accept", content: { name: "x" } } }, asked.requestState);
    expect(wrongKey.result.resultType).toBe("input_required");
    const extra = await retryOf("test_input_required_result_elicitation", { user_name: { action: "accept", content: { name: "Ada" } }, extra: { x: 1 } }, asked.requestState);
    expect(extra.result.content[0].text).toBe("Hello, Ada!");
    const badAnswer = await retryOf("test_input_required_result_elicitation", { user_name: { action: "accept", content: { name: 42 } } }, asked.requestState);
    expect(badAnswer.error?.code ?? badAnswer.result?.resultType).toBeOneOf([-32602, "input_required"]);
    expect((await retryOf("test_input_required_result_elicitation", null)).error.code).toBe(-32602);
  });

  it("non-tool-request: prompts/get asks by input_required, and the answered retry returns the prompt", async () => {
    const prompt = (await rpc("prompts/get", { name: "test_input_required_result_prompt", _meta: meta() })).result;
    expect(prompt.resultType).toBe("input_required");
    expect(Object.keys(prompt.inputRequests)).toEqual(["user_context"]);
    expect((await client.getPrompt("test_input_required_result_prompt")).messages[0]!.content).toMatchObject({ text: "Use this context: context-value" });
  });

  it("result-type: an input_required result says its resultType explicitly", async () => {
    const raw = (await first("test_input_required_result_elicitation")).result;
    expect(Object.prototype.hasOwnProperty.call(raw, "resultType")).toBe(true);
    expect(raw.resultType).toBe("input_required");
  });

  it("unsupported-methods: tools/list and prompts/list never answer input_required", async () => {
    for (const method of ["tools/list", "prompts/list"]) expect([method, (await rpc(method, { _meta: meta() })).result.resultType]).toEqual([method, "complete"]);
  });

  it("tampered-state: a state with -TAMPERED appended is an error, never a result", async () => {
    const asked = (await first("test_input_required_result_tampered_state")).result;
    const tampered = await retryOf("test_input_required_result_tampered_state", { confirm: { action: "accept", content: { ok: true } } }, `${asked.requestState}-TAMPERED`);
    expect(tampered.error).toMatchObject({ code: -32602, message: "invalid or expired requestState" });
  });

  it("capability-check: with only sampling declared the server asks no elicitation", async () => {
    const asked = (await first("test_input_required_result_capabilities", { sampling: {} })).result;
    expect(asked.resultType).toBe("input_required");
    expect(Object.values(asked.inputRequests).map((r: any) => r.method)).toEqual(["sampling/createMessage"]);
  });
});
