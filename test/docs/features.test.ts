/**
 * Every row of the README's feature list names an example that a reader can
 * run with one command and that the tests exercise, and a guide that exists;
 * every example is on the list. What the examples do is checked by their own
 * tests; test/examples/start-commands.test.ts runs each one's command.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { featureExamples, featureRows } from "../helpers/feature-list.js";
import { repoRoot } from "../helpers/paths.js";
import { cases } from "../helpers/cases.js";

const rows = featureRows();
const examples = featureExamples(rows);

describe("the README's feature list", () => {
  it("lists every example of examples/", () => {
    const folders = readdirSync(join(repoRoot, "examples"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.filter((f) => !examples.includes(f))).toEqual([]);
  });

  it.each(rows.map((r) => [r.feature, r.guide]))("%s: its guide %s exists", (_feature, guide) => {
    expect(existsSync(join(repoRoot, guide)), `${guide} does not exist`).toBe(true);
  });

  it.each(cases(examples, "the feature list's examples"))("examples/%s runs with one command, is tested and explains itself", (name) => {
    const dir = join(repoRoot, "examples", name);
    expect(existsSync(join(dir, "package.json")), `examples/${name}/package.json`).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; private?: boolean; scripts?: Record<string, string> };
    expect([manifest.name, manifest.private]).toEqual([`@mrtr/example-${name}`, true]);
    expect(manifest.scripts?.start, `examples/${name}: a "start" script, the one command its README gives`).toBeTypeOf("string");
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    expect(readme, `examples/${name}/README.md gives the command`).toContain(`npm start -w @mrtr/example-${name}`);
    const tests = existsSync(join(dir, "test")) ? readdirSync(join(dir, "test"), { recursive: true }).map(String).filter((f) => f.endsWith(".test.ts")) : [];
    expect(tests.length, `examples/${name}/test/ holds no *.test.ts`).toBeGreaterThan(0);
  });
});
