/**
 * Real programs, nothing mocked: one gateway (@mrtr/gateway) in front of
 * five real upstreams at once (fixtures/gateway-front.ts):
 * `@modelcontextprotocol/server-everything` over stdio and over Streamable
 * HTTP (2025-11-25: its elicitation and sampling requests in the middle of a
 * call become input_required rounds of the front client),
 * `@modelcontextprotocol/server-filesystem` over stdio (its allowed
 * directory is the root the gateway is configured to give it), the official
 * SDK v2 server over HTTP (modern) and our dual-era fixture over stdio
 * (modern, two rounds). Front clients, each listing the namespaced tools and
 * calling a tool of a legacy upstream and one of a modern upstream: ours over
 * HTTP and over stdio, the official SDK v2 client over HTTP, the SDK 1.x
 * client over HTTP and over stdio, and the Inspector CLI
 * (`@modelcontextprotocol/inspector-cli`) over HTTP and over stdio; over
 * stdio each launches the gateway as a script of its own. Ours and the
 * official clients answer elicitations through the gateway.
 *
 * Every process of the run carries a mark in its environment; once all is
 * closed none may be left (any that is gets killed by its pid, and the
 * test says so).
 */
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport, type McpClient, type Transport } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { roots, sampling } from "@mrtr/deprecated/client";
import { createGateway, type Gateway, type GatewayWarning } from "@mrtr/gateway";
import { createHttpHandler } from "@mrtr/server";
import { Client as Sdk2Client, StreamableHTTPClientTransport as Sdk2HttpTransport } from "@modelcontextprotocol/client";
import { Client as Sdk1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport as Sdk1StdioTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as Sdk1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { serve, type Running } from "../helpers/auth.js";
import { repoRoot } from "../helpers/paths.js";
import { freePort, sourceArgs } from "../helpers/processes.js";
import { EVERYTHING_BIN, GATEWAY_FRONT, gatewayOptions, type GatewayFrontConfig } from "./fixtures/gateway-front.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "./fixtures/sdk2-dual-era-server.js";

const run = promisify(execFile);
const INSPECTOR = resolve(repoRoot, "node_modules/@modelcontextprotocol/inspector-cli/build/index.js");
const MARK: [string, string] = ["MRTR_GATEWAY_INTEROP_RUN", `${process.pid}-${Date.now()}`];

/** Tools every front client must see, one per upstream at least. */
const EXPECTED_TOOLS = [
  "everything_echo",
  "everything_get-sum",
  "everything_trigger-elicitation-request",
  "everything_trigger-sampling-request",
  "everything-http_echo",
  "everything-http_trigger-elicitation-request",
  "everything-http_trigger-sampling-request",
  "files_list_allowed_directories",
  "files_read_text_file",
  "sdk2_greet",
  "sdk2_ask_name",
  "mrtr_greet",
  "mrtr_two-questions",
];

/** Ids of the processes carrying this run's mark (Linux: read from /proc; elsewhere none are found). */
function markedProcesses(): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return found;
  }
  const needle = `${MARK[0]}=${MARK[1]}`;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").split("\0").includes(needle)) found.push(Number(entry));
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

/** Waits (bounded) until `condition` holds; false if it never did. */
async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** The texts of a tool result's content. */
function textsOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? `[${c.type}]`).join("\n");
}

/** Our front client: answers forms (a name, or a colour), sampling with "4" from front-model, roots with one folder; `asked` records each question. */
function ourClient(transport: Transport): { client: McpClient; asked: string[] } {
  const asked: string[] = [];
  const client = createClient({
    transport,
    name: "front",
    version: "1.0.0",
    elicitation: {
      form: async (params) => {
        asked.push(`form: ${params.message}`);
        const props = Object.keys(params.requestedSchema.properties);
        const content: Record<string, string> = props.includes("colour") ? { colour: "green" } : { name: "Ada" };
        return { action: "accept", content };
      },
    },
    inputKinds: [
      sampling(async (params) => {
        const first = params.messages[0]?.content as { type: string; text?: string } | undefined;
        asked.push(`sampling: ${first?.text ?? "?"}`);
        return { role: "assistant", model: "front-model", content: { type: "text", text: "4" } };
      }, { silenceDeprecationWarning: true }),
      roots([{ uri: "file:///front/root" }], { silenceDeprecationWarning: true }),
    ],
  });
  return { client, asked };
}

