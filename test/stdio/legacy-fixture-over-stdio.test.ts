/**
 * The conformance fixture in dual-era mode over stdio (`test/conformance/
 * server.ts --legacy --stdio`), driven by a real 2025-11-25 client (the
 * official SDK 1.x over its StdioClientTransport): the checks of every
 * server scenario of the suite's 2025-11-25 requirement set that means
 * something without HTTP (28 of the 30; server-sse-multiple-streams and
 * dns-rebinding-protection are about HTTP itself, and the suite drives only
 * HTTP servers: `npm run test:conformance` runs all 30 against the fixture
 * over HTTP). As the suite's `wire-schema-valid` check does at that
 * revision, every message the fixture writes is validated against the
 * 2025-11-25 JSON Schema (packages/legacy/schema.json): a message, a server
 * notification or request, a result of the method asked.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { ajvFor } from "../helpers/ajv.js";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

const RESULT_TYPES: Record<string, string> = {
  initialize: "InitializeResult",
  ping: "EmptyResult",
  "logging/setLevel": "EmptyResult",
  "tools/list": "ListToolsResult",
  "tools/call": "CallToolResult",
  "prompts/list": "ListPromptsResult",
  "prompts/get": "GetPromptResult",
  "resources/list": "ListResourcesResult",
  "resources/templates/list": "ListResourceTemplatesResult",
  "resources/read": "ReadResourceResult",
  "resources/subscribe": "EmptyResult",
  "resources/unsubscribe": "EmptyResult",
  "completion/complete": "CompleteResult",
};

const validator = ajvFor(JSON.parse(readFileSync(join(repoRoot, "packages/legacy/schema.json"), "utf8")) as Record<string, unknown>, "mrtr:legacy");

type Message = { id?: unknown; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown };

let client: Client;
let transport: StdioClientTransport;
const stderr: string[] = [];
/** Every message the fixture wrote that breaks the 2025-11-25 schema, with why. */
const invalid: string[] = [];
const checked = { messages: 0, results: 0 };
/** Methods of the requests the client sent, by JSON-encoded id. */
const methods = new Map<string, string>();
/** What the host was asked (elicitation and sampling requests, as received). */
const elicitations: Record<string, unknown>[] = [];
const logs: { level: string; data: unknown }[] = [];
const updated: string[] = [];
/** Progress notifications as the fixture wrote them (the SDK 1.x client runs notification handlers a microtask late, so it drops a report read together with the answer). */
const progress: { progressToken: unknown; progress: number }[] = [];

type Field = { type?: string; default?: unknown; enum?: unknown[]; oneOf?: { const: unknown }[]; items?: { enum?: unknown[]; anyOf?: { const: unknown }[] } };
/** A host's answer to one form field: its default where it has one, else the first option, else a value of its own. */
function answerFor(name: string, field: Field): unknown {
  if (field.default !== undefined) return field.default;
  if (field.enum) return field.enum[0];
  if (field.oneOf) return field.oneOf[0]!.const;
  if (field.type === "array") return [field.items?.enum?.[0] ?? field.items?.anyOf?.[0]!.const];
  return name === "email" ? "ada@example.com" : `${name}-value`;
}

