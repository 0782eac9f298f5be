import { describe, expectTypeOf, it } from "vitest";
import type { ElicitResult, InputResponse } from "@mrtr/schema";
import * as z from "zod";
import { createServer, inputRequired, type InputContext } from "@mrtr/server";

describe("handler context types", () => {
  it("types the low-level state by the tool's state parameter and answers as input responses", () => {
    createServer({ name: "t", version: "1", requestState: { secrets: ["0123456789abcdef0123456789abcdef"] } }).tool<Record<string, unknown>, { step: number }>({
      name: "typed",
      handler(_args, ctx) {
        expectTypeOf(ctx.state).toEqualTypeOf<{ step: number } | undefined>();
        expectTypeOf(ctx.inputResponses.k).toEqualTypeOf<InputResponse | undefined>();
        return ctx.state ? { content: [] } : inputRequired({ state: { step: 1 } });
      },
    });
  });

  it("returns an ElicitResult from re-run-style elicit", () => {
    expectTypeOf<ReturnType<InputContext["elicit"]>>().toEqualTypeOf<Promise<ElicitResult>>();
  });
});

describe("types a handler author gets without spelling generics", () => {
  const server = () => createServer({ name: "t", version: "1", requestState: { secrets: ["0123456789abcdef0123456789abcdef"] } });

  it("infers ctx.state from stateSchema", () => {
    server().tool({
      name: "wizard",
      stateSchema: z.object({ step: z.number(), picked: z.array(z.string()) }),
      handler(_args, ctx) {
        expectTypeOf(ctx.state).toEqualTypeOf<{ step: number; picked: string[] } | undefined>();
        return inputRequired({ state: { step: 1, picked: [] } });
      },
    });
  });

  it("infers arguments from a zod input schema", () => {
    server().tool({
      name: "add",
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      handler(args) {
        expectTypeOf(args).toEqualTypeOf<{ a: number; b: number }>();
        return { content: [] };
      },
    });
  });

  it("refuses an input schema that does not describe an object", () => {
    server().tool({
      name: "bad",
      // @ts-expect-error a tool's input is an object: z.string() is not an input schema
      inputSchema: z.string(),
      handler: () => ({ content: [] }),
    });
    // @ts-expect-error JSON Schema input schemas must say type "object"
    server().tool({ name: "bad-json", inputSchema: { type: "string" }, handler: () => ({ content: [] }) });
  });

  it("types ctx.ask's answer by the request's method", () => {
    expectTypeOf<InputContext["ask"]>().toBeFunction();
    server().tool({
      name: "ask",
      async handler(_args, ctx) {
        const answer = await ctx.ask("k", { method: "elicitation/create", params: { mode: "form", message: "?", requestedSchema: { type: "object", properties: {} } } });
        expectTypeOf(answer).toEqualTypeOf<ElicitResult>();
        return { content: [] };
      },
    });
  });

  it("adds no plugin helpers to a server without input kinds", () => {
    server().tool({
      name: "plain",
      handler(_args, ctx) {
        expectTypeOf(ctx).not.toHaveProperty("sample");
        expectTypeOf(ctx).not.toHaveProperty("listRoots");
        return { content: [] };
      },
    });
  });

  it("gives every handler progress and its signal, and completers the other arguments", () => {
    server().tool({
      name: "long",
      handler(_args, ctx) {
        expectTypeOf(ctx.progress).toEqualTypeOf<(progress: number, total?: number, message?: string) => void>();
        expectTypeOf(ctx.signal).toEqualTypeOf<AbortSignal>();
        return { content: [] };
      },
    });
    server().prompt({
      name: "p",
      arguments: [{ name: "a" }],
      complete: {
        a: (value, ctx) => {
          expectTypeOf(value).toEqualTypeOf<string>();
          expectTypeOf(ctx.arguments).toEqualTypeOf<Readonly<Record<string, string>>>();
          return [];
        },
      },
      handler: () => ({ messages: [] }),
    });
  });
});