/** The Inspector CLI once (its own process): `target` a URL or a command line, `args` its options; its JSON answer. */
async function inspector(target: string[], args: string[], env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const [first, ...rest] = target;
  // Options after `--` are the command's own (the stdio target's node flags).
  const argv = [INSPECTOR, first!, ...args, ...(rest.length > 0 ? ["--", ...rest] : [])];
  // It reads its own package.json as "../package.json" of the working directory.
  const { stdout } = await run(process.execPath, argv, { cwd: dirname(INSPECTOR), env: { ...process.env, ...env }, timeout: 45_000, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("one gateway in front of real MCP programs of both eras, reached by real clients", () => {
  let root: string;
  let everythingHttp: ChildProcess;
  let everythingLog = "";
  let sdk2: Sdk2HttpServer;
  let gateway: Gateway;
  let front: Running;
  let url: string;
  let config: GatewayFrontConfig;
  const warnings: GatewayWarning[] = [];
  let frontEnv: Record<string, string>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "gateway-real-"));
    writeFileSync(join(root, "hello.txt"), "hello from the temp dir\n");
    const port = await freePort();
    everythingHttp = spawn(process.execPath, [EVERYTHING_BIN, "streamableHttp"], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), [MARK[0]]: MARK[1] },
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((ready, fail) => {
      everythingHttp.stderr!.on("data", (chunk: Buffer) => {
        everythingLog += chunk.toString();
        if (everythingLog.includes("listening on port")) ready();
      });
      everythingHttp.on("exit", (code) => fail(new Error(`server-everything (HTTP) exited (${code}): ${everythingLog}`)));
    });
    sdk2 = await startSdk2HttpServer();
    config = { everythingHttp: `http://127.0.0.1:${port}/mcp`, sdk2: sdk2.url, root, mark: MARK };
    frontEnv = { GATEWAY_FRONT_CONFIG: JSON.stringify(config), [MARK[0]]: MARK[1] };
    gateway = createGateway({ ...gatewayOptions(config), onWarning: (w) => void warnings.push(w) });
    await gateway.start();
    front = await serve(createHttpHandler(gateway.server));
    url = `${front.url}/mcp`;
  }, 30_000);

  afterAll(async () => {
    await gateway?.close();
    await front?.close();
    await sdk2?.close();
    if (everythingHttp) {
      everythingHttp.kill("SIGTERM");
      await until(() => everythingHttp.exitCode !== null || everythingHttp.signalCode !== null, 3_000);
    }
    // Every process of the run should be gone by now (the gateways stopped their stdio upstreams, clients their gateways).
    await until(() => markedProcesses().length === 0, 5_000);
    const left = markedProcesses();
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    if (root) rmSync(root, { recursive: true, force: true });
    expect(left, "processes of the run still alive after closing (killed now)").toEqual([]);
  }, 30_000);

  it("lists every upstream in its era, with nothing down", () => {
    const byName = Object.fromEntries(gateway.status().map((s) => [s.name, `${s.transport} ${s.era} ${s.state}`]));
    // The leftover check of afterAll finds the run's processes by their mark: here it must see them (server-everything over HTTP, and the three stdio upstreams).
    if (process.platform === "linux") expect(markedProcesses().length).toBeGreaterThanOrEqual(4);
    expect(byName).toEqual({
      everything: "stdio legacy up",
      "everything-http": "http legacy up",
      files: "stdio legacy up",
      sdk2: "http modern up",
      mrtr: "stdio modern up",
    });
    // Both server-everything upstreams offer the same resources (URIs are not namespaced): the first keeps them, and says so.
    expect(warnings.filter((w) => !(w.kind === "name-collision" && w.upstream === "everything-http" && w.message.includes('"demo://resource/')))).toEqual([]);
  });

  describe("our client over HTTP", () => {
    it("lists the namespaced tools and calls legacy and modern upstreams", async () => {
      const { client } = ourClient(httpTransport(url));
      const names = (await client.listAllTools()).map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
      expect(textsOf(await client.callTool("everything_echo", { message: "hi" }))).toBe("Echo: hi");
      expect(textsOf(await client.callTool("everything-http_get-sum", { a: 2, b: 3 }))).toBe("The sum of 2 and 3 is 5.");
      expect(textsOf(await client.callTool("sdk2_greet", { name: "Grace" }))).toBe("hello Grace");
    });

    it("answers server-everything's elicitation (stdio and HTTP) and its sampling request, asked in the middle of a call", async () => {
      const { client, asked } = ourClient(httpTransport(url));
      for (const upstream of ["everything", "everything-http"]) {
        const elicited = textsOf(await client.callTool(`${upstream}_trigger-elicitation-request`));
        expect(elicited).toContain("User provided the requested information");
        expect(elicited).toContain("- Name: Ada");
      }
      for (const upstream of ["everything", "everything-http"]) {
        const sampled = textsOf(await client.callTool(`${upstream}_trigger-sampling-request`, { prompt: "What is 2 + 2?", maxTokens: 10 }));
        expect(sampled).toContain("LLM sampling result");
        expect(sampled).toContain('"model": "front-model"');
      }
      expect(asked).toEqual([
        "form: Please provide inputs for the following fields:",
        "form: Please provide inputs for the following fields:",
        "sampling: Resource trigger-sampling-request context: What is 2 + 2?",
        "sampling: Resource trigger-sampling-request context: What is 2 + 2?",
      ]);
    });

    it("answers the modern upstreams' rounds: the SDK v2 server's question and our fixture's two", async () => {
      const { client, asked } = ourClient(httpTransport(url));
      expect(textsOf(await client.callTool("sdk2_ask_name"))).toBe("hello Ada");
      expect(textsOf(await client.callTool("mrtr_two-questions"))).toBe("Ada likes green");
      expect(asked).toEqual(["form: Your name?", "form: Your name?", "form: Your favourite colour, Ada?"]);
    });

    it("reads through server-filesystem inside the root the gateway gave it", async () => {
      const { client } = ourClient(httpTransport(url));
      expect(textsOf(await client.callTool("files_list_allowed_directories"))).toBe(`Allowed directories:\n${realpathSync(root)}`);
      expect(textsOf(await client.callTool("files_read_text_file", { path: join(realpathSync(root), "hello.txt") }))).toBe("hello from the temp dir\n");
    });
  });

  it("our client over stdio, launching the gateway: lists, calls legacy and modern, answers a legacy upstream's elicitation", async () => {
    const stderr: string[] = [];
    const transport = stdioTransport({ command: process.execPath, args: sourceArgs(GATEWAY_FRONT), cwd: repoRoot, env: frontEnv, stderr: (line) => void stderr.push(line), probeTimeoutMs: 30_000 });
    const { client, asked } = ourClient(transport);
    try {
      const names = (await client.listAllTools()).map((t) => t.name);
      expect(names, stderr.join("\n")).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
      expect(textsOf(await client.callTool("everything_get-sum", { a: 1, b: 2 }))).toBe("The sum of 1 and 2 is 3.");
      expect(textsOf(await client.callTool("mrtr_two-questions"))).toBe("Ada likes green");
      expect(textsOf(await client.callTool("everything_trigger-elicitation-request"))).toContain("- Name: Ada");
      expect(asked).toEqual(["form: Your name?", "form: Your favourite colour, Ada?", "form: Please provide inputs for the following fields:"]);
    } finally {
      await transport.close();
    }
  });

  it("the official SDK v2 client over HTTP (auto: modern): lists, calls legacy and modern, answers elicitations of both eras' upstreams and server-everything's sampling", async () => {
    const client = new Sdk2Client({ name: "official-v2", version: "1" }, { capabilities: { elicitation: {}, sampling: {} }, versionNegotiation: { mode: "auto" } });
    const asked: string[] = [];
    client.setRequestHandler("sampling/createMessage", async () => {
      asked.push("sampling");
      return { role: "assistant", model: "official-model", content: { type: "text", text: "4" } };
    });
    client.setRequestHandler("elicitation/create", async (request) => {
      const { params } = request;
      asked.push(params.message);
      const props = "requestedSchema" in params && params.requestedSchema ? Object.keys(params.requestedSchema.properties) : [];
      const content: Record<string, string> = props.includes("colour") ? { colour: "blue" } : { name: "Grace" };
      return { action: "accept", content };
    });
    await client.connect(new Sdk2HttpTransport(new URL(url)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
      expect(textsOf(await client.callTool({ name: "everything_echo", arguments: { message: "v2" } }))).toBe("Echo: v2");
      expect(textsOf(await client.callTool({ name: "sdk2_greet", arguments: { name: "Ada" } }))).toBe("hello Ada");
      expect(textsOf(await client.callTool({ name: "mrtr_two-questions", arguments: {} }))).toBe("Grace likes blue");
      expect(textsOf(await client.callTool({ name: "everything-http_trigger-elicitation-request", arguments: {} }))).toContain("- Name: Grace");
      expect(textsOf(await client.callTool({ name: "everything_trigger-sampling-request", arguments: { prompt: "2 + 2?" } }))).toContain('"model": "official-model"');
      expect(asked).toEqual(["Your name?", "Your favourite colour, Grace?", "Please provide inputs for the following fields:", "sampling"]);
    } finally {
      await client.close();
    }
  });

  it("the SDK 1.x client over HTTP (2025-11-25): lists, calls legacy and modern, answers an elicitation", async () => {
    const client = new Sdk1Client({ name: "sdk1", version: "1" }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { name: "Alan" } };
    });
    await client.connect(new Sdk1HttpTransport(new URL(url)));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
      expect(textsOf(await client.callTool({ name: "everything-http_echo", arguments: { message: "one" } }))).toBe("Echo: one");
      expect(textsOf(await client.callTool({ name: "sdk2_ask_name", arguments: {} }))).toBe("hello Alan");
      expect(textsOf(await client.callTool({ name: "everything_trigger-elicitation-request", arguments: {} }))).toContain("- Name: Alan");
      expect(asked).toEqual(["Your name?", "Please provide inputs for the following fields:"]);
    } finally {
      await client.close();
    }
  });

  it("the SDK 1.x client over stdio, launching the gateway: lists, calls legacy and modern", async () => {
    const transport = new Sdk1StdioTransport({ command: process.execPath, args: sourceArgs(GATEWAY_FRONT), cwd: repoRoot, env: { ...getDefaultEnvironment(), ...frontEnv }, stderr: "pipe" });
    let stderr = "";
    (transport.stderr as Readable).on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const client = new Sdk1Client({ name: "sdk1-stdio", version: "1" }, { capabilities: {} });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names, stderr).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
      expect(textsOf(await client.callTool({ name: "files_list_allowed_directories", arguments: {} }))).toBe(`Allowed directories:\n${realpathSync(root)}`);
      expect(textsOf(await client.callTool({ name: "sdk2_greet", arguments: { name: "Edsger" } }))).toBe("hello Edsger");
    } finally {
      await client.close();
    }
  });

  it("the Inspector CLI over HTTP: lists, calls legacy and modern", async () => {
    const listed = await inspector([url], ["--method", "tools/list"]);
    expect((listed.tools as { name: string }[]).map((t) => t.name)).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
    expect(textsOf(await inspector([url], ["--method", "tools/call", "--tool-name", "everything_echo", "--tool-arg", "message=inspected"]))).toBe("Echo: inspected");
    expect(textsOf(await inspector([url], ["--method", "tools/call", "--tool-name", "sdk2_greet", "--tool-arg", "name=Barbara"]))).toBe("hello Barbara");
  });

  it("the Inspector CLI over stdio, launching the gateway: lists, calls legacy and modern", async () => {
    const command = [process.execPath, ...sourceArgs(GATEWAY_FRONT)];
    const [listed, legacy, modern] = await Promise.all([
      inspector(command, ["--method", "tools/list"], frontEnv),
      inspector(command, ["--method", "tools/call", "--tool-name", "everything-http_get-sum", "--tool-arg", "a=4", "b=5"], frontEnv),
      inspector(command, ["--method", "tools/call", "--tool-name", "mrtr_steps"], frontEnv),
    ]);
    expect((listed.tools as { name: string }[]).map((t) => t.name)).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
    expect(textsOf(legacy)).toBe("The sum of 4 and 5 is 9.");
    expect(textsOf(modern)).toBe("done");
  });
});
