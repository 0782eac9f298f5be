/**
 * The conformance fixture's server, built only from @mrtr packages, with the
 * tools, prompt and behaviours the official suite's scenarios call (see
 * server.ts, which serves it over HTTP or stdio, and worker.ts, which serves
 * it from a Cloudflare Worker). Imports nothing of Node's, so it bundles for
 * workerd.
 */
import * as z from "zod";
import { createServer, inputRequired, MissingCapabilityError, type InputContext, type InputRequiredReturn } from "@mrtr/server";
import { logging, rootsKind, samplingKind } from "@mrtr/deprecated/server";
import { tasks } from "@mrtr/tasks/server";
import { tasksScenarioTools } from "./tasks-tools.js";
import type { ElicitRequestFormParams } from "@mrtr/schema";

/** A form asking for one required field of the given type. */
const form = (message: string, field: string, type: "string" | "boolean" = "string"): Omit<ElicitRequestFormParams, "mode"> => ({
  message,
  requestedSchema: { type: "object", properties: { [field]: type === "boolean" ? { type: "boolean" } : { type: "string" } }, required: [field] },
});
const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
const contentOf = (r: { content?: unknown }) => (r.content ?? {}) as Record<string, unknown>;
const firstText = (r: { content: unknown }) => {
  const c = Array.isArray(r.content) ? r.content[0] : r.content;
  return (c as { text?: string } | undefined)?.text ?? "";
};

/**
 * Low-level style: asks for a confirmation with a sealed state. Only a retry
 * that carried that state back (opened and verified, or the server would have
 * answered -32602) gets here with `ctx.state`; one without it is asked again.
 */
function confirmedByState(ctx: InputContext<{ asked: true }>): InputRequiredReturn<{ asked: true }> | { content: { type: "text"; text: string }[] } {
  const answer = ctx.inputResponses.confirm as { action?: string } | undefined;
  if (!ctx.state || !answer) return inputRequired({ inputRequests: { confirm: { method: "elicitation/create", params: { mode: "form", ...form("Please confirm", "ok", "boolean") } } }, state: { asked: true } });
  return text(`state-ok: the requestState came back verified; confirmation ${String(answer.action)}`);
}

