/**
 * Every package README opens with a complete program ("## Start here") that
 * runs as pasted, here from the packed tarballs, in a project outside the
 * workspace:
 *
 * - the install line (```sh start) names every package the program imports;
 * - the program's files are the section's blocks: ```ts start=NAME (or
 *   ```json start=NAME) written as NAME, ```ts file=PATH (a repository file,
 *   the block held equal to it by test/docs/readme-files.test.ts) as PATH's
 *   base name, or as NAME when the block also says start=NAME; each program
 *   has its own folder, holding the project's node_modules as a link, as
 *   the reader's folder would;
 * - each ```sh run block's commands run in the program's folder, and each
 *   `# text` line under a command is a piece of what it must print, in order;
 * - a host configuration (a JSON block with `mcpServers`) is what a desktop
 *   host launches: each server in it, with the folder's absolute path put in,
 *   is launched by the official SDK 1.x client (which opens with
 *   `initialize`, as those hosts do) and by ours (2026-07-28), and its first
 *   tool is called with every question it asks answered;
 * - an `http.ts` is started and driven the same way over Streamable HTTP.
 *
 * The packages are installed once, with the other libraries the install lines
 * name at the versions this repository pins.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { basename, join } from "node:path";
import { Client as Sdk1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Sdk1Stdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as Sdk1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport, type Transport } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { readManifest } from "../../scripts/lib/workspace.js";
import { freePort } from "../helpers/processes.js";
import { hasRedisServer, RedisServer } from "../helpers/redis-server.js";
import { mustRun, run } from "./command.js";
import { packaging } from "./context.js";
import { typescriptBlocks } from "./readme-snippets.js";

const ctx = packaging();
const NPM_QUIET = ["--no-audit", "--no-fund", "--loglevel=error"];
/** Where the READMEs say the folder is. */
const FOLDER_PLACEHOLDER = "/absolute/path/to/your/folder";

interface Program {
  pkg: string;
  readme: string;
  install: string[];
  files: Map<string, string>;
  runs: { command: string; expect: string[] }[];
}

/** The "## Start here" section of a README, or undefined. */
function startSection(text: string): string | undefined {
  const at = text.indexOf("\n## Start here\n");
  if (at < 0) return undefined;
  const next = text.indexOf("\n## ", at + 1);
  return text.slice(at, next < 0 ? undefined : next);
}

/** The fenced blocks of any language with their words after the language. */
function fenced(text: string): { lang: string; flags: string[]; code: string }[] {
  return [...text.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, flags: m[2]!.trim().split(/\s+/).filter(Boolean), code: m[3]!.replace(/\n$/, "") }));
}

function programOf(pkg: string, readme: string, bin: boolean): Program | undefined {
  const section = startSection(readFileSync(readme, "utf8"));
  if (section === undefined) return undefined;
  const blocks = fenced(section);
  const files = new Map<string, string>();
  for (const b of blocks) {
    const named = b.flags.find((f) => f.startsWith("start="))?.slice("start=".length);
    const file = b.flags.find((f) => f.startsWith("file="))?.slice("file=".length);
    const code = file ? readFileSync(join(ctx.root, file), "utf8") : b.code;
    if (named ?? file) files.set(named ?? basename(file!), code);
  }
  // ```ts blocks are read the same way the snippet suite reads them. A command-line package may open with commands alone.
  if (!bin) expect(typescriptBlocks(readme, section).length, `${readme}: the Start here section has no program`).toBeGreaterThan(0);
  const install = blocks
    .filter((b) => b.lang === "sh" && b.flags.includes("start"))
    .flatMap((b) => b.code.split("\n"))
    .flatMap((line) => [...line.matchAll(/npm install ([^&]+)/g)].flatMap((m) => m[1]!.trim().split(/\s+/).filter((w) => !w.startsWith("-"))));
  const runs = blocks
    .filter((b) => b.lang === "sh" && b.flags.includes("run"))
    .flatMap((b) => {
      const out: Program["runs"] = [];
      for (const line of b.code.split("\n")) {
        if (line.startsWith("# ")) out.at(-1)?.expect.push(line.slice(2));
        else if (line.trim()) out.push({ command: line.trim(), expect: [] });
      }
      return out;
    });
  expect(runs.length, `${readme}: the Start here section runs nothing (a \`\`\`sh run block)`).toBeGreaterThan(0);
  return { pkg, readme, install, files, runs };
}

