/**
 * `mrtr init`: the files it writes for each language and framework, the
 * exact versions, the JavaScript transform (and its loud failure on what it
 * does not know), the refusal of a non-empty folder, and the host
 * configuration with the project's absolute path. Installing and running
 * the project from the tarballs is test/packaging/init.test.ts.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { packageName } from "../../src/init/command.js";
import { projectFiles } from "../../src/init/project.js";
import { HOSTS } from "../../src/init/readme.js";
import { TEMPLATES_DIR } from "../../src/init/templates.js";
import { REWRITES, toJavaScript } from "../../src/init/to-javascript.js";
import { PINNED } from "../../src/init/versions.js";
import { run, tempDir } from "../helpers.js";

const tmp = tempDir("mrtr-init-");
const repo = fileURLToPath(new URL("../../../../", import.meta.url));
const manifest = (path: string) => JSON.parse(readFileSync(join(repo, path), "utf8")) as Record<string, Record<string, string>> & { version: string };
const cliVersion = manifest("packages/cli/package.json").version;
const template = (name: string) => readFileSync(join(TEMPLATES_DIR, name), "utf8");
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), "utf8");

let made = 0;
/** Runs `mrtr init` into a new folder under the temporary one; the folder, the run and a reader of its files. */
async function init(...options: string[]) {
  const dir = join(tmp.dir, `project-${++made}`);
  const r = await run(["init", dir, ...options]);
  const read = (file: string) => readFileSync(join(dir, file), "utf8");
  return { dir, r, read, files: existsSync(dir) ? readdirSync(dir).sort() : [], pkg: () => JSON.parse(read("package.json")) };
}

/** The README's JSON blocks, parsed, in order (Claude Desktop, VS Code, Cursor). */
function hostConfigs(readme: string): any[] {
  return [...readme.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => JSON.parse(m[1]!));
}

describe("mrtr init: a TypeScript project (the default)", () => {
  it("writes the templates as they are, package.json, tsconfig.json, README.md and .gitignore, and says what to run next", async () => {
    const { dir, r, read, files } = await init();
    expect(r.code, r.stderr).toBe(0);
    expect(files).toEqual([".gitignore", "README.md", "client.ts", "http.ts", "notes.test.ts", "notes.ts", "package.json", "stdio.ts", "tsconfig.json"]);
    for (const name of ["notes.ts", "stdio.ts", "http.ts", "client.ts", "notes.test.ts"]) expect(read(name), name).toBe(template(name));
    expect(read(".gitignore")).toBe("node_modules/\n");
    expect(r.stdout).toContain(`into ${dir}:`);
    for (const line of ["  package.json\n", "  notes.ts\n", "npm install\n", "npm test ", "npm start ", "npm run client ", "npm run http "]) expect(r.stdout).toContain(line);
    expect(r.stdout).toContain(`${join(relative(process.cwd(), dir), "README.md")}, section "Connect a desktop host"`);
    expect(r.stderr).toBe("");
  });

  it("pins every dependency exactly: @mrtr/server and @mrtr/client at the cli's version, tsx a dependency, the typechecker and types for development", async () => {
    const pkg = (await init()).pkg();
    expect(pkg).toMatchObject({ private: true, type: "module", engines: { node: ">=20" } });
    expect(pkg.scripts).toEqual({ start: "tsx stdio.ts", http: "tsx http.ts", client: "tsx client.ts", test: "tsx --test notes.test.ts", build: "tsc -p tsconfig.json" });
    expect(pkg.dependencies).toEqual({ "@mrtr/client": cliVersion, "@mrtr/server": cliVersion, tsx: "4.23.15" });
    expect(pkg.devDependencies).toEqual({ "@types/node": "20.19.43", typescript: "5.9.3" });
  });

  it("checks strictly with NodeNext and emits nothing", async () => {
    const tsconfig = JSON.parse((await init()).read("tsconfig.json"));
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, module: "NodeNext", moduleResolution: "NodeNext", noEmit: true, types: ["node"] });
    expect(tsconfig.include).toEqual(["**/*.ts"]);
  });

  it.each([
    ["none", "http.ts", {}, {}],
    ["hono", "http-hono.ts", { hono: "4.13.19", "@hono/node-server": "2.1.9" }, {}],
    ["express", "http-express.ts", { express: "5.3.0" }, { "@types/express": "5.0.6" }],
  ])("--framework %s: http.ts is templates/%s, with the framework's packages", async (framework, source, deps, devDeps) => {
    const { r, read, pkg } = await init("--framework", framework);
    expect(r.code, r.stderr).toBe(0);
    expect(read("http.ts")).toBe(template(source));
    expect(pkg().dependencies).toEqual({ "@mrtr/client": cliVersion, "@mrtr/server": cliVersion, tsx: "4.23.15", ...deps });
    expect(pkg().devDependencies).toEqual({ "@types/node": "20.19.43", typescript: "5.9.3", ...devDeps });
  });
});