/** A 1×1 PNG and a tiny WAV, base64, for the content scenarios. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

/** The fixture, transport-free. Tools follow the behaviour each scenario states; `legacy` adds what the 2025-11-25 scenarios call. */
export function fixtureServer(secret: string, { legacy = false } = {}) {
  const server = createServer({
    name: "mrtr-conformance-fixture",
    version: "1.0.0",
    requestState: { secrets: [secret] },
    inputKinds: [samplingKind({ silenceDeprecationWarning: true }), rootsKind({ silenceDeprecationWarning: true })],
    features: legacy ? [logging({ silenceDeprecationWarning: true })] : [],
    subscriptions: { listChanged: true, resourceUpdates: true },
    extensions: [tasks()],
  });
  if (legacy) legacyScenarioTools(server);
  tasksScenarioTools(server);

  server.tool({
    name: "test_input_required_result_elicitation",
    description: "Asks for the user's name by elicitation, then greets.",
    async handler(_a, ctx) {
      const r = await ctx.elicit("user_name", form("What is your name?", "name"));
      return text(`Hello, ${String(contentOf(r).name ?? "stranger")}!`);
    },
  });
  server.tool({
    name: "test_input_required_result_sampling",
    description: "Asks the client's model a question.",
    async handler(_a, ctx) {
      const r = await ctx.sample("capital_question", {
        messages: [{ role: "user", content: { type: "text", text: "What is the capital of France?" } }],
        maxTokens: 100,
      });
      return text(`The model said: ${firstText(r)}`);
    },
  });
  server.tool({
    name: "test_input_required_result_list_roots",
    description: "Asks the client for its roots.",
    async handler(_a, ctx) {
      const r = await ctx.listRoots("client_roots");
      return text(`Roots: ${r.roots.map((root) => root.uri).join(", ")}`);
    },
  });
  server.tool({
    name: "test_input_required_result_request_state",
    description: "Asks for a confirmation; the retry carries the sealed requestState, which the server verifies.",
    stateSchema: z.object({ asked: z.literal(true) }),
    handler: (_a, ctx) => confirmedByState(ctx),
  });
  server.tool({
    name: "test_custom_header_params",
    description: "Mirrors its region and priority into Mcp-Param-Region / Mcp-Param-Priority; the server checks them against the body.",
    inputSchema: {
      type: "object",
      properties: {
        region: { type: "string", description: "Routed on by gateways", "x-mcp-header": "Region" },
        priority: { type: "integer", "x-mcp-header": "Priority" },
        query: { type: "string" },
      },
      required: ["region"],
    },
    handler: (args) => text(`region ${String(args.region)}`),
  });
  server.tool({
    name: "json_schema_2020_12_tool",
    description: "A tool whose input schema uses JSON Schema 2020-12 keywords, listed exactly as registered.",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: { address: { $anchor: "addressDef", type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
      properties: {
        name: { type: "string" },
        address: { $ref: "#/$defs/address" },
        contactMethod: { type: "string", enum: ["phone", "email"] },
        phone: { type: "string" },
        email: { type: "string" },
      },
      allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
      if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
      then: { required: ["phone"] },
      else: { required: ["email"] },
      additionalProperties: false,
    },
    handler: (args) => text(`contact ${String(args.name ?? "someone")}`),
  });
  server.tool({
    name: "test_input_required_result_multiple_inputs",
    description: "Asks for elicitation, sampling and roots in one round.",
    async handler(_a, ctx) {
      const [name, greeting, roots] = await Promise.all([
        ctx.elicit("user_name", form("What is your name?", "name")),
        ctx.sample("greeting", { messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }], maxTokens: 50 }),
        ctx.listRoots("client_roots"),
      ]);
      return text(`${firstText(greeting)} ${String(contentOf(name).name)} (${roots.roots.length} roots)`);
    },
  });
  server.tool({
    name: "test_input_required_result_multi_round",
    description: "Round 1 asks a name, round 2 a colour (with new state), round 3 completes.",
    async handler(_a, ctx) {
      const name = await ctx.elicit("step1", form("Step 1: What is your name?", "name"));
      const color = await ctx.elicit("step2", form("Step 2: What is your favorite color?", "color"));
      return text(`${String(contentOf(name).name)} likes ${String(contentOf(color).color)}`);
    },
  });
  server.tool({
    name: "test_input_required_result_tampered_state",
    description: "Carries an AEAD-sealed requestState; a tampered one is refused.",
    stateSchema: z.object({ asked: z.literal(true) }),
    handler: (_a, ctx) => confirmedByState(ctx),
  });
  server.tool({
    name: "test_input_required_result_capabilities",
    description: "Asks only for what the client declared: elicitation if it can, otherwise sampling.",
    async handler(_a, ctx) {
      if (ctx.clientCapabilities.elicitation) {
        await ctx.elicit("user_name", form("What is your name?", "name"));
        return text("elicited");
      }
      const r = await ctx.sample("greeting", { messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }], maxTokens: 50 });
      return text(firstText(r));
    },
  });
  server.tool({
    name: "test_missing_capability",
    description: "Needs sampling; without it answers -32021.",
    async handler(_a, ctx) {
      if (!ctx.clientCapabilities.sampling) throw new MissingCapabilityError({ sampling: {} });
      const r = await ctx.sample("greeting", { messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 10 });
      return text(firstText(r));
    },
  });
  server.tool({
    name: "test_streaming_elicitation",
    description: "Elicits through input_required, never through a server-to-client request.",
    async handler(_a, ctx) {
      const r = await ctx.elicit("user_name", form("What is your name?", "name"));
      return text(`Hello, ${String(contentOf(r).name)}!`);
    },
  });
  server.tool({ name: "test_logging_tool", description: "Completes without sending log notifications.", handler: () => text("no logs") });
  server.tool({
    name: "test_stdout_noise",
    description: "Writes to stdout with console.log and process.stdout.write; over stdio both reach stderr, never the protocol stream.",
    handler() {
      console.log("console.log from a handler");
      process.stdout.write("process.stdout.write from a handler\n");
      return text("wrote to stdout");
    },
  });
  server.tool({
    name: "add_numbers",
    description: "Adds two numbers.",
    inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
    handler: (args) => text(String((args as { a: number; b: number }).a + (args as { a: number; b: number }).b)),
  });
  server.resource({
    uri: "test://static-text",
    name: "static-text",
    mimeType: "text/plain",
    handler: (uri) => ({ contents: [{ uri, mimeType: "text/plain", text: "This is the content of the static text resource." }] }),
  });
  server.resource({
    uri: "test://static-binary",
    name: "static-binary",
    mimeType: "image/png",
    handler: (uri) => ({
      contents: [{ uri, mimeType: "image/png", blob: PNG }],
    }),
  });
  server.resourceTemplate({
    uriTemplate: "test://template/{id}/data",
    name: "template-data",
    mimeType: "application/json",
    complete: { id: (value) => ["1", "2", "3", "42"].filter((v) => v.startsWith(value)) },
    handler: (uri, vars) => ({ contents: [{ uri, mimeType: "application/json", text: JSON.stringify({ id: vars.id, templateTest: true }) }] }),
  });
  // Content scenarios (tools-call-*, prompts-get-*).
  server.tool({ name: "test_simple_text", description: "Returns one text item.", handler: () => text("This is a simple text response for testing.") });
  server.tool({
    name: "test_image_content",
    description: "Returns a 1×1 PNG.",
    handler: () => ({ content: [{ type: "image" as const, data: PNG, mimeType: "image/png" }] }),
  });
  server.tool({
    name: "test_audio_content",
    description: "Returns a short WAV.",
    handler: () => ({ content: [{ type: "audio" as const, data: WAV, mimeType: "audio/wav" }] }),
  });
  server.tool({
    name: "test_embedded_resource",
    description: "Returns an embedded text resource.",
    handler: () => ({
      content: [{ type: "resource" as const, resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }],
    }),
  });
  server.tool({
    name: "test_multiple_content_types",
    description: "Returns text, an image and an embedded resource.",
    handler: () => ({
      content: [
        { type: "text" as const, text: "Multiple content types test:" },
        { type: "image" as const, data: PNG, mimeType: "image/png" },
        { type: "resource" as const, resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) } },
      ],
    }),
  });
  server.tool({
    name: "test_error_handling",
    description: "Always fails, as a tool execution error.",
    handler: () => ({ isError: true, content: [{ type: "text" as const, text: "This tool intentionally returns an error for testing" }] }),
  });
  server.tool({
    name: "test_tool_with_progress",
    description: "Reports progress 0, 50 and 100 of 100, about 50 ms apart.",
    async handler(_a, ctx) {
      ctx.progress(0, 100);
      await sleep(50, ctx.signal);
      ctx.progress(50, 100);
      await sleep(50, ctx.signal);
      ctx.progress(100, 100);
      return text("Progress tool completed.");
    },
  });
  // subscriptions/listen scenarios: each trigger changes its list, which the server announces.
  let generation = 0;
  server.tool({
    name: "test_trigger_tool_change",
    description: "Adds a tool (and removes the previous one), so listeners hear notifications/tools/list_changed.",
    handler() {
      server.removeTool(`test_dynamic_tool_${generation}`);
      generation++;
      server.tool({ name: `test_dynamic_tool_${generation}`, description: "Added at run time.", handler: () => text("dynamic") });
      return text("tool list changed");
    },
  });
  server.tool({
    name: "test_trigger_prompt_change",
    description: "Adds a prompt (and removes the previous one), so listeners hear notifications/prompts/list_changed.",
    handler() {
      server.removePrompt(`test_dynamic_prompt_${generation}`);
      generation++;
      server.prompt({ name: `test_dynamic_prompt_${generation}`, description: "Added at run time.", handler: () => ({ messages: [{ role: "user" as const, content: { type: "text" as const, text: "dynamic" } }] }) });
      return text("prompt list changed");
    },
  });
  server.prompt({
    name: "test_simple_prompt",
    description: "A prompt without arguments.",
    handler: () => ({ messages: [{ role: "user" as const, content: { type: "text" as const, text: "This is a simple prompt for testing." } }] }),
  });
  server.prompt({
    name: "test_prompt_with_arguments",
    description: "A prompt with two arguments; arg1 completes.",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
    complete: {
      arg1: (value) => ["paris", "park", "party", "test", "testing"].filter((v) => v.startsWith(value)),
    },
    handler: (args) => ({
      messages: [{ role: "user" as const, content: { type: "text" as const, text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'` } }],
    }),
  });
  server.prompt({
    name: "test_prompt_with_embedded_resource",
    description: "Embeds the resource named by resourceUri.",
    arguments: [{ name: "resourceUri", description: "URI of the resource to embed", required: true }],
    handler: (args) => ({
      messages: [
        { role: "user" as const, content: { type: "resource" as const, resource: { uri: args.resourceUri!, mimeType: "text/plain", text: "Embedded resource content for testing." } } },
        { role: "user" as const, content: { type: "text" as const, text: "Please process the embedded resource above." } },
      ],
    }),
  });
  server.prompt({
    name: "test_prompt_with_image",
    description: "A prompt with an image.",
    handler: () => ({
      messages: [
        { role: "user" as const, content: { type: "image" as const, data: PNG, mimeType: "image/png" } },
        { role: "user" as const, content: { type: "text" as const, text: "Please analyze the image above." } },
      ],
    }),
  });
  server.prompt({
    name: "test_input_required_result_prompt",
    description: "Asks for context by elicitation, then returns a prompt using it.",
    async handler(_a, ctx) {
      const r = await ctx.elicit("user_context", form("What context should the prompt use?", "context"));
      return { messages: [{ role: "user", content: { type: "text", text: `Use this context: ${String(contentOf(r).context)}` } }] };
    },
  });
  return server;
}

/**
 * What the 2025-11-25 server scenarios call beyond the others: tools that ask
 * the client by a real server-to-client request (bridged from input_required
 * by @mrtr/legacy), log at info level, and a resource to subscribe to.
 */
function legacyScenarioTools(server: ReturnType<typeof fixtureServerBase>) {
  server.tool({
    name: "test_sampling",
    description: "Asks the client's model the given prompt.",
    inputSchema: z.object({ prompt: z.string() }),
    async handler(args, ctx) {
      const r = await ctx.sample("answer", { messages: [{ role: "user", content: { type: "text", text: args.prompt } }], maxTokens: 100 });
      return text(`LLM response: ${firstText(r)}`);
    },
  });
  server.tool({
    name: "test_elicitation",
    description: "Asks the user for a username and an email.",
    inputSchema: z.object({ message: z.string() }),
    async handler(args, ctx) {
      const r = await ctx.elicit("user", {
        message: args.message,
        requestedSchema: {
          type: "object",
          properties: { username: { type: "string", description: "User's response" }, email: { type: "string", description: "User's email address" } },
          required: ["username", "email"],
        },
      });
      return text(`User response: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);
    },
  });
  server.tool({
    name: "test_elicitation_sep1034_defaults",
    description: "Asks a form whose every field has a default.",
    async handler(_a, ctx) {
      const r = await ctx.elicit("defaults", {
        message: "Check the defaults",
        requestedSchema: {
          type: "object",
          properties: {
            name: { type: "string", default: "John Doe" },
            age: { type: "integer", default: 30 },
            score: { type: "number", default: 95.5 },
            status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
            verified: { type: "boolean", default: true },
          },
        },
      });
      return text(`Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);
    },
  });
  server.tool({
    name: "test_elicitation_sep1330_enums",
    description: "Asks a form with each of the five enum shapes.",
    async handler(_a, ctx) {
      const r = await ctx.elicit("enums", {
        message: "Pick options",
        requestedSchema: {
          type: "object",
          properties: {
            untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
            titledSingle: { type: "string", oneOf: [{ const: "value1", title: "First Option" }, { const: "value2", title: "Second Option" }, { const: "value3", title: "Third Option" }] },
            legacyEnum: { type: "string", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
            untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
            titledMulti: { type: "array", items: { anyOf: [{ const: "value1", title: "First Choice" }, { const: "value2", title: "Second Choice" }, { const: "value3", title: "Third Choice" }] } },
          },
        },
      });
      return text(`Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);
    },
  });
  server.tool({
    name: "test_tool_with_logging",
    description: "Logs three messages at info level, about 50 ms apart.",
    async handler(_a, ctx) {
      ctx.log("info", "Tool execution started");
      await sleep(50, ctx.signal);
      ctx.log("info", "Tool processing data");
      await sleep(50, ctx.signal);
      ctx.log("info", "Tool execution completed");
      return text("Tool with logging completed.");
    },
  });
  server.resource({
    uri: "test://watched-resource",
    name: "watched-resource",
    mimeType: "text/plain",
    handler: (uri) => ({ contents: [{ uri, mimeType: "text/plain", text: "A resource to subscribe to." }] }),
  });
}

/** The fixture's type, with its plugins' context methods. */
const fixtureServerBase = (secret: string) =>
  createServer({
    name: "x",
    version: "1",
    requestState: { secrets: [secret] },
    inputKinds: [samplingKind({ silenceDeprecationWarning: true }), rootsKind({ silenceDeprecationWarning: true })],
    features: [logging({ silenceDeprecationWarning: true })],
  });