const programs = ctx.packages
  .map((p) => programOf(p.name, join(p.repoDir, "README.md"), p.manifest.bin !== undefined))
  .filter((p): p is Program => p !== undefined);

/** The version of `name` this repository pins (its dependencies, development dependencies and examples). */
function pinned(name: string): string {
  const manifests = [ctx.root, ...readdirSync(join(ctx.root, "packages")).map((d) => join(ctx.root, "packages", d)), ...readdirSync(join(ctx.root, "examples")).map((d) => join(ctx.root, "examples", d))]
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => readManifest(dir));
  for (const m of manifests) {
    const version = m.dependencies?.[name] ?? m.devDependencies?.[name];
    if (version && /^\d/.test(version)) return version;
  }
  throw new Error(`a README installs ${name}, which no package.json of the repository pins at an exact version`);
}

/** The packages a file imports (bare specifiers, to their package name), not Node's own. */
function importsOf(code: string): string[] {
  const builtins = new Set(builtinModules);
  return [...code.matchAll(/\bfrom\s+"([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((s) => !s.startsWith(".") && !s.startsWith("node:") && !builtins.has(s))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

let project: string;
let redis: RedisServer | undefined;
const env = (): NodeJS.ProcessEnv => ({ ...process.env, ...(redis && { REDIS_URL: `redis://127.0.0.1:${redis.port}` }) });

beforeAll(async () => {
  project = join(ctx.work, "programs");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "programs", private: true, type: "module" }, null, 2)}\n`);
  const ours = new Set(ctx.packages.map((p) => p.name));
  const others = [...new Set(programs.flatMap((p) => p.install))].filter((name) => !ours.has(name)).map((name) => `${name}@${pinned(name)}`);
  await mustRun("npm", ["install", ...NPM_QUIET, ...ctx.packages.map((p) => p.tarball), ...others], { cwd: project, timeoutMs: 600_000 });
  if (programs.some((p) => p.pkg === "@mrtr/redis") && hasRedisServer) redis = await RedisServer.start();
}, 900_000);
afterAll(async () => {
  await redis?.stop();
});

describe("every package README opens with a program", () => {
  it("that every public package has", () => {
    expect(ctx.packages.filter((p) => !programs.some((q) => q.pkg === p.name)).map((p) => p.name)).toEqual([]);
  });

  it("and the server's shows a host configuration and an http.ts (the launches below are not left out)", () => {
    const server = programs.find((p) => p.pkg === "@mrtr/server")!;
    expect([...server.files.keys()]).toEqual(expect.arrayContaining(["http.ts"]));
    expect([...server.files].some(([name, code]) => name.endsWith(".json") && code.includes('"mcpServers"'))).toBe(true);
  });
});

describe.each(programs.map((p) => [p.pkg, p] as const))("the Start here program of %s", (_name, program) => {
  const dir = () => join(project, program.pkg.replace("@mrtr/", ""));

  beforeAll(() => {
    mkdirSync(dir(), { recursive: true });
    symlinkSync(join(project, "node_modules"), join(dir(), "node_modules"));
    for (const [name, code] of program.files) writeFileSync(join(dir(), name), `${code}\n`);
  });

  it("installs every package it imports", () => {
    const imported = [...program.files].filter(([name]) => /\.(ts|js)$/.test(name)).flatMap(([, code]) => importsOf(code));
    expect([...new Set(imported)].filter((name) => !program.install.includes(name))).toEqual([]);
  });

  it.skipIf(program.pkg === "@mrtr/redis" && !hasRedisServer)("runs as pasted and prints what the README says (redis-server needed for @mrtr/redis's)", async () => {
    expect(program.runs.length, `${program.readme}: no \`\`\`sh run block`).toBeGreaterThan(0);
    for (const { command, expect: pieces } of program.runs) {
      const [bin, ...args] = command.split(/\s+/);
      const r = await run(bin!, args, { cwd: dir(), env: env(), timeoutMs: 120_000 });
      expect(r.code, `${command}\n${r.output}`).toBe(0);
      let from = 0;
      for (const piece of pieces) {
        const at = r.output.indexOf(piece, from);
        expect(at, `${command}: "${piece}" in order in\n${r.output}`).toBeGreaterThanOrEqual(0);
        from = at + piece.length;
      }
    }
  }, 240_000);

  const hosts = [...program.files].filter(([name, code]) => name.endsWith(".json") && code.includes('"mcpServers"'));
  // Only the READMEs that show a host configuration or an http.ts get these (not counted as skipped elsewhere).
  if (hosts.length > 0) it("is launched from its host configuration by the SDK 1.x client, as desktop hosts do, and by ours", async () => {
    for (const [, config] of hosts) {
      const servers = (JSON.parse(config.replaceAll(FOLDER_PLACEHOLDER, dir())) as { mcpServers: Record<string, { command: string; args?: string[] }> }).mcpServers;
      for (const [name, launch] of Object.entries(servers)) {
        expect(await callFirstToolSdk1(new Sdk1Stdio({ command: launch.command, args: launch.args ?? [], stderr: "ignore", env: env() as Record<string, string> })), name).toContain("Ada");
        expect(await callFirstToolOurs(stdioTransport({ command: launch.command, args: launch.args ?? [], stderr: "ignore" })), name).toContain("Ada");
      }
    }
  }, 120_000);

  if (program.files.has("http.ts")) it("serves over HTTP when its http.ts runs: the SDK 1.x client and ours call its first tool", async () => {
    const port = await freePort();
    const server = await startHttp(dir(), port);
    try {
      const url = `http://127.0.0.1:${port}/mcp`;
      expect(await callFirstToolSdk1(new Sdk1Http(new URL(url)))).toContain("Ada");
      expect(await callFirstToolOurs(httpTransport(url))).toContain("Ada");
    } finally {
      process.kill(-server.pid!, "SIGTERM");
    }
  }, 120_000);
});

