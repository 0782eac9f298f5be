/**
 * Definitions are checked when they are registered, and what they promise
 * holds at run time: object input schemas, typed state that an older release
 * sealed is refused when it no longer fits, one kind per input method, and
 * JSON-Schema tool schemas checked by a pluggable validator.
 */
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { inputRequired, ServerDefinitionError, type RejectReason } from "@mrtr/server";
import { ajvValidator, interpretedValidator } from "@mrtr/server/json-schema";
import { errorOf, request, resultOf, retry, server } from "./helpers.js";

describe("registration", () => {
  it("refuses an input or output schema that does not describe an object", () => {
    expect(() => server().tool({ name: "s", inputSchema: z.string() as never, handler: () => ({ content: [] }) })).toThrow(ServerDefinitionError);
    expect(() => server().tool({ name: "j", inputSchema: { type: "array" } as never, handler: () => ({ content: [] }) })).toThrow(/must describe an object/);
    expect(() => server().tool({ name: "o", outputSchema: z.number() as never, handler: () => ({ content: [] }) })).toThrow(/outputSchema/);
  });

  it("refuses two input kinds for one method at creation", () => {
    const kind = { method: "elicitation/create", missingCapabilities: () => undefined, assertValid: () => undefined, checkAnswer: (_r: unknown, a: unknown) => ({ ok: true as const, value: a }) };
    expect(() => server({ inputKinds: [kind] })).toThrow(/Two input kinds handle elicitation\/create/);
  });

  it("refuses a resource template registered twice", () => {
    const t = { uriTemplate: "test://{x}", name: "t", handler: () => ({ contents: [] }) };
    expect(() => server().resourceTemplate(t).resourceTemplate(t)).toThrow(ServerDefinitionError);
  });
});

describe("stateSchema", () => {
  const v1 = z.object({ step: z.number() });
  const v2 = z.object({ step: z.number(), cart: z.array(z.string()) });

  it("hands the retry the state it sealed, checked against the schema", async () => {
    const s = server().tool({
      name: "wizard",
      stateSchema: v2,
      handler: (_a, ctx) => (ctx.state ? { content: [{ type: "text", text: ctx.state.cart.join(",") }] } : inputRequired({ state: { step: 1, cart: ["a"] } })),
    });
    const first = request("tools/call", { name: "wizard" });
    const r1 = resultOf(await s.handle(first));
    const r2 = resultOf(await s.handle(retry(first, undefined, r1.requestState)));
    expect(r2.content[0].text).toBe("a");
  });

  it("refuses, like any invalid requestState, a state sealed by an older release that no longer fits", async () => {
    const rejected: RejectReason[] = [];
    const old = server().tool({ name: "wizard", stateSchema: v1, handler: () => inputRequired({ state: { step: 1 } }) });
    const upgraded = server({ onRequestStateRejected: (reason) => rejected.push(reason) }).tool({
      name: "wizard",
      stateSchema: v2,
      handler: () => ({ content: [] }),
    });
    const first = request("tools/call", { name: "wizard" });
    const sealed = resultOf(await old.handle(first)).requestState;
    const error = errorOf(await upgraded.handle(retry(first, undefined, sealed)));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe("invalid or expired requestState");
    expect(rejected).toEqual(["state-schema"]);
  });
});

describe("JSON-Schema tool schemas, with either validator", () => {
  const inputSchema = { type: "object" as const, $defs: { positive: { type: "integer", minimum: 1 } }, properties: { n: { $ref: "#/$defs/positive" } }, required: ["n"], additionalProperties: false };
  const outputSchema = { type: "object" as const, properties: { doubled: { type: "integer" } }, required: ["doubled"] };

  for (const [name, validator] of [["ajv", ajvValidator()], ["interpreted", interpretedValidator()]] as const) {
    it(`${name}: checks arguments (a tool error the model can fix) and structured content`, async () => {
      const errors: unknown[] = [];
      const s = server({ jsonSchemaValidator: validator, onError: (e) => errors.push(e) })
        .tool({ name: "double", inputSchema, outputSchema, handler: (a) => ({ content: [], structuredContent: { doubled: (a as { n: number }).n * 2 } }) })
        .tool({ name: "liar", inputSchema, outputSchema, handler: () => ({ content: [], structuredContent: { doubled: "two" } }) });
      expect(resultOf(await s.handle(request("tools/call", { name: "double", arguments: { n: 2 } }))).structuredContent).toEqual({ doubled: 4 });
      const bad = resultOf(await s.handle(request("tools/call", { name: "double", arguments: { n: 0 } })));
      expect(bad.isError).toBe(true);
      expect(bad.content[0].text).toMatch(/Invalid arguments/);
      expect(errorOf(await s.handle(request("tools/call", { name: "liar", arguments: { n: 1 } }))).code).toBe(-32603);
      expect(String(errors[0])).toMatch(/outputSchema/);
    });
  }

  it("the interpreted validator runs where code generation is forbidden (and ajv, the control, does not)", async () => {
    const original = globalThis.Function;
    const forbidden = new Proxy(original, {
      construct() {
        throw new EvalError("Code generation from strings disallowed for this context");
      },
      apply() {
        throw new EvalError("Code generation from strings disallowed for this context");
      },
    });
    const interpreted = server({ jsonSchemaValidator: interpretedValidator() }).tool({ name: "t", inputSchema, handler: () => ({ content: [] }) });
    const ajv = server({ jsonSchemaValidator: ajvValidator() }).tool({ name: "t", inputSchema, handler: () => ({ content: [] }) });
    globalThis.Function = forbidden;
    try {
      expect(resultOf(await interpreted.handle(request("tools/call", { name: "t", arguments: { n: 1 } }))).isError).toBeUndefined();
      expect(resultOf(await interpreted.handle(request("tools/call", { name: "t", arguments: { n: 0 } }))).isError).toBe(true);
      expect(errorOf(await ajv.handle(request("tools/call", { name: "t", arguments: { n: 1 } }))).code).toBe(-32603);
    } finally {
      globalThis.Function = original;
    }
  });
});
