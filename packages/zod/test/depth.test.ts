/**
 * No stack overflow, ever: deep input gets a clean failure from every
 * exported validator, predicate and parseMessage, whatever the position.
 */
import { describe, expect, it } from "vitest";
import { checks, MAX_VALIDATION_DEPTH, parseMessage, predicates, schemas } from "@mrtr/zod";
import { schemas as deprecatedSchemas } from "@mrtr/deprecated/zod";

type Parser = { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ keyword?: string }> } } };
const deepArray = (depth: number, leaf: unknown = 1): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deepObject = (depth: number, leaf: unknown = 1): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const meta = (capabilities: unknown = {}) => ({ "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": capabilities });
const call = (params: Record<string, unknown>) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", _meta: meta(), ...params } });
/**
 * A 100k-deep value in positions of a message: checked ones (JSONValue), and
 * ones the schema leaves open (`arguments` members, unknown `_meta` keys),
 * where validators do not look and the intake limits must.
 */
const positions = (deep: unknown): Record<string, [unknown, "checked" | "open"]> => ({
  "the whole message": [deep, "checked"],
  "clientCapabilities.experimental": [call({ _meta: meta({ experimental: { x: { a: deep } } }) }), "checked"],
  "tools/call arguments": [call({ arguments: { x: deep } }), "open"],
  "_meta": [call({ _meta: { ...meta(), "vendor/x": deep } }), "open"],
});

describe("deep input", () => {
  for (const [shape, make] of [["array", deepArray], ["object", deepObject]] as const) {
    const deep = make(100_000);
    for (const [where, [value, position]] of Object.entries(positions(deep))) {
      it(`no validator, predicate or check throws on a 100k-deep ${shape} in ${where}; each answers`, () => {
        for (const [name, schema] of Object.entries({ ...(schemas as unknown as Record<string, Parser>), ...(deprecatedSchemas as unknown as Record<string, Parser>) })) {
          expect(() => schema.safeParse(value), name).not.toThrow();
          expect(() => (predicates as Record<string, (v: unknown) => boolean>)[name]?.(value), name).not.toThrow();
        }
        expect(schemas.JSONValue.safeParse(value).success).toBe(false);
        expect(schemas.CallToolRequest.safeParse(value).success).toBe(position === "open");
        expect(checks.JSONValue(value, 0, true)).toMatchObject({ keyword: "depth" });
      });

      it(`parseMessage answers a 100k-deep ${shape} in ${where} without throwing: refused by the intake limits, and by the checks where they look`, () => {
        for (const options of [{}, { limits: false as const }, { limits: false as const, issues: "all" as const }, { issues: "all" as const }]) {
          let r: ReturnType<typeof parseMessage> | undefined;
          expect(() => (r = parseMessage(value, options)), JSON.stringify(options)).not.toThrow();
          expect(r!.ok, JSON.stringify(options)).toBe(options.limits === false && position === "open");
          if (options.limits === undefined && where !== "the whole message") expect(r).toMatchObject({ ok: false, code: -32600, limit: { limit: "maxDepth" } });
        }
      });
    }
  }

  it("accepts a JSON value nested up to MAX_VALIDATION_DEPTH and refuses one level more, naming the depth rule", () => {
    // JSONValue at depth 0 holds containers at depths 0..n-1 and a scalar at depth n.
    expect(schemas.JSONValue.safeParse(deepArray(MAX_VALIDATION_DEPTH + 1)).success).toBe(true);
    const r = schemas.JSONValue.safeParse(deepArray(MAX_VALIDATION_DEPTH + 2)) as unknown as Parser extends never ? never : ReturnType<Parser["safeParse"]>;
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ keyword: "depth" });
  });

  it("issues: \"all\" falls back to the first issue when zod's recursive schemas run out of stack (limits off)", () => {
    const r = parseMessage(call({ _meta: meta({ experimental: { x: { a: deepArray(MAX_VALIDATION_DEPTH + 10) } } }) }), { limits: false, issues: "all" });
    // The checks stop at the depth guard; zod alone would recurse 100k levels. Either way: one clean answer.
    expect(r.ok).toBe(false);
    const hundredK = parseMessage(call({ _meta: meta({ experimental: { x: { a: deepArray(100_000) } } }) }), { limits: false, issues: "all" });
    expect(hundredK.ok || hundredK.issues).toEqual([expect.objectContaining({ keyword: "depth" })]);
  });
});
