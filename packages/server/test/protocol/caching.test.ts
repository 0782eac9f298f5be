/** Caching hints with per-registration overrides (server/utilities/caching.mdx). */
import { describe, expect, it } from "vitest";
import { ServerDefinitionError } from "@mrtr/server";
import { request, resultOf, server } from "../helpers.js";

describe("caching hints", () => {
  it("lets a registration override the server's hints on its reads and on the lists holding it", async () => {
    const s = server({ cache: { ttlMs: 60_000, scope: "public" }, pageSize: 1 })
      .resource({ uri: "a://1", name: "one", handler: (uri) => ({ contents: [{ uri, text: "1" }] }) })
      .resource({ uri: "a://2", name: "two", cache: { ttlMs: 5_000, scope: "private" }, handler: (uri) => ({ contents: [{ uri, text: "2" }] }) });
    expect(resultOf(await s.handle(request("resources/read", { uri: "a://1" })))).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
    expect(resultOf(await s.handle(request("resources/read", { uri: "a://2" })))).toMatchObject({ ttlMs: 5_000, cacheScope: "private" });
    // Every page of one listing has the same scope (the first page holds only the public item).
    const first = resultOf(await s.handle(request("resources/list")));
    expect(first.resources.map((r: { uri: string }) => r.uri)).toEqual(["a://1"]);
    expect(first).toMatchObject({ ttlMs: 5_000, cacheScope: "private" });
    const second = resultOf(await s.handle(request("resources/list", { cursor: first.nextCursor })));
    expect(second).toMatchObject({ ttlMs: 5_000, cacheScope: "private" });
  });

  it("keeps registrations out of the wire descriptions and refuses hints a client could not honour", async () => {
    const s = server().tool({ name: "t", cache: { ttlMs: 10 }, handler: () => ({ content: [] }) });
    expect(resultOf(await s.handle(request("tools/list"))).tools[0]).not.toHaveProperty("cache");
    expect(() => server().tool({ name: "t", cache: { ttlMs: -1 }, handler: () => ({ content: [] }) })).toThrow(ServerDefinitionError);
    expect(() => server().tool({ name: "t", cache: { ttlMs: 1.5 }, handler: () => ({ content: [] }) })).toThrow(ServerDefinitionError);
    expect(() => server().tool({ name: "t", cache: { scope: "shared" as "public" }, handler: () => ({ content: [] }) })).toThrow(ServerDefinitionError);
  });
});
