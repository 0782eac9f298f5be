import { describe, expectTypeOf, it } from "vitest";
import type { ElicitResult, InputResponse } from "@mrtr/schema";
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

  it("returns an ElicitResult from replay-style elicit", () => {
    expectTypeOf<ReturnType<InputContext["elicit"]>>().toEqualTypeOf<Promise<ElicitResult>>();
  });
});
