/**
 * `npm run docs` fails on what the API reference must not have: a public
 * declaration or member without a doc comment, a `{@link}` without a target,
 * a public type naming one that is not in the reference. Each case builds the
 * reference of a one-package workspace written to a temporary folder, so it
 * is the real TypeDoc run (scripts/lib/api-reference.ts) that decides.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApiReference } from "../../scripts/lib/api-reference.js";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A workspace with one package, `@fixture/demo`, whose entry points are `.` (index.ts) and `./extra` (extra.ts). */
function workspace(index: string, extra = `${moduleComment("extra")}/** A number. */\nexport const extra = 1;\n`): string {
  const root = mkdtempSync(join(tmpdir(), "mrtr-api-reference-"));
  made.push(root);
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "fixture-root", private: true, workspaces: ["packages/*"] }),
    "packages/demo/package.json": JSON.stringify({
      name: "@fixture/demo",
      version: "0.0.0",
      type: "module",
      exports: {
        ".": { "@mrtr/source": "./src/index.ts", default: "./dist/index.js" },
        "./extra": { "@mrtr/source": "./src/extra.ts", default: "./dist/extra.js" },
        "./package.json": "./package.json",
      },
    }),
    "packages/demo/tsconfig.json": JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] },
      include: ["src"],
    }),
    "packages/demo/src/index.ts": index,
    "packages/demo/src/extra.ts": extra,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The comment an entry point's file starts with. */
function moduleComment(what: string): string {
  return `/**\n * The ${what} entry point.\n *\n * @module\n */\n`;
}

const DOCUMENTED = `${moduleComment("main")}
/** What a greeting holds. */
export interface Greeting {
  /** Who is greeted. */
  name: string;
}

/** The defaults of {@link greet}; the keys are documented by the constant. */
export const GREETING_DEFAULTS = { name: "world", nested: { deep: true } };

/** Greets someone, with a {@link Greeting}. */
export function greet(greeting: Greeting): string {
  return "hello " + greeting.name;
}
`;

async function problemsOf(index: string, extra?: string): Promise<string[]> {
  return (await buildApiReference(workspace(index, extra), { quiet: true })).problems;
}

describe("npm run docs", () => {
  it("passes a package whose public declarations are all documented, naming each entry point", async () => {
    const result = await buildApiReference(workspace(DOCUMENTED), { quiet: true });
    expect(result.problems).toEqual([]);
    expect(result.modules).toBe(2);
  });

  it("fails on an exported function without a doc comment, naming it", async () => {
    const problems = await problemsOf(`${DOCUMENTED}\nexport function bare(): void {}\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/bare .*has no doc comment/);
  });

  it("fails on an undocumented member of an exported interface", async () => {
    const problems = await problemsOf(DOCUMENTED.replace("/** Who is greeted. */", ""));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/Greeting\.name .*has no doc comment/);
  });

  it("fails on an undocumented declaration of another entry point", async () => {
    const problems = await problemsOf(DOCUMENTED, `${moduleComment("extra")}export const extra = 1;\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/extra .*has no doc comment/);
  });

  it("fails on an entry point whose file does not start with a module comment", async () => {
    const problems = await problemsOf(DOCUMENTED, "/** A number. */\nexport const extra = 1;\n");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/@fixture\/demo\/extra .*has no doc comment/);
  });

  it("fails on a {@link} that resolves to nothing", async () => {
    const problems = await problemsOf(DOCUMENTED.replace("with a {@link Greeting}", "with a {@link Greting}"));
    // TypeDoc names it when it fails to resolve it and again when it validates the links.
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/Greting/);
  });

  it("fails on a public signature naming a type the reference does not hold", async () => {
    const hidden = `${DOCUMENTED}\ninterface Hidden {\n  /** A flag. */\n  flag: boolean;\n}\n/** Makes a hidden thing. */\nexport function makeHidden(): Hidden {\n  return { flag: true };\n}\n`;
    const problems = await problemsOf(hidden);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/Hidden/);
  });
});