/** Answers a form with a value for each string field ("Ada"), each boolean (true) and each number (1). */
function answerForm(schema: { properties?: Record<string, { type?: string }> }): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.properties ?? {})) content[key] = field.type === "boolean" ? true : field.type === "number" || field.type === "integer" ? 1 : "Ada";
  return content;
}

const textOf = (result: unknown) => JSON.stringify((result as { content?: unknown }).content ?? result);

async function callFirstToolSdk1(transport: Sdk1Stdio | Sdk1Http): Promise<string> {
  const client = new Sdk1Client({ name: "desktop-host", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: "accept", content: answerForm((request.params as { requestedSchema?: never }).requestedSchema ?? {}) as never }));
  await client.connect(transport);
  try {
    const [tool] = (await client.listTools()).tools;
    return textOf(await client.callTool({ name: tool!.name, arguments: {} }));
  } finally {
    await client.close();
  }
}

async function callFirstToolOurs(transport: Transport): Promise<string> {
  const client = createClient({ name: "modern-host", version: "1.0.0", transport, elicitation: { form: async (params) => ({ action: "accept", content: answerForm(params.requestedSchema) as never }) } });
  try {
    const [tool] = (await client.listTools()).tools;
    return textOf(await client.callTool(tool!.name));
  } finally {
    await client.close();
  }
}

/** Starts `npx tsx http.ts` in `cwd` on `port`; resolves once it prints its endpoint. */
function startHttp(cwd: string, port: number): Promise<ChildProcess> {
  // A process group of its own: npx starts tsx, which starts node; stopping the group stops them all.
  const child = spawn("npx", ["tsx", "http.ts"], { cwd, env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => (process.kill(-child.pid!, "SIGTERM"), reject(new Error(`http.ts did not start: ${seen}`))), 60_000);
    const take = (d: Buffer) => {
      seen += d.toString();
      if (seen.includes(`127.0.0.1:${port}/mcp`)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`http.ts exited (${code}): ${seen}`))));
  });
}
