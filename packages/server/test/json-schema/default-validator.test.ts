/**
 * The default JSON Schema validator (src/json-schema/default.ts): ajv where
 * the host generates code from strings, the interpreted validator where it
 * does not, the host asked once; and, the proof on a real forbidding host,
 * a server under `node --disallow-code-generation-from-strings` (which makes
 * eval and new Function throw, as workerd does while serving) answering its
 * JSON Schema tool, where an explicit `ajvValidator()` fails naming the option.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ajvValidator } from "../../src/json-schema/ajv.js";
import { codeGenerationAllowed, defaultJsonSchemaValidator } from "../../src/json-schema/default.js";

const SCHEMA = { type: "object", properties: { n: { type: "integer", minimum: 1 } }, required: ["n"] };

describe("the default validator's choice", () => {
  it("this Node allows code generation (the probe's positive control)", () => {
    expect(codeGenerationAllowed()).toBe(true);
  });

  it.each([
    [true, "ajv"],
    [false, "interpreted"],
  ] as const)("host allows code generation: %s -> %s, asked once, verdicts alike", async (allowed, name) => {
    const probe = vi.fn(() => allowed);
    const validator = defaultJsonSchemaValidator(probe);
    expect(validator.chosen()).toBeUndefined(); // nothing asked before the first schema
    const check = await validator.compile(SCHEMA);
    await validator.compile({ type: "object" });
    expect(validator.chosen()).toBe(name);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(check({ n: 2 })).toEqual({ valid: true });
    const refused = check({ n: 0 });
    expect(refused.valid).toBe(false);
    expect(!refused.valid && refused.problems.join(" ")).toMatch(/^\/n /);
  });

  describe("a refusal the probe did not foresee", () => {
    beforeAll(async () => {
      await ajvValidator().compile({ type: "object" }); // ajv loaded before Function is replaced
    });
    afterAll(() => {
      vi.unstubAllGlobals();
    });

    it("ajv's EvalError moves the default to the interpreted validator; an explicit ajvValidator() says what to pass", async () => {
      const validator = defaultJsonSchemaValidator(() => true);
      const explicit = ajvValidator();
      vi.stubGlobal("Function", function refuse() {
        throw new EvalError("Code generation from strings disallowed for this context");
      });
      try {
        const check = await validator.compile(SCHEMA);
        expect(validator.chosen()).toBe("interpreted");
        expect(check({ n: 1 })).toEqual({ valid: true });
        await expect(explicit.compile(SCHEMA)).rejects.toThrow(/jsonSchemaValidator unset .*interpretedValidator\(\)/);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it("other compile failures (an invalid schema) still throw", async () => {
      await expect(defaultJsonSchemaValidator(() => true).compile({ type: 12 } as never)).rejects.toThrow();
    });
  });
});

describe("under node --disallow-code-generation-from-strings", () => {
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mrtr-no-codegen-"));
    script = join(dir, "script.mjs");
    // Bundled (no loader that might itself need eval), from source, for Node.
    await build({ entryPoints: [join(import.meta.dirname, "no-codegen-script.ts")], outfile: script, bundle: true, platform: "node", format: "esm", conditions: ["@mrtr/source"], logLevel: "silent" });
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (flags: string[]) => JSON.parse(execFileSync(process.execPath, [...flags, script], { encoding: "utf8", timeout: 30_000 }).trim().split("\n").at(-1)!);

  it("the default server answers its JSON Schema tool: the sum, and bad arguments as the tool's error, never -32603", () => {
    const out = run(["--disallow-code-generation-from-strings"]);
    expect(out.probe).toBe(false);
    expect(out.byDefault.good.result.content[0].text).toBe("3");
    expect(out.byDefault.bad.result).toMatchObject({ isError: true });
    expect(out.byDefault.bad.result.content[0].text).toMatch(/^Invalid arguments for tool add: \/a /);
    expect(out.byDefault.errors).toEqual([]);
    // The control: ajv, chosen explicitly, cannot run there; the error names the option.
    expect(out.withAjv.good.error).toMatchObject({ code: -32603 });
    expect(out.withAjv.errors[0]).toMatch(/^EvalError: ajvValidator\(\): this host refuses code generation .*interpretedValidator\(\)/);
  });

  it("without the flag the same script uses ajv, and all answer alike", () => {
    const out = run([]);
    expect(out.probe).toBe(true);
    expect(out.byDefault.good.result.content[0].text).toBe("3");
    expect(out.withAjv.good.result.content[0].text).toBe("3");
    expect(out.withAjv.bad.result).toMatchObject({ isError: true });
    expect(out.byDefault.errors).toEqual([]);
  });
});
