/**
 * Today's hosts launch a plain stdio server as written: `serveStdio(server)`
 * with every default (fixtures/plain-stdio-server.ts) answers the official
 * SDK 1.x client, which opens with `initialize` as desktop hosts do, and the
 * SDK v2 client in its default era (the MCP Inspector's), with the same
 * handler asking its question through each era's elicitation; the MCP
 * Inspector itself (its CLI, pinned, installed into .cache/inspector on first
 * use); and our own client in 2026-07-28.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { Client as Sdk1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Sdk1Stdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as Sdk2Client } from "@modelcontextprotocol/client";
import { StdioClientTransport as Sdk2Stdio } from "@modelcontextprotocol/client/stdio";
import { createClient } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

const fixture = resolve(repoRoot, "test/interop/fixtures/plain-stdio-server.ts");
const launch = { command: process.execPath, args: sourceArgs(fixture), cwd: repoRoot };
/** The MCP Inspector, pinned. */
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const textOf = (r: object) => (((r as { content?: unknown }).content as { text?: string }[] | undefined)?.[0]?.text ?? "");

describe("a plain serveStdio(server), launched as desktop hosts launch it", () => {
  it("answers the official SDK 1.x client (initialize, tools/list, a tool that asks through elicitation/create)", async () => {
    const client = new Sdk1Client({ name: "desktop-host", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { name: "Ada" } }));
    await client.connect(new Sdk1Stdio({ ...launch, stderr: "ignore" }));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "notes", version: "1.0.0" });
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["greet"]);
      expect(textOf(await client.callTool({ name: "greet", arguments: {} }))).toBe("Hello, Ada!");
    } finally {
      await client.close();
    }
  }, 30_000);

  it("answers the SDK v2 client in its default era, the MCP Inspector's", async () => {
    const client = new Sdk2Client({ name: "inspector-like", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Grace" } }));
    await client.connect(new Sdk2Stdio({ ...launch, stderr: "ignore" }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["greet"]);
      expect(textOf(await client.callTool({ name: "greet", arguments: {} }))).toBe("Hello, Grace!");
    } finally {
      await client.close();
    }
  }, 30_000);

  it("answers the MCP Inspector's CLI launching it as a desktop host would (tools/list, and a tool that asks refused with -32021 since the CLI declares no elicitation)", () => {
    const cache = join(repoRoot, ".cache/inspector");
    const bin = join(cache, "node_modules/.bin/mcp-inspector");
    if (!existsSync(bin)) {
      const r = spawnSync("npm", ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", INSPECTOR], { stdio: "inherit", timeout: 300_000 });
      expect(r.status, `npm install ${INSPECTOR} into .cache/inspector`).toBe(0);
    }
    // Its own catalog lives under HOME: a fresh one per run.
    const env = { ...process.env, HOME: mkdtempSync(join(tmpdir(), "mrtr-inspector-")) };
    const inspect = (...method: string[]) => spawnSync(bin, ["--cli", launch.command, ...launch.args, ...method], { cwd: repoRoot, env, encoding: "utf8", timeout: 60_000 });
    const list = inspect("--method", "tools/list");
    expect(list.status, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(["greet"]);
    const call = inspect("--method", "tools/call", "--tool-name", "greet");
    expect(`${call.stdout}${call.stderr}`).toContain("This request needs client capabilities it did not declare");
  }, 360_000);

  it("answers our client in 2026-07-28, the question travelling as input_required", async () => {
    const client = createClient({
      name: "modern-host",
      version: "1.0.0",
      transport: stdioTransport({ ...launch, stderr: "ignore" }),
      elicitation: { form: async () => ({ action: "accept", content: { name: "Barbara" } }) },
    });
    try {
      expect(textOf(await client.callTool("greet"))).toBe("Hello, Barbara!");
    } finally {
      await client.close();
    }
  }, 30_000);
});
