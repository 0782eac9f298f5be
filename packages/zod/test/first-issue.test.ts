/**
 * First-issue mode: the exported validators stop at the first rule broken and
 * report it with the JSON Schema keyword and the schema rule's pointer; the
 * verdict is exactly ajv's; every issue zod finds is there on request.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { CallToolRequestSchema, ContentBlockSchema, parseMessage, predicates, rawSchemas, schemas, ToolSchema } from "@mrtr/zod";
import { coreProjection } from "../../../scripts/lib/project.js";
import { ajvFor } from "../../../test/helpers/ajv.js";
import { nearJsonArbitrary, schemaConstants, schemaPropertyNames } from "../../../test/helpers/differential.js";
import { validExamples } from "../../../test/helpers/examples.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const core = coreProjection(JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")));
const ajv = ajvFor(core, "mrtr:first-issue");
type Parser = { safeParse(v: unknown): { success: boolean; error?: z.ZodError } };
const all = schemas as unknown as Record<string, Parser>;

const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const call = (params: Record<string, unknown>) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", _meta: meta, ...params } });

describe("first-issue mode", () => {
  it("refuses an invalid value with exactly one issue: its path, zod code, message, JSON Schema keyword and schema pointer", () => {
    const r = ToolSchema.safeParse({ name: 5, inputSchema: { type: "object" } });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([
      { path: ["name"], code: "invalid_type", message: "Expected string, received number", keyword: "type", schemaPath: "#/$defs/Tool/properties/name" },
    ]);
  });

  it("names a missing property at its would-be path, and an unknown union tag at the tag", () => {
    const missing = ToolSchema.safeParse({ inputSchema: { type: "object" } });
    expect(missing.error!.issues[0]).toMatchObject({ path: ["name"], keyword: "required", message: 'Missing required property "name"' });
    const tag = ContentBlockSchema.safeParse({ type: "video", data: "" });
    expect(tag.error!.issues[0]).toMatchObject({ path: ["type"], keyword: "discriminator" });
  });

  it("refuses 1 MB of nulls in a JSON value position at the first null", () => {
    const capabilities = { experimental: { x: { a: Array(200_000).fill(null) } } };
    const r = CallToolRequestSchema.safeParse(call({ _meta: { ...meta, "io.modelcontextprotocol/clientCapabilities": capabilities } }));
    expect(r.error!.issues).toHaveLength(1);
    expect(r.error!.issues[0]!.path).toEqual(["params", "_meta", "io.modelcontextprotocol/clientCapabilities", "experimental", "x", "a", 0]);
  });

  it("gives safeParse, parse and Standard Schema validation the same issue as zod's own run of the schema", async () => {
    const bad = { name: "t", inputSchema: { type: "object" }, icons: [{ src: 3 }] };
    const fromSafeParse = ToolSchema.safeParse(bad).error!.issues;
    const fromStandard = (await ToolSchema["~standard"].validate(bad)).issues;
    const fromParse = (() => {
      try {
        ToolSchema.parse(bad);
      } catch (e) {
        return (e as z.ZodError).issues;
      }
    })();
    // Inside a composed schema zod runs the check itself; the issue is the same, one level down.
    const composed = z.array(ToolSchema).safeParse([bad]).error!.issues;
    expect(fromStandard).toEqual(fromSafeParse);
    expect(fromParse).toEqual(fromSafeParse);
    expect(composed).toEqual(fromSafeParse.map((i) => ({ ...i, path: [0, ...i.path] })));
    expect(ToolSchema.safeParse(bad).error).toBeInstanceOf(z.ZodError);
  });

  it("keeps the offending value out of the issue unless reportInput is asked for, as zod", () => {
    const bad = { name: 5, inputSchema: { type: "object" } };
    expect(ToolSchema.safeParse(bad).error!.issues[0]).not.toHaveProperty("input");
    expect((ToolSchema.safeParse as (v: unknown, p: object) => { error: z.ZodError })(bad, { reportInput: true }).error.issues[0]).toMatchObject({ input: 5 });
  });

  it("leaves every issue zod finds to rawSchemas and parseMessage's issues: \"all\", with the same verdict", () => {
    const bad = { name: 5, inputSchema: { type: 1 }, icons: "no" };
    expect(ToolSchema.safeParse(bad).error!.issues).toHaveLength(1);
    expect(rawSchemas.Tool.safeParse(bad).error!.issues.length).toBeGreaterThanOrEqual(3);
    const message = call({ name: 5, arguments: 7 });
    const first = parseMessage(message);
    const everything = parseMessage(message, { issues: "all" });
    expect(first.ok || first.issues).toHaveLength(1);
    expect(everything.ok || everything.issues.length).toBeGreaterThanOrEqual(2);
    expect(everything.ok).toBe(first.ok);
  });

  it("rejects exactly what ajv rejects, and points each issue at a path of the input (seeded property)", () => {
    const values = fc.oneof(fc.jsonValue(), nearJsonArbitrary(schemaConstants(core), schemaPropertyNames(core), validExamples().map((e) => e.data)));
    const types = ["CallToolRequest", "ClientRequest", "ServerResult", "ContentBlock", "JSONValue", "ElicitRequest", "Tool", "RequestMetaObject", "InputRequiredResult"];
    fc.assert(
      fc.property(values, fc.constantFrom(...types), (value, type) => {
        const r = all[type]!.safeParse(value);
        expect(r.success, type).toBe(ajv(type)(value));
        expect(predicates[type as keyof typeof predicates](value)).toBe(r.success);
        if (r.success) return;
        const [issue, ...rest] = r.error!.issues as Array<z.core.$ZodIssue & { keyword: string }>;
        expect(rest).toEqual([]);
        const holder = issue!.keyword === "required" || issue!.keyword === "discriminator" ? issue!.path.slice(0, -1) : issue!.path;
        let cur: unknown = value;
        for (const seg of holder) {
          expect(cur !== null && typeof cur === "object" && Object.prototype.hasOwnProperty.call(cur, seg as PropertyKey)).toBe(true);
          cur = (cur as Record<PropertyKey, unknown>)[seg as PropertyKey];
        }
      }),
      { seed: 20260728, numRuns: 3000 },
    );
  });
});