describe("mrtr init --lang js", () => {
  it("writes the templates as .js files run by node, with no TypeScript tooling", async () => {
    const { r, read, files, pkg } = await init("--lang", "js", "--framework", "express");
    expect(r.code, r.stderr).toBe(0);
    expect(files).toEqual([".gitignore", "README.md", "client.js", "http.js", "notes.js", "notes.test.js", "package.json", "stdio.js"]);
    expect(pkg().scripts).toEqual({ start: "node stdio.js", http: "node http.js", client: "node client.js", test: "node --test notes.test.js" });
    expect(pkg().dependencies).toEqual({ "@mrtr/client": cliVersion, "@mrtr/server": cliVersion, express: "5.3.0" });
    expect(pkg().devDependencies).toBeUndefined();
    expect(read("http.js")).toBe(template("http-express.ts"));
    for (const name of ["notes", "stdio", "notes.test"]) expect(read(`${name}.js`), name).toBe(template(`${name}.ts`));
  });

  it("launches stdio.js with node alone in client.js, the one line that differs", async () => {
    const { read } = await init("--lang", "js");
    const ts = template("client.ts");
    expect(ts).toContain(`args: ["--import", "tsx", "stdio.ts"]`);
    expect(read("client.js")).toBe(ts.replace(`args: ["--import", "tsx", "stdio.ts"]`, `args: ["stdio.js"]`));
  });

  it("every file is JavaScript node accepts (node --check)", async () => {
    for (const framework of ["none", "hono", "express"]) {
      const { dir, files } = await init("--lang", "js", "--framework", framework);
      for (const file of files.filter((f) => f.endsWith(".js"))) {
        const check = spawnSync(process.execPath, ["--check", join(dir, file)], { encoding: "utf8" });
        expect(check.status, `${framework} ${file}: ${check.stderr}`).toBe(0);
      }
    }
  });

  it("every rewrite is used by a template: none is stale", () => {
    const all = readdirSync(TEMPLATES_DIR).map(template).join("\n");
    for (const r of REWRITES) expect(all, r.why).toContain(r.ts);
  });
});

describe("the JavaScript transform fails loudly, naming the template", () => {
  it.each([
    ["annotated.ts", /annotated\.ts cannot be written as JavaScript: Unexpected token ':' at line 2: .*which is not JavaScript/],
    ["launches-typescript.ts", /launches-typescript\.ts cannot be written as JavaScript: a TypeScript file name .* at line 2/],
    ["type-only-import.ts", /type-only-import\.ts cannot be written as JavaScript: a type-only import or export at line 2/],
  ])("on the fixture %s", (name, message) => {
    expect(() => toJavaScript(name, fixture(name))).toThrow(message);
  });

  it.each([
    ["a cast", "const a = b as string;\n"],
    ["satisfies", "export const a = {} satisfies object;\n"],
    ["an interface", "interface A { a: string }\n"],
    ["an enum", "enum Mode { A }\n"],
    ["a non-null assertion", "const a = b!.c;\n"],
    ["a generic function", "function id<T>(a) { return a; }\n"],
    ["type arguments on a call", "const m = make<string>(1);\n"],
    ["tsx", "const runner = \"tsx\";\n"],
    ["an import it does not know", "import data from \"./data.json\" with { type: \"json\" };\nexport default data;\n"],
  ])("on %s", (_, source) => {
    expect(() => toJavaScript("fixture.ts", source)).toThrow(/the template fixture\.ts cannot be written as JavaScript: .*REWRITES in packages\/cli\/src\/init\/to-javascript\.ts/);
  });

  it("leaves the JavaScript a module may hold as it is", () => {
    const js = 'import a, { b as c } from "a";\nimport * as d from "d";\nimport "e";\nexport const f = await a(c, d);\nexport default f;\nexport { f as g };\nconsole.log(import.meta.url, f < 1 ? { h: 1 } : [2]);\n';
    expect(toJavaScript("module.ts", js)).toBe(js);
  });

  it("stops init before anything is written when a template cannot be turned into JavaScript", async () => {
    const templates = join(tmp.dir, "broken-templates");
    cpSync(TEMPLATES_DIR, templates, { recursive: true });
    writeFileSync(join(templates, "stdio.ts"), fixture("annotated.ts"));
    await expect(projectFiles({ dir: join(tmp.dir, "never"), name: "never", lang: "js", framework: "none", templatesDir: templates })).rejects.toThrow(/template stdio\.ts cannot be written as JavaScript/);
    expect((await projectFiles({ dir: join(tmp.dir, "never"), name: "never", lang: "ts", framework: "none", templatesDir: templates })).map((f) => f.path)).toContain("stdio.ts");
  });
});

