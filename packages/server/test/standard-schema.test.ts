/**
 * Tool schemas from any Standard Schema library that describes itself as
 * JSON Schema: zod, valibot (through toStandardJsonSchema) and ArkType, each
 * held to the same rules. tools/list shows the library's own JSON Schema
 * (input side for inputSchema, output side for outputSchema), arguments are
 * refused with the library's message and path, the handler receives what the
 * validator gives back, and structuredContent is checked and sent as the
 * output validator gives it back. Then what the spec allows that no library
 * here exercises (a promise from validate, path segments as objects, a
 * draft-07 description), and what registration refuses.
 */
import { type } from "arktype";
import * as v from "valibot";
import { toJsonSchema, toStandardJsonSchema } from "@valibot/to-json-schema";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { ServerDefinitionError, ToolSchemaError, type StandardToolSchema, type ToolSchema } from "@mrtr/server";
import { errorOf, request, resultOf, server } from "./helpers.js";

/** The arguments every library's input schema gives the handler: `tags` arrives as "a,b" and leaves as ["a", "b"]. */
type Args = { where: { city: string }; tags: string[] };

interface Library {
  name: string;
  /** `{ where: { city: string }, tags: string }`, `tags` split on commas. */
  input: ToolSchema<Args>;
  /** The library's JSON Schema of the input side, by its own converter (not through ~standard). */
  inputJson(): unknown;
  /** `{ count: number, defaulting to 0; label?: string }`. */
  output: ToolSchema;
  /** The library's JSON Schema of the output side, by its own converter. */
  outputJson(): unknown;
  /** The library's own message for a number where `where.city` should be a string. */
  cityMessage(value: unknown): string;
}

const zodInput = z.object({ where: z.object({ city: z.string() }), tags: z.string().transform((s) => s.split(",")) });
const zodOutput = z.object({ count: z.number().default(0), label: z.string().optional() });
const valibotInput = v.object({ where: v.object({ city: v.string() }), tags: v.pipe(v.string(), v.transform((s) => s.split(","))) });
const valibotOutput = v.object({ count: v.optional(v.number(), 0), label: v.optional(v.string()) });
const arkInput = type({ where: { city: "string" }, tags: type("string").pipe((s) => s.split(",")) });
const arkOutput = type({ count: "number = 0", "label?": "string" });

const libraries: Library[] = [
  {
    name: "zod",
    input: zodInput,
    inputJson: () => z.toJSONSchema(zodInput, { target: "draft-2020-12", io: "input" }),
    output: zodOutput,
    outputJson: () => z.toJSONSchema(zodOutput, { target: "draft-2020-12", io: "output" }),
    cityMessage: (value) => zodInput.safeParse(value).error!.issues[0]!.message,
  },
  {
    name: "valibot",
    input: toStandardJsonSchema(valibotInput),
    inputJson: () => toJsonSchema(valibotInput, { target: "draft-2020-12", typeMode: "input", errorMode: "ignore" }),
    output: toStandardJsonSchema(valibotOutput),
    outputJson: () => toJsonSchema(valibotOutput, { target: "draft-2020-12", typeMode: "output" }),
    cityMessage: (value) => v.safeParse(valibotInput, value).issues![0].message,
  },
  {
    name: "ArkType",
    input: arkInput,
    inputJson: () => arkInput.in.toJsonSchema({ target: "draft-2020-12" }),
    output: arkOutput,
    outputJson: () => arkOutput.out.toJsonSchema({ target: "draft-2020-12" }),
    cityMessage: (value) => (arkInput(value) as type.errors)[0]!.message,
  },
];

describe.each(libraries)("$name schemas", (library) => {
  /** A server with one tool on the library's schemas, recording what its handler receives and what onError hears. */
  function serving(structuredContent: unknown) {
    const received: Args[] = [];
    const errors: unknown[] = [];
    const s = server({ onError: (e) => errors.push(e) }).tool({
      name: "weather",
      inputSchema: library.input,
      outputSchema: library.output,
      handler(args) {
        received.push(args);
        return { content: [], structuredContent: structuredContent as Record<string, unknown> };
      },
    });
    return { s, received, errors };
  }

  it("tools/list shows the library's own JSON Schema: the input side as inputSchema, the output side as outputSchema", async () => {
    const { s } = serving({});
    const [tool] = resultOf(await s.handle(request("tools/list"))).tools;
    expect(tool.inputSchema).toEqual(library.inputJson());
    // The input side: tags is the string the client sends, not the array the handler gets.
    expect(tool.inputSchema.properties.tags.type).toBe("string");
    expect(tool.outputSchema).toEqual(library.outputJson());
    expect(tool.outputSchema.properties.count.type).toBe("number");
  });

  it("refuses a bad argument as a tool error naming the path and carrying the library's message; the handler does not run", async () => {
    const { s, received } = serving({});
    const bad = { where: { city: 5 }, tags: "a" };
    const result = resultOf(await s.handle(request("tools/call", { name: "weather", arguments: bad })));
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(`Invalid arguments for tool weather: where.city: ${library.cityMessage(bad)}`);
    expect(received).toEqual([]);
  });

  it("hands the handler what the validator gives back, its transformations applied", async () => {
    const { s, received } = serving({});
    resultOf(await s.handle(request("tools/call", { name: "weather", arguments: { where: { city: "Oslo" }, tags: "rain,wind" } })));
    expect(received).toEqual([{ where: { city: "Oslo" }, tags: ["rain", "wind"] }]);
  });

  it("sends structuredContent as the output validator gives it back (its default filled in)", async () => {
    const { s } = serving({ label: "calm" });
    const result = resultOf(await s.handle(request("tools/call", { name: "weather", arguments: { where: { city: "Oslo" }, tags: "" } })));
    expect(result.structuredContent).toEqual({ count: 0, label: "calm" });
  });

  it("refuses structuredContent the output validator rejects: -32603 to the client, the path and message to onError", async () => {
    const { s, errors } = serving({ count: "many" });
    const error = errorOf(await s.handle(request("tools/call", { name: "weather", arguments: { where: { city: "Oslo" }, tags: "" } })));
    expect(error.code).toBe(-32603);
    expect(String(errors[0])).toMatch(/does not match its outputSchema: count: /);
  });
});

