/**
 * The quick start (docs/guides/quick-start.md) run as a reader runs it: the
 * stdio entry point launched as a child process, as a desktop host launches
 * it, and reached by @mrtr/client's stdio transport and by the official SDK
 * 1.x client (an initialize-based host, as most are today); the HTTP entry
 * point started as a child on a free port and reached by src/client.ts, as a
 * function and as the command the guide runs. Every process runs on the
 * packages' source (the "@mrtr/source" export condition), as every test does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createClient, type RoundEvent } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { bookTable } from "../src/client.js";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const file = (name: string) => fileURLToPath(new URL(`../src/${name}`, import.meta.url));
/** Node arguments that run a file of src/ with tsx, on the packages' source. */
const nodeArgs = (name: string) => ["--conditions=@mrtr/source", "--import", "tsx", file(name)];

/** Runs a file of src/ as a child process with `env` and `args`, collecting its output. */
function run(name: string, env: Record<string, string> = {}, args: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs(name), ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const out = { stdout: "", stderr: "" };
  child.stdout!.on("data", (d: Buffer) => (out.stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, out, exited };
}

/** Starts src/http.ts on a free port (PORT=0); its endpoint as it prints it. */
async function startHttp(): Promise<{ child: ChildProcess; endpoint: string }> {
  const { child, out, exited } = run("http.ts", { PORT: "0" });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const url = /MCP endpoint: (\S+)/.exec(out.stdout)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`http.ts exited (${code}) before it listened: ${out.stderr}`)));
  });
  return { child, endpoint };
}

describe("the quick start over stdio, launched as a desktop host launches it", () => {
  it("answers book_table's question through @mrtr/client's form handler, in two rounds", async () => {
    const asked: string[] = [];
    const rounds: RoundEvent["type"][] = [];
    const client = createClient({
      name: "quick-start-test",
      version: "1.0.0",
      transport: stdioTransport({ command: process.execPath, args: nodeArgs("stdio.ts"), cwd: repoRoot, stderr: "ignore" }),
      elicitation: {
        form: async (params) => {
          asked.push(params.message);
          return { action: "accept", content: { guests: 4 } };
        },
      },
      onRound: (event) => void (event.method === "tools/call" && rounds.push(event.type)),
    });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["book_table"]);
      expect(tools[0]!.inputSchema).toMatchObject({ type: "object", properties: { day: { type: "string" } }, required: ["day"] });
      const result = await client.callTool("book_table", { day: "Friday" });
      expect(result.content).toEqual([{ type: "text", text: "Booked a table for 4 on Friday." }]);
      expect(asked).toEqual(["How many guests on Friday?"]);
      expect(rounds).toEqual(["input_required", "answered", "retrying", "completed"]);
    } finally {
      await client.close();
    }
  });

  it("books nothing when the user declines, and refuses arguments outside the tool's schema as a tool error", async () => {
    const client = createClient({
      name: "quick-start-test",
      version: "1.0.0",
      transport: stdioTransport({ command: process.execPath, args: nodeArgs("stdio.ts"), cwd: repoRoot, stderr: "ignore" }),
      elicitation: { form: async () => ({ action: "decline" }) },
    });
    try {
      expect((await client.callTool("book_table", { day: "Monday" })).content).toEqual([{ type: "text", text: "No table booked." }]);
      const wrong = await client.callTool("book_table", { day: 5 });
      expect(wrong.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("serves a host that opens with initialize (the official SDK 1.x client): the question arrives as its elicitation/create request", async () => {
    const client = new Client({ name: "desktop-host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { guests: 2 } };
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: nodeArgs("stdio.ts"), cwd: repoRoot, stderr: "ignore" }));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "bistro", version: "1.0.0" });
      const result = await client.callTool({ name: "book_table", arguments: { day: "Sunday" } });
      expect(result.content).toEqual([{ type: "text", text: "Booked a table for 2 on Sunday." }]);
      expect(asked).toEqual(["How many guests on Sunday?"]);
    } finally {
      await client.close();
    }
  });
});

describe("the quick start over HTTP", () => {
  let server: ChildProcess;
  let endpoint: string;

  beforeAll(async () => {
    ({ child: server, endpoint } = await startHttp());
  });
  afterAll(() => {
    server.kill();
  });

  it("listens on the port it was given (a free one) at /mcp", () => {
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(endpoint).not.toBe("http://127.0.0.1:0/mcp");
  });

  it("completes book_table's flow through client.ts's bookTable", async () => {
    expect(await bookTable(endpoint, "Saturday", 3)).toBe("Booked a table for 3 on Saturday.");
  });

  it("completes it through client.ts run as the guide runs it", async () => {
    const { out, exited } = run("client.ts", {}, [endpoint, "Thursday", "6"]);
    expect(await exited).toBe(0);
    expect(out.stdout).toBe("Booked a table for 6 on Thursday.\n");
  });
});
