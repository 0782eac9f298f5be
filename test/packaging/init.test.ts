/**
 * `mrtr init` from the packed tarballs, as a user runs it: the installed
 * command (the tools project) writes a project into a fresh folder, which
 * installs (the @mrtr packages from the tarballs, since 0.0.0 is on no
 * registry; everything else from the registry at the versions the project
 * pins), builds (TypeScript), passes its own test, answers through its
 * client over stdio, through the host configuration its README shows (from
 * another folder, as a host launches it) and over HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { createClient, httpTransport, type Transport } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { beforeAll, describe, expect, it } from "vitest";
import { mustRun, run } from "./command.js";
import { packaging, type PackedPackage } from "./context.js";

const { packages, tools, work } = packaging();
if (!tools) throw new Error("the packaging setup installed no tools project: is @mrtr/cli still a package with a bin?");
const ours = new Map(packages.map((p) => [p.name, p]));
const cli = ours.get("@mrtr/cli")!;

const NPM_QUIET = ["--no-audit", "--no-fund", "--loglevel=error"];

/** The tarballs of `names` and of every @mrtr package they depend on: what replaces the project's @mrtr dependencies. */
function tarballsOf(names: string[]): string[] {
  const found = new Map<string, PackedPackage>();
  const visit = (name: string) => {
    const pkg = ours.get(name);
    if (!pkg || found.has(name)) return;
    found.set(name, pkg);
    for (const dep of Object.keys(pkg.manifest.dependencies ?? {})) visit(dep);
  };
  names.forEach(visit);
  return [...found.values()].map((p) => p.tarball);
}

/** A port free on loopback now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Lists the tools and calls greet, answering its question with `name`: what the server said. */
async function greetThrough(transport: Transport, name: string) {
  const client = createClient({ name: "packaging", version: "1.0.0", transport, elicitation: { form: async () => ({ action: "accept", content: { name } }) } });
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    const result = await client.callTool("greet");
    return { tools, content: result.content };
  } finally {
    await client.close();
  }
}

const cases = [
  { lang: "ts", framework: "none" },
  { lang: "js", framework: "hono" },
  { lang: "ts", framework: "express" },
] as const;

interface Project {
  dir: string;
  name: string;
  init: string;
}

const projects = new Map<string, Project>();
const keyOf = (c: (typeof cases)[number]) => `${c.lang}-${c.framework}`;

// The three projects are written and installed side by side; the checks below then run one by one.
beforeAll(async () => {
  const root = join(work, "init");
  mkdirSync(root);
  await Promise.all(
    cases.map(async (c) => {
      const name = `notes-${keyOf(c)}`;
      const dir = join(root, name);
      const init = await mustRun("npx", ["--no-install", "mrtr", "init", dir, "--lang", c.lang, "--framework", c.framework], { cwd: tools.dir });
      const pinned = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
      expect(pinned.dependencies["@mrtr/server"]).toBe(cli.version);
      expect(pinned.dependencies["@mrtr/client"]).toBe(cli.version);
      await mustRun("npm", ["install", ...NPM_QUIET, ...tarballsOf(["@mrtr/server", "@mrtr/client"])], { cwd: dir, timeoutMs: 240_000 });
      projects.set(keyOf(c), { dir, name, init });
    }),
  );
}, 300_000);

describe.each(cases)("mrtr init --lang $lang --framework $framework", (c) => {
  const project = () => projects.get(keyOf(c))!;
  const npm = (args: string[]) => run("npm", args, { cwd: project().dir, timeoutMs: 120_000 });

  it("writes the project and names the next commands", () => {
    expect(project().init).toContain(`into ${project().dir}:`);
    expect(project().init).toMatch(/npm install[\s\S]*npm test[\s\S]*npm start[\s\S]*npm run client/);
  });

  if (c.lang === "ts") {
    it("npm run build: the project typechecks", async () => {
      const { code, output } = await npm(["run", "build"]);
      expect(code, output).toBe(0);
    });
  }

  it("npm test: its own test passes", async () => {
    const { code, output } = await npm(["test"]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/\bpass 2\b/);
    expect(output).toMatch(/\bfail 0\b/);
  });

  it("npm run client -- Grace: launches the stdio server and prints the greeting", async () => {
    const { code, output } = await npm(["run", "client", "--", "Grace"]);
    expect(code, output).toBe(0);
    expect(output.split("\n")).toContain("Hello, Grace!");
  });

  it("the Claude Desktop configuration of its README launches the server from another folder", async () => {
    const readme = readFileSync(join(project().dir, "README.md"), "utf8");
    const claude = JSON.parse(/^```json\n([\s\S]*?)^```$/m.exec(readme)![1]!) as { mcpServers: Record<string, { command: string; args: string[] }> };
    const launch = claude.mcpServers[project().name]!;
    const answer = await greetThrough(stdioTransport({ command: launch.command, args: launch.args, cwd: work, stderr: "ignore" }), "Ada");
    expect(answer).toEqual({ tools: ["greet"], content: [{ type: "text", text: "Hello, Ada!" }] });
  });

  it("npm run http: the HTTP entry answers tools/list and a call from our client", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    // Its own process group, so that npm, tsx and the server all end with it.
    const child: ChildProcess = spawn("npm", ["run", "http"], { cwd: project().dir, env: { ...process.env, PORT: String(port) }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      const started = Date.now();
      while (!output.includes(`MCP endpoint: ${url}`)) {
        if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`npm run http did not announce ${url}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await greetThrough(httpTransport(url), "Lin")).toEqual({ tools: ["greet"], content: [{ type: "text", text: "Hello, Lin!" }] });
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    }
  });
});
