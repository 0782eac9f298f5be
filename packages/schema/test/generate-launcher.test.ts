import { spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../test/helpers/paths.js";

// scripts/run-generate.mjs in a repository of its own: the launcher, a small
// scripts/generate.ts that reports what it was given, and the real node_modules.
let root: string;
let cacheDir: string;

const GENERATE = `import ts from "typescript";
import { word } from "./lib/word.js";

export async function main(args: string[], options: { cacheDir?: string; generator?: Record<string, string> }): Promise<void> {
  console.log(JSON.stringify({ args, word, url: import.meta.url, typescript: ts.version, cacheDir: options.cacheDir, generator: options.generator }));
}
`;

interface Report {
  args: string[];
  word: string;
  url: string;
  typescript: string;
  cacheDir: string;
  generator: Record<string, string>;
}

function run(): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, "scripts/run-generate.mjs"), "--check"], {
    cwd: root,
    env: { ...process.env, MRTR_GENERATE_CACHE_DIR: cacheDir },
    encoding: "utf8",
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function report(): Report {
  const r = run();
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Report;
}

const manifest = () => JSON.parse(readFileSync(join(cacheDir, "generate.json"), "utf8")) as { bundle: string; modules: Record<string, string> };
const bundlePath = () => join(cacheDir, `generate-${manifest().bundle}.mjs`);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "mrtr-launcher-"));
  cacheDir = join(root, "cache");
  mkdirSync(join(root, "scripts/lib"), { recursive: true });
  copyFileSync(join(repoRoot, "scripts/run-generate.mjs"), join(root, "scripts/run-generate.mjs"));
  writeFileSync(join(root, "scripts/generate.ts"), GENERATE);
  writeFileSync(join(root, "scripts/lib/word.ts"), `export const word: string = "one";\n`);
  symlinkSync(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("scripts/run-generate.mjs (npm run generate)", () => {
  it("runs scripts/generate.ts's main with the arguments, the cache folder and a hash of each module it bundled", () => {
    const r = report();
    expect(r.args).toEqual(["--check"]);
    expect(r.word).toBe("one");
    expect(r.cacheDir).toBe(cacheDir);
    expect(Object.keys(r.generator).sort()).toEqual(["(bundle)", "scripts/generate.ts", "scripts/lib/word.ts", "scripts/run-generate.mjs"]);
    expect(r.generator["scripts/lib/word.ts"]).toBe(manifest().modules["scripts/lib/word.ts"]);
  });

  it("gives each bundled module its own source file's import.meta.url", () => {
    expect(report().url).toBe(pathToFileURL(join(root, "scripts/generate.ts")).href);
  });

  it("loads typescript with require, not through Node's ESM loader", () => {
    expect(report().typescript).toBe((createRequire(import.meta.url)("typescript") as { version: string }).version);
    const bundle = readFileSync(bundlePath(), "utf8");
    expect(bundle).toContain(`require("typescript")`);
    expect(bundle).not.toMatch(/from\s*["']typescript["']|import\(\s*["']typescript["']\)/);
  });

  it("bundles again when a module changes", () => {
    const before = manifest().bundle;
    writeFileSync(join(root, "scripts/lib/word.ts"), `export const word: string = "two";\n`);
    expect(report().word).toBe("two");
    expect(manifest().bundle).not.toBe(before);
  });

  it("bundles again when the bundle was edited, and never runs the edit", () => {
    appendFileSync(bundlePath(), `\nconsole.log("edited");\n`);
    const r = run();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain("edited");
    expect(readFileSync(bundlePath(), "utf8")).not.toContain("edited");
  });

  it("refuses a module that reads import.meta other than import.meta.url (its bundle could not give it)", () => {
    writeFileSync(join(root, "scripts/lib/word.ts"), `export const word: string = import.meta.dirname;\n`);
    const r = run();
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("import.meta.url only");
  });
});
