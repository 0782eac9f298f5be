/**
 * Intake: every message is decoded once, must be one object with an exactly
 * echoable id, and must keep within the JSON limits before anything
 * validates it. The limits are the documented defaults, set per server.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_JSON_LIMITS } from "@mrtr/zod";
import { errorOf, request, resultOf, server } from "./helpers.js";

function nestedCaps(depth: number) {
  const m = request("server/discover") as Record<string, any>;
  let deep: unknown = {};
  for (let i = 0; i < depth; i++) deep = { d: deep };
  m.params._meta["io.modelcontextprotocol/clientCapabilities"] = { experimental: { x: deep } };
  return m;
}

describe("message intake", () => {
  it("refuses a message over a limit with -32600, the id, which limit and the option that raises it", async () => {
    const s = server({ jsonLimits: { maxDepth: 12 } });
    const m = nestedCaps(10);
    const response = await s.handle(m);
    const error = errorOf(response);
    expect(error.code).toBe(-32600);
    expect((response as { id: unknown }).id).toBe(m.id);
    expect(error.message).toMatch(/createServer\(\{ jsonLimits: \{ maxDepth/);
    expect(error.data).toMatchObject({ limit: "maxDepth", max: 12 });
    expect(resultOf(await s.handle(nestedCaps(3))).resultType).toBe("complete");
  });

  it("applies the documented defaults when no limits are set", async () => {
    const s = server();
    expect(errorOf(await s.handle(nestedCaps(DEFAULT_JSON_LIMITS.maxDepth))).data).toMatchObject({ limit: "maxDepth" });
    expect(resultOf(await s.handle(nestedCaps(DEFAULT_JSON_LIMITS.maxDepth - 10))).resultType).toBe("complete");
  });

  it("checks inputResponses too, before they are set aside for the answer checks", async () => {
    const s = server({ jsonLimits: { maxArrayLength: 10 } }).tool({ name: "t", handler: () => ({ content: [] }) });
    const m = request("tools/call", { name: "t", inputResponses: { k: { action: "accept", content: { list: Array(11).fill("x") } } } });
    expect(errorOf(await s.handle(m)).data).toMatchObject({ limit: "maxArrayLength", path: "/params/inputResponses/k/content/list" });
  });

  it("decodes JSON text once: a JSON string holding a message is not a message", async () => {
    const s = server();
    const text = JSON.stringify(request("server/discover"));
    expect(resultOf(await s.handle(text)).resultType).toBe("complete");
    expect(errorOf(await s.handle(JSON.stringify(text))).code).toBe(-32600);
  });
});
