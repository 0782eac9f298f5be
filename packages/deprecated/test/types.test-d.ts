import { describe, expectTypeOf, it } from "vitest";
import { createServer } from "@mrtr/server";
import { rootsKind, samplingKind } from "@mrtr/deprecated/server";
import type { CreateMessageResult, ListRootsResult } from "@mrtr/deprecated";

const base = { name: "t", version: "1", requestState: { secrets: ["0123456789abcdef0123456789abcdef"] } };

describe("context helpers follow the registered kinds", () => {
  it("types ctx.sample only on a server that registered samplingKind", () => {
    createServer({ ...base, inputKinds: [samplingKind()] }).tool({
      name: "t",
      async handler(_args, ctx) {
        expectTypeOf(ctx.sample).returns.toEqualTypeOf<Promise<CreateMessageResult>>();
        expectTypeOf(ctx).not.toHaveProperty("listRoots");
        return { content: [] };
      },
    });
  });

  it("types both helpers with both kinds, and neither without", () => {
    createServer({ ...base, inputKinds: [samplingKind(), rootsKind()] }).tool({
      name: "t",
      async handler(_args, ctx) {
        expectTypeOf(ctx.listRoots).returns.toEqualTypeOf<Promise<ListRootsResult>>();
        expectTypeOf(ctx.sample).toBeFunction();
        return { content: [] };
      },
    });
    createServer(base).tool({
      name: "t",
      handler(_args, ctx) {
        expectTypeOf(ctx).not.toHaveProperty("sample");
        return { content: [] };
      },
    });
  });
});
