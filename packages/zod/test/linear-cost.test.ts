/**
 * Validation cost is linear in the input, valid or not: a deterministic work
 * counter (every read of the input, through a Proxy) at most doubles when
 * the input doubles, and a value that fails early is not read further.
 */
import { describe, expect, it } from "vitest";
import { parseMessage, schemas } from "@mrtr/zod";

/** `value` behind Proxies that count every read the validator makes of it. */
function counted(value: unknown): { value: unknown; reads: () => number } {
  let reads = 0;
  const handler: ProxyHandler<object> = {
    get: (t, k, r) => (reads++, Reflect.get(t, k, r)),
    has: (t, k) => (reads++, Reflect.has(t, k)),
    ownKeys: (t) => (reads++, Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => (reads++, Reflect.getOwnPropertyDescriptor(t, k)),
  };
  const wrap = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(v) ? [] : {};
    for (const [k, x] of Object.entries(v)) (copy as Record<string, unknown>)[k] = wrap(x);
    return new Proxy(copy, handler);
  };
  return { value: wrap(value), reads: () => reads };
}

type Parser = { safeParse(v: unknown): { success: boolean } };
/** Reads made validating `make(n)` with `schema`, which must refuse it. */
function readsFor(schema: Parser, make: (n: number) => unknown, n: number): number {
  const { value, reads } = counted(make(n));
  expect(schema.safeParse(value).success).toBe(false);
  return reads();
}

const meta = (experimental: unknown) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { experimental: { x: { a: experimental } } },
});
const call = (experimental: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", _meta: meta(experimental) } });
const tool = (i: number) => ({ name: `tool-${i}`, description: "d", inputSchema: { type: "object", properties: { q: { type: "string" } } }, annotations: { readOnlyHint: true } });

describe("validation cost", () => {
  it("stops at the first null of 1 MB of nulls in a JSON value position: reads do not grow with the array", () => {
    const nulls = (n: number) => call(Array(n).fill(null));
    const small = readsFor(schemas.CallToolRequest, nulls, 1_000);
    expect(readsFor(schemas.CallToolRequest, nulls, 200_000)).toBe(small);
  });

  it("is linear in the size of a message that fails at its end (JSON values): doubling it at most doubles the reads", () => {
    const tail = (n: number) => call([...Array(n).fill("x"), { deep: [1, 2, { y: true }] }, null]);
    const one = readsFor(schemas.CallToolRequest, tail, 5_000);
    const two = readsFor(schemas.CallToolRequest, tail, 10_000);
    expect(two / one).toBeLessThanOrEqual(2.05);
    expect(two / one).toBeGreaterThan(1.8); // the counter does see the walk
  });

  it("is linear in the size of a value that fails every member of a union after a walk (a tool result): doubling it at most doubles the reads", () => {
    const blocks = (n: number) => ({
      jsonrpc: "2.0",
      id: 1,
      result: { resultType: "complete", content: [...Array.from({ length: n }, (_, i) => ({ type: "text", text: `line ${i}` })), { type: "text", text: 5 }] },
    });
    const one = readsFor(schemas.CallToolResultResponse, blocks, 2_000);
    const two = readsFor(schemas.CallToolResultResponse, blocks, 4_000);
    expect(two / one).toBeLessThanOrEqual(2.05);
    expect(two / one).toBeGreaterThan(1.8);
  });

  it("refuses a value that breaks every member of a wide union (ServerResult) on its cheap parts, before walking its large ones", () => {
    const tools = (n: number) => ({ resultType: "complete", cacheScope: "public", ttlMs: 0, tools: Array.from({ length: n }, (_, i) => tool(i)), _meta: 5 });
    expect(readsFor(schemas.ServerResult, tools, 2_000)).toBe(readsFor(schemas.ServerResult, tools, 10));
  });

  it("costs parseMessage, limits included, a bounded number of reads per value of the message", () => {
    const tail = (n: number) => call([...Array(n).fill("x"), null]);
    const per = (n: number) => {
      const { value, reads } = counted(tail(n));
      expect(parseMessage(value).ok).toBe(false);
      return reads();
    };
    const one = per(5_000);
    const two = per(10_000);
    expect(two / one).toBeLessThanOrEqual(2.05);
    expect(two).toBeLessThan(10 * 10_000);
  });
});
