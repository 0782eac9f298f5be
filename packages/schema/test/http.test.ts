/**
 * The Streamable HTTP header rules both sides share: the Base64 sentinel
 * (streamable-http.mdx, "Value Encoding") and x-mcp-header annotations
 * ("Custom Headers from Tool Parameters").
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeHeaderValue, encodeHeaderValue, headerMatches, paramHeaders, paramHeaderValues } from "@mrtr/schema/http";

describe("header value encoding", () => {
  it("encodes the spec's examples as its table shows", () => {
    expect(encodeHeaderValue("us-west1")).toBe("us-west1");
    expect(encodeHeaderValue("Hello, 世界")).toBe("=?base64?SGVsbG8sIOS4lueVjA==?=");
    expect(encodeHeaderValue(" padded ")).toBe("=?base64?IHBhZGRlZCA=?=");
    expect(encodeHeaderValue("line1\nline2")).toBe("=?base64?bGluZTEKbGluZTI=?=");
    expect(encodeHeaderValue("=?base64?literal?=")).toBe("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
  });

  it("keeps inner spaces plain, and encodes tabs, control characters and trailing whitespace", () => {
    expect(encodeHeaderValue("us west 1")).toBe("us west 1");
    expect(encodeHeaderValue("\tindented")).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue("us-west1 ")).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue("a\u0000b")).toMatch(/^=\?base64\?/);
  });

  it("decodes what it encodes, for any string (seeded)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        fc.pre(new TextDecoder().decode(new TextEncoder().encode(value)) === value); // well-formed UTF-16 only
        expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
      }),
      { seed: 12, numRuns: 2000 },
    );
  });

  it("refuses bad padding, characters outside the alphabet, invalid UTF-8 and raw non-ASCII; keeps partial sentinels literal", () => {
    expect(decodeHeaderValue("=?base64?SGVsbG8=?=")).toBe("Hello");
    expect(decodeHeaderValue("=?base64?SGVsbG8?=")).toBeUndefined();
    expect(decodeHeaderValue("=?base64?SGVs!!!bG8=?=")).toBeUndefined();
    expect(decodeHeaderValue("=?base64?/w==?=")).toBeUndefined();
    expect(decodeHeaderValue("héllo")).toBeUndefined();
    expect(decodeHeaderValue("a\nb")).toBeUndefined();
    expect(decodeHeaderValue("SGVsbG8=")).toBe("SGVsbG8=");
    expect(decodeHeaderValue("=?base64?SGVsbG8=")).toBe("=?base64?SGVsbG8=");
  });
});

describe("x-mcp-header annotations", () => {
  const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: "object", properties, ...extra });

  it("reads annotated string, integer and boolean properties, nested through properties", () => {
    const r = paramHeaders(
      tool({
        region: { type: "string", "x-mcp-header": "Region" },
        limits: { type: "object", properties: { max: { type: "integer", "x-mcp-header": "Max" } } },
        dry: { type: ["boolean", "null"], "x-mcp-header": "Dry-Run" },
        query: { type: "string", default: { "x-mcp-header": "not an annotation" } },
      }),
    );
    expect(r).toEqual({
      ok: true,
      headers: expect.arrayContaining([
        { name: "Region", path: ["region"], type: "string" },
        { name: "Max", path: ["limits", "max"], type: "integer" },
        { name: "Dry-Run", path: ["dry"], type: "boolean" },
      ]),
    });
  });

  it("refuses each rule the spec lists, naming where", () => {
    const bad: Record<string, unknown>[] = [
      tool({ a: { type: "string", "x-mcp-header": "" } }),
      tool({ a: { type: "string", "x-mcp-header": "Bad Name" } }),
      tool({ a: { type: "string", "x-mcp-header": "Line\r\nBreak" } }),
      tool({ a: { type: "string", "x-mcp-header": "Same" }, b: { type: "string", "x-mcp-header": "same" } }),
      tool({ a: { type: "number", "x-mcp-header": "Num" } }),
      tool({ a: { type: "object", "x-mcp-header": "Obj" } }),
      tool({ a: { type: "array", items: { type: "string", "x-mcp-header": "Item" } } }),
      tool({ a: { anyOf: [{ type: "string", "x-mcp-header": "Any" }] } }),
      tool({ a: { $ref: "#/$defs/s" } }, { $defs: { s: { type: "string", "x-mcp-header": "Ref" } } }),
      tool({ a: { type: "string" } }, { if: { properties: { a: { type: "string", "x-mcp-header": "If" } } } }),
      { type: "object", "x-mcp-header": "Root" },
    ];
    for (const schema of bad) {
      const r = paramHeaders(schema);
      expect(r.ok, JSON.stringify(schema)).toBe(false);
      expect((r as { reason: string }).reason).toMatch(/x-mcp-header/);
    }
  });

  it("mirrors present values only, encoded; compares integers numerically", () => {
    const read = paramHeaders(tool({ r: { type: "string", "x-mcp-header": "R" }, p: { type: "integer", "x-mcp-header": "P" }, v: { type: "boolean", "x-mcp-header": "V" } }));
    if (!read.ok) throw new Error(read.reason);
    const { headers } = read;
    expect(paramHeaderValues(headers, { r: "Hello, 世界", p: 42, v: false })).toEqual({ "Mcp-Param-R": "=?base64?SGVsbG8sIOS4lueVjA==?=", "Mcp-Param-P": "42", "Mcp-Param-V": "false" });
    expect(paramHeaderValues(headers, { r: null, p: 2 ** 60 })).toEqual({});
    expect(headerMatches("42.0", 42, "integer")).toBe(true);
    expect(headerMatches("42", "42", "integer")).toBe(false);
    expect(headerMatches("True", true, "boolean")).toBe(false);
  });
});
