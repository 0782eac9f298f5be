/**
 * Hostile tool names: upstreams whose names collide once namespaced and
 * sanitised (`x` offering `a b` and `a_b`; upstreams `a` and `a-`), names
 * longer than 128, characters outside the tool-name rules.
 * Rule: every name the gateway exposes is unique, valid (isValidName) and
 * the same on every gateway built from the same lists (a fixed-seed
 * fast-check run over random names); each reaches its own upstream tool
 * (shown on a hand-picked set of collisions).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, isValidName, type GatewayWarning } from "@mrtr/gateway";
import { caller, frontServer, served, textOf, toolServer, type RunningUpstream } from "./fixtures/servers.js";

/** The upstreams, in configuration order, and what each lists (mutable between runs). */
const UPSTREAMS = ["a", "a-", "x"] as const;
type Lists = Record<(typeof UPSTREAMS)[number], string[]>;
const lists: Lists = { a: [], "a-": [], x: [] };

const running: Partial<Record<keyof Lists, RunningUpstream>> = {};

beforeAll(async () => {
  for (const name of UPSTREAMS) {
    // Our server, its tools/list answered by middleware from `lists` (our server refuses such names at registration);
    // a call answers the name it was called with, so the test sees where a call went.
    const server = toolServer(name, ["placeholder"]);
    server.use(async (call, next) => {
      if (call.method === "tools/list") return { resultType: "complete", cacheScope: "public", ttlMs: 0, tools: lists[name].map((tool) => ({ name: tool, inputSchema: { type: "object" } })) };
      if (call.method === "tools/call") return { resultType: "complete", content: [{ type: "text", text: `${name}|${String(call.params.name)}` }] };
      return next();
    });
    running[name] = await served(server);
  }
});
afterAll(async () => {
  await Promise.all(Object.values(running).map((r) => r.close()));
});

/** A gateway over the three upstreams as they list now: its exposed tool names, and its warnings. */
async function exposedNow(): Promise<{ names: string[]; warnings: GatewayWarning[]; gateway: ReturnType<typeof createGateway> }> {
  const warnings: GatewayWarning[] = [];
  const gateway = createGateway({
    upstreams: Object.fromEntries(UPSTREAMS.map((u) => [u, { url: running[u]!.url }])),
    server: frontServer,
    onWarning: (w) => void warnings.push(w),
  });
  await gateway.start();
  const names = (await caller(gateway.server, undefined).listAllTools()).map((t) => t.name);
  return { names, warnings, gateway };
}

describe("tool names that collide once namespaced and sanitised", () => {
  it("rule unique-valid-names: `a b` and `a_b` of x, a name of 300 characters, and upstreams a / a- are each exposed under a name of their own that calls them", async () => {
    const long = "n".repeat(300);
    lists.a = ["-b", "b", "b_c", long, `${long}!`];
    lists["a-"] = ["_b", "b", "c"];
    lists.x = ["a b", "a_b", "a.b", "é", "ü", ""];
    const { names, warnings, gateway } = await exposedNow();
    try {
      const total = lists.a.length + lists["a-"].length + lists.x.length;
      expect(names).toHaveLength(total);
      expect(new Set(names).size).toBe(total);
      for (const name of names) expect(isValidName(name), name).toBe(true);
      // The first of a colliding pair keeps the plain name; the other gets a digest, and a warning says so.
      expect(names).toEqual(expect.arrayContaining(["a_b", "a-_b", "x_a_b", "a_-b", "a-__b"]));
      expect(warnings.filter((w) => w.kind === "name-collision").length).toBeGreaterThan(0);
      // Each exposed name reaches its own upstream tool (the upstream answers "upstream|name").
      const client = caller(gateway.server, undefined);
      const reached = await Promise.all(names.map(async (n) => textOf(await client.callTool(n))));
      const expected = UPSTREAMS.flatMap((u) => lists[u].map((t) => `${u}|${t}`));
      expect(reached.sort()).toEqual(expected.sort());
    } finally {
      await gateway.close();
    }
  });
});

describe("random tool names (fast-check, fixed seed)", () => {
  /** Tool names as a hostile upstream might send them: short, unicode, spaces and punctuation, the rules' edge lengths, well past 128. */
  const toolName = fc.oneof(
    fc.constantFrom("a b", "a_b", "a.b", "a-b", "a/b", "_", "-", "", " ", "ab", "a"),
    fc.string({ minLength: 0, maxLength: 12 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }),
    fc.string({ unit: fc.constantFrom("a", "b", "_", " ", "-", "."), minLength: 120, maxLength: 200 }),
  );
  // Names are unique within one upstream (as the spec has them); colliding once sanitised or cut is what is tried.
  const list = fc.uniqueArray(toolName, { maxLength: 12 });
  const toolLists = fc.record({ a: list, "a-": list, x: list });

  it("rule unique-valid-stable-names: every exposed name is unique and valid, and two gateways built from the same lists expose the same names", async () => {
    await fc.assert(
      fc.asyncProperty(toolLists, async (given) => {
        Object.assign(lists, given);
        const first = await exposedNow();
        const second = await exposedNow();
        await Promise.all([first.gateway.close(), second.gateway.close()]);
        const total = given.a.length + given["a-"].length + given.x.length;
        expect(first.names).toHaveLength(total);
        expect(new Set(first.names).size).toBe(total);
        for (const name of first.names) expect(isValidName(name), name).toBe(true);
        expect(second.names).toEqual(first.names);
      }),
      { seed: 20260728, numRuns: 25 },
    );
  });
});
