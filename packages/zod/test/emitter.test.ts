import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as runtime from "@mrtr/zod/runtime";
import type { Check } from "@mrtr/zod/runtime";
import { emitZod } from "../../../scripts/lib/emit-zod.js";
import { emitChecks } from "../../../scripts/lib/emit-predicate.js";
import { CallToolRequestSchema, JSONValueSchema, predicates, schemas, ToolSchema } from "@mrtr/zod";
import { validExamples } from "../../../test/helpers/examples.js";

const emit = (def: Record<string, unknown>) => emitZod({ $defs: { Thing: def } }, { names: ["Thing"], typeOf: () => "unknown" });

describe("the zod emitter", () => {
  it("fails generation on a keyword it does not know, naming the keyword and the type", () => {
    expect(() => emit({ type: "string", pattern: "^a" })).toThrow(/Thing.*"pattern"/);
    expect(() => emit({ type: "object", properties: { x: { type: "number", multipleOf: 2 } } })).toThrow(/Thing\/properties\/x.*"multipleOf"/);
  });

  it("fails on a format it cannot check", () => {
    expect(() => emit({ type: "string", format: "hostname" })).toThrow(/unsupported format "hostname"/);
  });

  it("makes a recursive reference lazy and every other reference direct", () => {
    const out = emitZod(
      { $defs: { A: { type: "array", items: { $ref: "#/$defs/B" } }, B: { anyOf: [{ type: "string" }, { $ref: "#/$defs/A" }] } } },
      { names: ["A", "B"], typeOf: () => "unknown" },
    );
    // One edge of the A <-> B cycle must be lazy; the other is a direct reference.
    expect(out.order).toEqual(["B", "A"]);
    expect(out.body).toContain("z.lazy(() => AZod)");
    expect(out.body).not.toContain("z.lazy(() => BZod)");
  });
});

describe("the check emitter", () => {
  const checks = (def: Record<string, unknown>) => emitChecks({ $defs: { Thing: def } }, { names: ["Thing"] });
  it("fails generation on a keyword or format it does not know, naming it and where", () => {
    expect(() => checks({ type: "string", pattern: "^a" })).toThrow(/Thing.*"pattern"/);
    expect(() => checks({ type: "string", format: "hostname" })).toThrow(/unsupported format "hostname"/);
  });

  it("guards every check that calls another on a child with the depth, and dispatches a union on the JSON type", () => {
    const out = checks({ anyOf: [{ type: "array", items: { $ref: "#/$defs/Thing" } }, { type: "string" }] }).chunks.get("Thing")!;
    expect(out).toMatch(/if \(d > MAX_VALIDATION_DEPTH\)/);
    expect(out).toContain("} else if (typeof v === \"string\") {");
  });

  it("declares a helper once for nodes alike but for where they stand; each call passes its own schema pointer", () => {
    const list = { type: "array", items: { type: "string" } };
    const text = checks({ type: "object", properties: { a: list, b: list } }).chunks.get("Thing")!;
    expect(text.match(/^function c\d+/gm)).toHaveLength(1);
    const cThing = compileCheck(text, "cThing");
    expect(cThing({ a: ["x"], b: ["y"] }, 0, true)).toBeUndefined();
    expect(cThing({ a: ["x"], b: ["y", 1] }, 0, true)).toMatchObject({ path: [1, "b"], schemaPath: "Thing/properties/b/items" });
    expect(cThing({ a: [1], b: [] }, 0, true)).toMatchObject({ path: [0, "a"], schemaPath: "Thing/properties/a/items" });
  });
});

/** The generated check `name` of a chunk, compiled against the runtime helpers. */
function compileCheck(text: string, name: string): Check {
  const js = ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText.replace(/^export /gm, "");
  const names = Object.keys(runtime).filter((k) => /^[A-Za-z_]\w*$/.test(k));
  return new Function(...names, `${js}\nreturn ${name};`)(...names.map((k) => (runtime as Record<string, unknown>)[k])) as Check;
}

describe("the fast path", () => {
  it("accepts every valid example itself (the checks decide alone; valid data is returned as is)", () => {
    const misses = validExamples()
      .filter((e) => e.type in predicates && (schemas as Record<string, { safeParse(v: unknown): { success: boolean } }>)[e.type]!.safeParse(e.data).success)
      .filter((e) => !(predicates as Record<string, (v: unknown) => boolean>)[e.type]!(e.data))
      .map((e) => e.file);
    expect(misses).toEqual([]);
  });

  it("returns the accepted input itself", () => {
    const tool = { name: "t", inputSchema: { type: "object" } };
    expect(ToolSchema.parse(tool)).toBe(tool);
  });

  it("still reports zod's issues, with paths, when the input is invalid", () => {
    const r = ToolSchema.safeParse({ name: 5, inputSchema: { type: "object" } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(["name"]);
  });
});

describe("generated validators", () => {
  it("implement Standard Schema", async () => {
    const tool = { name: "t", inputSchema: { type: "object" } };
    const result = await ToolSchema["~standard"].validate(tool);
    expect(result).toEqual({ value: tool });
    const bad = await ToolSchema["~standard"].validate({ name: "t" });
    expect("issues" in bad && bad.issues?.length).toBeTruthy();
  });

  it("accept integers beyond the safe range and any JSON number where the protocol says number", () => {
    expect(JSONValueSchema.safeParse({ big: 2 ** 60, half: 0.5 }).success).toBe(true);
    expect(CallToolRequestSchema.safeParse({ jsonrpc: "2.0", id: 2 ** 60, method: "tools/call", params: { name: "x", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } }).success).toBe(true);
    expect(CallToolRequestSchema.safeParse({ jsonrpc: "2.0", id: 1.5, method: "tools/call", params: { name: "x", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } }).success).toBe(false);
  });

  it("keep unknown keys: never strip, never coerce", () => {
    const tool = { name: "t", inputSchema: { type: "object", extra: [1] }, vendor: { x: true } };
    expect(ToolSchema.parse(tool)).toEqual(tool);
    expect(ToolSchema.safeParse({ name: 5, inputSchema: { type: "object" } }).success).toBe(false);
  });
});
