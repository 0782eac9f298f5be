import { describe, expect, it } from "vitest";
import { errorOf, request, resultOf, server } from "./helpers.js";

describe("list pagination", () => {
  const s = server({ pageSize: 2 });
  for (let i = 0; i < 5; i++) s.tool({ name: `t${i}`, handler: () => ({ content: [] }) });

  it("pages long lists with opaque cursors any instance can continue", async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const r = resultOf(await s.handle(request("tools/list", cursor ? { cursor } : {})));
      names.push(...r.tools.map((t: { name: string }) => t.name));
      cursor = r.nextCursor;
    } while (cursor);
    expect(names).toEqual(["t0", "t1", "t2", "t3", "t4"]);
  });

  it("refuses a cursor it did not make, or one of another list, with -32602", async () => {
    expect(errorOf(await s.handle(request("tools/list", { cursor: "garbage" }))).code).toBe(-32602);
    const first = resultOf(await s.handle(request("tools/list")));
    const withPrompts = server({ pageSize: 2 }).prompt({ name: "p", handler: () => ({ messages: [] }) });
    expect(errorOf(await withPrompts.handle(request("prompts/list", { cursor: first.nextCursor }))).code).toBe(-32602);
  });
});