/** A Standard Schema written by hand, for what the spec allows and no library above does. */
function handMade(props: Partial<StandardToolSchema["~standard"]>): StandardToolSchema<Record<string, unknown>, Record<string, unknown>> {
  return {
    "~standard": {
      version: 1,
      vendor: "hand-made",
      validate: (value) => ({ value: value as Record<string, unknown> }),
      jsonSchema: { input: () => ({ type: "object" }), output: () => ({ type: "object" }) },
      ...props,
    } as StandardToolSchema<Record<string, unknown>, Record<string, unknown>>["~standard"],
  };
}

describe("what the spec allows", () => {
  it("awaits a validate that answers with a promise, and words path segments given as objects like keys", async () => {
    const received: unknown[] = [];
    const slow = handMade({
      validate: async (value) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const n = (value as { n?: unknown }).n;
        return typeof n === "number" ? { value: { n: n * 10 } } : { issues: [{ message: "n must be a number", path: [{ key: "n" }] }] };
      },
    });
    const s = server().tool({ name: "slow", inputSchema: slow, handler: (args) => (received.push(args), { content: [] }) });
    resultOf(await s.handle(request("tools/call", { name: "slow", arguments: { n: 4 } })));
    expect(received).toEqual([{ n: 40 }]);
    const refused = resultOf(await s.handle(request("tools/call", { name: "slow", arguments: { n: "four" } })));
    expect(refused.content[0].text).toBe("Invalid arguments for tool slow: n: n must be a number");
  });

  it("describes with draft-07 a library that cannot write draft 2020-12, and says so with $schema", async () => {
    const asked: string[] = [];
    const old = handMade({
      jsonSchema: {
        input: ({ target }) => {
          asked.push(target);
          if (target !== "draft-07") throw new Error(`Unsupported target: ${target}`);
          return { type: "object", properties: { n: { type: "number" } } };
        },
        output: () => ({ type: "object" }),
      },
    });
    const s = server().tool({ name: "old", inputSchema: old, handler: () => ({ content: [] }) });
    const [tool] = resultOf(await s.handle(request("tools/list"))).tools;
    expect(asked).toEqual(["draft-2020-12", "draft-07"]);
    expect(tool.inputSchema).toEqual({ $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { n: { type: "number" } } });
  });

  it("a validate that never settles holds only its own request: other requests are answered, and cancelling it ends it without an answer", async () => {
    const s = server()
      .tool({ name: "stuck", inputSchema: handMade({ validate: () => new Promise(() => {}) }), handler: () => ({ content: [] }) })
      .tool({ name: "fine", handler: () => ({ content: [{ type: "text", text: "ok" }] }) });
    const controller = new AbortController();
    const stuck = s.handle(request("tools/call", { name: "stuck", arguments: {} }), { signal: controller.signal });
    expect(resultOf(await s.handle(request("tools/call", { name: "fine" }))).content[0].text).toBe("ok");
    controller.abort();
    expect(await stuck).toBeUndefined();
  });
});

describe("registration refuses, with a ToolSchemaError saying what to do", () => {
  const handler = () => ({ content: [] });

  it("a validator without the Standard JSON Schema interface (valibot unwrapped), naming the adapter", () => {
    const unwrapped = v.object({ city: v.string() });
    let thrown: unknown;
    try {
      server().tool({ name: "raw", inputSchema: unwrapped as never, handler });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolSchemaError);
    expect(thrown).toBeInstanceOf(ServerDefinitionError);
    expect(thrown).toMatchObject({ tool: "raw", role: "inputSchema" });
    expect(String((thrown as Error).message)).toMatch(/valibot validator that cannot describe itself as JSON Schema.*toStandardJsonSchema\(schema\) from @valibot\/to-json-schema.*or pass a JSON Schema object/);
  });

  it("an output validator whose output side JSON Schema cannot express (a transform), with the library's reason as cause", () => {
    const transformed = z.object({ at: z.string().transform((s) => new Date(s)) });
    let thrown: unknown;
    try {
      server().tool({ name: "when", outputSchema: transformed as never, handler });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolSchemaError);
    expect((thrown as Error).message).toMatch(/outputSchema is a zod validator whose output cannot be described as JSON Schema/);
    expect((thrown as Error).cause).toBeInstanceOf(Error);
    // The same schema is fine as an input schema: its input side is a string.
    expect(() => server().tool({ name: "when", inputSchema: transformed, handler })).not.toThrow();
  });

  it("a validator of something other than an object, from each library", () => {
    for (const schema of [z.string(), toStandardJsonSchema(v.string()), type("string")]) {
      expect(() => server().tool({ name: "s", inputSchema: schema as never, handler })).toThrow(/inputSchema must describe an object/);
    }
  });

  it("a ~standard of another version or without validate", () => {
    expect(() => server().tool({ name: "v2", inputSchema: handMade({ version: 2 as never }), handler })).toThrow(/not a Standard Schema of version 1/);
    expect(() => server().tool({ name: "nv", inputSchema: handMade({ validate: undefined as never }), handler })).toThrow(ToolSchemaError);
  });
});