beforeAll(async () => {
  client = new Client({ name: "conformance-legacy-stdio", version: "1.0.0" }, { capabilities: { elicitation: { form: {} }, sampling: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    elicitations.push(request.params as Record<string, unknown>);
    const schema = (request.params as { requestedSchema?: { properties?: Record<string, Field> } }).requestedSchema?.properties ?? {};
    return { action: "accept", content: Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, answerFor(k, v)])) } as never;
  });
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({ role: "assistant", content: { type: "text", text: "Paris" }, model: "test-model", stopReason: "endTurn" }));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push({ level: n.params.level, data: n.params.data }));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
  transport = new StdioClientTransport({ command: process.execPath, args: [...sourceArgs(join(repoRoot, "test/conformance/server.ts")), "--legacy", "--stdio"], cwd: repoRoot, stderr: "pipe" });
  (transport.stderr as Readable).on("data", (d: Buffer) => void stderr.push(d.toString()));
  // What goes out is recorded (the method of each request), what comes in is validated, before the client sees either.
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    const m = message as Message;
    if (m.id !== undefined && m.method) methods.set(JSON.stringify(m.id), m.method);
    return send(message);
  };
  const start = transport.start.bind(transport);
  transport.start = async () => {
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      const m = message as Message;
      const check = (type: string) => {
        const v = validator(type);
        if (!v(m)) invalid.push(`${type}: ${JSON.stringify(v.errors?.slice(0, 2))} in ${JSON.stringify(m).slice(0, 300)}`);
      };
      checked.messages++;
      if (m.method === "notifications/progress") progress.push(m.params as { progressToken: unknown; progress: number });
      check("JSONRPCMessage");
      if (m.method !== undefined) check(m.id === undefined ? "ServerNotification" : "ServerRequest");
      else if (m.result !== undefined) {
        const method = methods.get(JSON.stringify(m.id));
        if (method && RESULT_TYPES[method]) {
          const v = validator(RESULT_TYPES[method]);
          if (!v(m.result)) invalid.push(`${RESULT_TYPES[method]}: ${JSON.stringify(v.errors?.slice(0, 2))} in ${JSON.stringify(m).slice(0, 300)}`);
          checked.results++;
        }
      }
      deliver(message);
    };
    return start();
  };
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the fixture did not initialize over stdio: ${String(error)}\n${stderr.join("")}`);
  }
});

afterAll(async () => {
  await client?.close();
  expect(invalid).toEqual([]); // wire-schema-valid at 2025-11-25, over the whole run
  expect(checked.messages).toBeGreaterThan(35);
  expect(checked.results).toBeGreaterThan(25);
});

const text = (r: object) => (r as { content?: { text?: string }[] }).content?.[0]?.text ?? "";
const content = (r: object) => (r as { content: { type: string; mimeType?: string; resource?: { uri: string } }[] }).content;

describe("the dual-era fixture over stdio: lifecycle and utilities", () => {
  it("server-initialize: answers initialize with 2025-11-25, its info and capabilities", () => {
    expect(client.getServerVersion()).toMatchObject({ name: expect.any(String), version: expect.any(String) });
    const caps = client.getServerCapabilities()!;
    expect(Object.keys(caps).sort()).toEqual(expect.arrayContaining(["completions", "logging", "prompts", "resources", "tools"]));
    expect(caps.resources).toMatchObject({ subscribe: true });
  });

  it("ping: answers ping with {}", async () => {
    expect(await client.ping()).toEqual({});
  });

  it("logging-set-level and tools-call-with-logging: {} for setLevel, then three info messages in order", async () => {
    expect(await client.setLoggingLevel("info")).toEqual({});
    logs.length = 0;
    expect(text(await client.callTool({ name: "test_tool_with_logging", arguments: {} }))).toBe("Tool with logging completed.");
    expect(logs).toEqual([
      { level: "info", data: "Tool execution started" },
      { level: "info", data: "Tool processing data" },
      { level: "info", data: "Tool execution completed" },
    ]);
  });

  it("completion-complete: a prompt argument and a template variable complete", async () => {
    expect((await client.complete({ ref: { type: "ref/prompt", name: "test_prompt_with_arguments" }, argument: { name: "arg1", value: "pa" } })).completion.values).toEqual(["paris", "park", "party"]);
    expect((await client.complete({ ref: { type: "ref/resource", uri: "test://template/{id}/data" }, argument: { name: "id", value: "4" } })).completion.values).toEqual(["42"]);
  });
});

describe("the dual-era fixture over stdio: tools", () => {
  it("tools-list, tools-call-simple-text, -image, -audio, -embedded-resource, -mixed-content, -error", async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const n of ["test_simple_text", "test_image_content", "test_audio_content", "test_embedded_resource", "test_multiple_content_types", "test_error_handling", "test_sampling", "test_elicitation"]) expect(names).toContain(n);
    expect(text(await client.callTool({ name: "test_simple_text", arguments: {} }))).toBe("This is a simple text response for testing.");
    expect(content(await client.callTool({ name: "test_image_content", arguments: {} }))[0]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(content(await client.callTool({ name: "test_audio_content", arguments: {} }))[0]).toMatchObject({ type: "audio", mimeType: "audio/wav" });
    expect(content(await client.callTool({ name: "test_embedded_resource", arguments: {} }))[0]).toMatchObject({ type: "resource", resource: { uri: "test://embedded-resource" } });
    expect(content(await client.callTool({ name: "test_multiple_content_types", arguments: {} })).map((c) => c.type)).toEqual(["text", "image", "resource"]);
    expect((await client.callTool({ name: "test_error_handling", arguments: {} })).isError).toBe(true);
  });

  it("tools-call-with-progress: reports 0, 50, 100 of 100 on the request's token", async () => {
    progress.length = 0;
    const seen: number[] = [];
    await client.callTool({ name: "test_tool_with_progress", arguments: {} }, undefined, { onprogress: (p) => void seen.push(p.progress) });
    expect(progress.map((p) => p.progress)).toEqual([0, 50, 100]);
    const sent = [...methods.entries()].filter(([, m]) => m === "tools/call").map(([id]) => JSON.parse(id) as unknown).at(-1);
    expect(new Set(progress.map((p) => p.progressToken))).toEqual(new Set([sent]));
    expect(seen.slice(0, 2)).toEqual([0, 50]);
  });

  it("tools-call-sampling: the tool's sampling reaches the client as sampling/createMessage, and its answer the tool", async () => {
    expect(text(await client.callTool({ name: "test_sampling", arguments: { prompt: "Capital of France?" } }))).toBe("LLM response: Paris");
  });

  it("tools-call-elicitation: the tool's elicitation reaches the client as elicitation/create, and the answer the tool", async () => {
    elicitations.length = 0;
    const r = await client.callTool({ name: "test_elicitation", arguments: { message: "Who are you?" } });
    expect(elicitations).toHaveLength(1);
    expect(elicitations[0]).toMatchObject({ message: "Who are you?", requestedSchema: { required: ["username", "email"] } });
    expect(text(r)).toBe('User response: action=accept, content={"username":"username-value","email":"ada@example.com"}');
  });

  it("elicitation-sep1034-defaults: every field's default reaches the client, and the defaults come back", async () => {
    elicitations.length = 0;
    const r = await client.callTool({ name: "test_elicitation_sep1034_defaults", arguments: {} });
    const props = (elicitations[0]!.requestedSchema as { properties: Record<string, { default?: unknown }> }).properties;
    expect(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.default]))).toEqual({ name: "John Doe", age: 30, score: 95.5, status: "active", verified: true });
    expect(text(r)).toBe('Elicitation completed: action=accept, content={"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}');
  });

  it("elicitation-sep1330-enums: the five enum shapes reach the client as the tool wrote them", async () => {
    elicitations.length = 0;
    const r = await client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
    const props = (elicitations[0]!.requestedSchema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(props.untitledSingle).toEqual({ type: "string", enum: ["option1", "option2", "option3"] });
    expect(props.titledSingle!.oneOf).toHaveLength(3);
    expect(props.legacyEnum).toMatchObject({ enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] });
    expect(props.untitledMulti).toMatchObject({ type: "array", items: { enum: ["option1", "option2", "option3"] } });
    expect((props.titledMulti!.items as { anyOf: unknown[] }).anyOf).toHaveLength(3);
    // and the answers, checked by the server against the form it asked, reach the tool
    expect(text(r)).toBe('Elicitation completed: action=accept, content={"untitledSingle":"option1","titledSingle":"value1","legacyEnum":"opt1","untitledMulti":["option1"],"titledMulti":["value1"]}');
  });
});

describe("the dual-era fixture over stdio: resources and prompts", () => {
  it("resources-list, resources-read-text, -binary, resources-templates-read", async () => {
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(expect.arrayContaining(["test://static-text", "test://static-binary", "test://watched-resource"]));
    expect((await client.readResource({ uri: "test://static-text" })).contents[0]).toMatchObject({ text: "This is the content of the static text resource." });
    expect((await client.readResource({ uri: "test://static-binary" })).contents[0]).toMatchObject({ mimeType: "image/png", blob: expect.any(String) });
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(["test://template/{id}/data"]);
    const template = (await client.readResource({ uri: "test://template/42/data" })).contents[0] as { text: string };
    expect(JSON.parse(template.text)).toEqual({ id: "42", templateTest: true });
  });

  it("resources-subscribe and resources-unsubscribe: {} for each", async () => {
    expect(await client.subscribeResource({ uri: "test://watched-resource" })).toEqual({});
    expect(await client.unsubscribeResource({ uri: "test://watched-resource" })).toEqual({});
  });

  it("prompts-list, prompts-get-simple, -with-args, -embedded-resource, -with-image", async () => {
    const names = (await client.listPrompts()).prompts.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["test_simple_prompt", "test_prompt_with_arguments", "test_prompt_with_embedded_resource", "test_prompt_with_image"]));
    expect((await client.getPrompt({ name: "test_simple_prompt" })).messages[0]!.content).toMatchObject({ text: "This is a simple prompt for testing." });
    expect((await client.getPrompt({ name: "test_prompt_with_arguments", arguments: { arg1: "a", arg2: "b" } })).messages[0]!.content).toMatchObject({ text: "Prompt with arguments: arg1='a', arg2='b'" });
    expect((await client.getPrompt({ name: "test_prompt_with_embedded_resource", arguments: { resourceUri: "test://x" } })).messages[0]!.content).toMatchObject({ type: "resource", resource: { uri: "test://x" } });
    expect((await client.getPrompt({ name: "test_prompt_with_image" })).messages[0]!.content).toMatchObject({ type: "image" });
  });
});
