/**
 * The API report check (scripts/api-report.ts, `npm run api:check`) catches a
 * change of the exported surface: a copy of a tiny package
 * (test/fixtures/api-report/: two typed entry points and a JSON export) gets
 * its reports, then its `.d.ts` change (a parameter added, a type that an
 * exported signature names changed, an export gone, an entry point dropped
 * from `exports`) and the check fails naming the entry
 * points that changed and the command that fixes it, until the reports are
 * made again. The same `main` runs here as on the command line; the real
 * packages' reports are checked by CI (`npm run api:check` in .ci/run), not
 * here, so as not to spend the time twice.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiReport, main, packageEntryPoints, reportName, UPDATE_COMMAND, workspaceEntryPoints } from "../scripts/api-report.js";
import { repoRoot } from "./helpers/paths.js";

const fixture = join(repoRoot, "test/fixtures/api-report");

/** Runs the command on the package in `dir` (paths printed from there) and returns its exit code and what it printed. */
async function run(dir: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args, "."], { log: (t) => out.push(t), error: (t) => err.push(t) }, dir);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("API reports", () => {
  let dir: string;
  const types = (file: string) => join(dir, "types", file);
  const report = (name: string) => join(dir, "api", `${name}.api.md`);
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(file, "utf8");
    expect(text).toContain(from);
    writeFileSync(file, text.replace(from, to));
  };

  beforeAll(() => {
    dir = join(mkdtempSync(join(tmpdir(), "mrtr-api-report-test-")), "greet");
    cpSync(fixture, dir, { recursive: true });
  });
  afterAll(() => rmSync(join(dir, ".."), { recursive: true, force: true }));

  it("names each report after its subpath: index for the root, / as -", () => {
    expect([".", "./request-state", "./auth/node"].map(reportName)).toEqual(["index", "request-state", "auth-node"]);
    expect(packageEntryPoints(dir).map((e) => [e.specifier, e.name])).toEqual([
      ["@fixture/greet", "index"],
      ["@fixture/greet/extra/tools", "extra-tools"],
    ]);
  });

  it("covers every typed entry point of every published package, @mrtr/internal included, and no JSON export", () => {
    const specifiers = workspaceEntryPoints(repoRoot).map((e) => e.specifier);
    expect(specifiers).toContain("@mrtr/server/request-state");
    expect(specifiers).toContain("@mrtr/client/auth/node");
    expect(specifiers).toContain("@mrtr/internal");
    expect(specifiers.filter((s) => s.endsWith(".json"))).toEqual([]);
  });

  it("writes a report per entry point, free of machine paths, which the check then accepts", async () => {
    const made = await run(dir);
    expect(made.err).toBe("");
    expect(made.code).toBe(0);
    expect(made.out).toContain("wrote api/index.api.md (@fixture/greet)");
    const index = readFileSync(report("index"), "utf8");
    expect(index).toContain('## API Report File for "@fixture/greet"');
    expect(index).toContain("export function greet(name: string): string;");
    expect(readFileSync(report("extra-tools"), "utf8")).toContain("export const GREETINGS:");
    for (const name of ["index", "extra-tools"]) expect(readFileSync(report(name), "utf8")).not.toContain(tmpdir());
    const checked = await run(dir, "--check");
    expect(checked).toEqual({ code: 0, out: "2 API reports are up to date.", err: "" });
  });

  it("fails the check on a parameter added, naming that entry point only, and writes nothing", async () => {
    const before = readFileSync(report("index"), "utf8");
    edit(types("index.d.ts"), "greet(name: string)", "greet(name: string, options?: GreetOptions)");
    const checked = await run(dir, "--check");
    expect(checked.code).toBe(1);
    expect(checked.err).toContain("@fixture/greet: api/index.api.md differs from the exported surface");
    expect(checked.err).not.toContain("@fixture/greet/extra/tools:");
    expect(checked.err).toContain("+export function greet(name: string, options?: GreetOptions): string;");
    expect(checked.err).toContain(`Fix: run \`${UPDATE_COMMAND}\``);
    expect(readFileSync(report("index"), "utf8")).toBe(before);
    const outcome = await apiReport(packageEntryPoints(dir), { check: true });
    expect(outcome.changed.map((e) => e.specifier)).toEqual(["@fixture/greet"]);
  });

  it("passes again once the reports are made again", async () => {
    expect((await run(dir)).out).toContain("wrote api/index.api.md (@fixture/greet)");
    expect(readFileSync(report("index"), "utf8")).toContain("export function greet(name: string, options?: GreetOptions): string;");
    expect((await run(dir, "--check")).code).toBe(0);
  });

  it("fails the check on a change to a type that a signature names but the entry point does not export", async () => {
    expect(readFileSync(report("index"), "utf8")).toContain('The symbol "Tone" needs to be exported by the entry point index.d.ts');
    edit(types("index.d.ts"), "volume: number;", "volume: number | \"whisper\";");
    const checked = await run(dir, "--check");
    expect(checked.code).toBe(1);
    expect(checked.err).toContain("@fixture/greet: api/index.api.md differs from the exported surface");
    expect(checked.err).toContain('+    volume: number | "whisper";');
    expect((await run(dir)).code).toBe(0);
  });

  it("fails the check on an export removed", async () => {
    edit(types("extra.d.ts"), "/** Says goodbye to `name`. */\nexport declare function farewell(name: string): string;\n", "");
    const checked = await run(dir, "--check");
    expect(checked.code).toBe(1);
    expect(checked.err).toContain("@fixture/greet/extra/tools: api/extra-tools.api.md differs from the exported surface");
    expect(checked.err).not.toContain("@fixture/greet: ");
    expect(checked.err).toContain("-export function farewell(name: string): string;");
    expect((await run(dir)).code).toBe(0);
    expect((await run(dir, "--check")).code).toBe(0);
  });

  it("fails the check on an entry point dropped from exports, and making the reports deletes its report", async () => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    delete manifest.exports["./extra/tools"];
    writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
    const checked = await run(dir, "--check");
    expect(checked.code).toBe(1);
    expect(checked.err).toContain("api/extra-tools.api.md: no such entry point any more");
    expect(existsSync(report("extra-tools"))).toBe(true);
    expect((await run(dir)).out).toContain("deleted api/extra-tools.api.md");
    expect(existsSync(report("extra-tools"))).toBe(false);
    expect((await run(dir, "--check")).code).toBe(0);
  });

  it("fails with the build command when a .d.ts is missing, running nothing", async () => {
    rmSync(types("index.d.ts"));
    const checked = await run(dir, "--check");
    expect(checked.code).toBe(1);
    expect(checked.err).toContain("types/index.d.ts (@fixture/greet)");
    expect(checked.err).toContain("Run `npm run build` first.");
  });
});