describe("mrtr init: the host configuration in README.md", () => {
  it.each([
    ["ts", (dir: string) => [join(dir, "node_modules", "tsx", "dist", "cli.mjs"), join(dir, "stdio.ts")]],
    ["js", (dir: string) => [join(dir, "stdio.js")]],
  ])("--lang %s: Claude Desktop, VS Code and Cursor each launch the stdio entry by the project's absolute path", async (lang, args) => {
    // A relative DIR is written as the absolute path of the folder made.
    const dir = join(tmp.dir, `hosts-${lang}`, "Weather Notes");
    const r = await run(["init", relative(process.cwd(), dir), "--lang", lang]);
    expect(r.code, r.stderr).toBe(0);
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    const launch = { command: "node", args: args(dir) };
    expect(hostConfigs(readme)).toEqual([
      { mcpServers: { "weather-notes": launch } },
      { servers: { "weather-notes": { type: "stdio", ...launch } } },
      { mcpServers: { "weather-notes": launch } },
    ]);
    for (const host of HOSTS) expect(readme).toContain(`**${host.title}**`);
    for (const file of ["claude_desktop_config.json", ".vscode/mcp.json", ".cursor/mcp.json"]) expect(readme).toContain(file);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name).toBe("weather-notes");
  });

  it("lists every file the project holds", async () => {
    const { read, files } = await init("--framework", "hono");
    const readme = read("README.md");
    for (const file of files.filter((f) => f !== "README.md" && f !== ".gitignore")) expect(readme).toContain(`| \`${file}\` |`);
    expect(readme).toContain("Hono");
  });
});

describe("mrtr init: refusals and usage", () => {
  it("refuses a folder that is not empty with exit 2, writing nothing", async () => {
    const dir = join(tmp.dir, "busy");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.ts"), "// mine\n");
    const r = await run(["init", dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`mrtr: ${dir} is not empty (it holds notes.ts): name a new or empty folder, e.g. \`mrtr init my-server\`; nothing was written\n`);
    expect(readdirSync(dir)).toEqual(["notes.ts"]);
    expect(readFileSync(join(dir, "notes.ts"), "utf8")).toBe("// mine\n");
  });

  it("refuses a file with exit 2; writes into an empty folder that exists", async () => {
    const file = tmp.write("a-file", "");
    expect(await run(["init", file])).toMatchObject({ code: 2, stderr: `mrtr: ${file} exists and is not a folder: name a new folder, e.g. \`mrtr init my-server\`\n` });
    const empty = join(tmp.dir, "empty");
    mkdirSync(empty);
    expect((await run(["init", empty])).code).toBe(0);
    expect(readdirSync(empty)).toContain("notes.ts");
  });

  it("exits 2 on a bad option, a second folder or an unknown choice, naming what to type", async () => {
    expect(await run(["init", join(tmp.dir, "x"), "--lang", "py"])).toMatchObject({ code: 2, stderr: 'mrtr: --lang must be one of ts, js, not "py"\n' });
    expect(await run(["init", join(tmp.dir, "x"), "--framework", "koa"])).toMatchObject({ code: 2, stderr: 'mrtr: --framework must be one of none, hono, express, not "koa"\n' });
    expect((await run(["init", "a", "b"])).stderr).toMatch(/takes one DIR/);
    expect((await run(["init", "--force"])).code).toBe(2);
    expect(existsSync(join(tmp.dir, "x"))).toBe(false);
  });

  it("documents itself in --help and in mrtr --help", async () => {
    const help = await run(["init", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mrtr init \[DIR\]/);
    expect(help.stdout).toContain("--framework NAME");
    expect((await run(["--help"])).stdout).toContain("init [DIR]");
  });

  it("names the package after the folder, as npm allows", () => {
    expect(packageName("Weather Notes")).toBe("weather-notes");
    expect(packageName("_My.Server!")).toBe("my.server");
    expect(packageName("...")).toBe("mcp-server");
  });
});

describe("the pinned versions", () => {
  it("are the versions this repository builds and tests with", () => {
    const root = manifest("package.json").devDependencies!;
    const frameworks = manifest("examples/frameworks/package.json").devDependencies!;
    const cli = manifest("packages/cli/package.json").devDependencies!;
    expect(PINNED).toEqual({
      tsx: root.tsx,
      typescript: root.typescript,
      "@types/node": root["@types/node"],
      hono: frameworks.hono,
      "@hono/node-server": frameworks["@hono/node-server"],
      express: frameworks.express,
      "@types/express": frameworks["@types/express"],
    });
    for (const name of ["hono", "@hono/node-server", "express", "@types/express"] as const) expect(cli[name], `packages/cli devDependencies ${name}`).toBe(PINNED[name]);
  });
});
