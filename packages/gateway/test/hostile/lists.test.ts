/**
 * Hostile upstream lists: one upstream listing 100 000 tools (over 1 000
 * pages, and in one giant page), one whose pagination never ends (a new
 * cursor each page; the same cursor and page again and again). Rule: what
 * one upstream lists is bounded by limits.maxItemsPerUpstream and
 * limits.maxPagesPerUpstream, the cut is warned (`list-truncated`), and the
 * other upstreams' items are offered as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, GATEWAY_LIMITS, type Gateway, type GatewayWarning } from "@mrtr/gateway";
import { caller, frontServer, rawHttp, served, toolServer, type RunningUpstream } from "./fixtures/servers.js";

const HUGE = 100_000;

describe("an upstream listing 100 000 tools over 1 000 pages", () => {
  let huge: RunningUpstream;
  let small: RunningUpstream;
  let gateway: Gateway;
  let listPages = 0;
  const warnings: GatewayWarning[] = [];

  beforeAll(async () => {
    const server = toolServer("huge", Array.from({ length: HUGE }, (_, i) => `t${i}`));
    server.use(async (call, next) => {
      if (call.method === "tools/list") listPages++;
      return next();
    });
    huge = await served(server);
    small = await served(toolServer("small", ["ping"]));
    gateway = createGateway({ upstreams: { huge: { url: huge.url }, small: { url: small.url } }, server: frontServer, onWarning: (w) => void warnings.push(w) });
    await gateway.start();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await huge?.close();
    await small?.close();
  });

  it("rule maxItemsPerUpstream: offers at most limits.maxItemsPerUpstream of its tools, warns list-truncated, and offers the others' tools", async () => {
    const names = (await caller(gateway.server, undefined).listAllTools()).map((t) => t.name);
    const fromHuge = names.filter((n) => n.startsWith("huge_"));
    expect(fromHuge).toHaveLength(GATEWAY_LIMITS.maxItemsPerUpstream);
    expect(fromHuge.slice(0, 3)).toEqual(["huge_t0", "huge_t1", "huge_t2"]);
    expect(names).toContain("small_ping");
    expect(warnings.filter((w) => w.kind === "list-truncated").map((w) => w.upstream)).toEqual(["huge"]);
    expect(warnings.find((w) => w.kind === "list-truncated")!.message).toContain("maxItemsPerUpstream");
    const status = Object.fromEntries(gateway.status().map((s) => [s.name, s]));
    expect(status.huge).toMatchObject({ state: "up", items: GATEWAY_LIMITS.maxItemsPerUpstream });
    expect(status.small).toMatchObject({ state: "up", items: 1 });
  });

  it("rule maxItemsPerUpstream (memory): stops reading the upstream once the budget is spent, not after all 1 000 pages", () => {
    // 100 per page (the server's default page size): the 2 000 items fill on page 20; nothing after it is fetched or kept.
    expect(listPages).toBeLessThanOrEqual(Math.ceil(GATEWAY_LIMITS.maxItemsPerUpstream / 100) + 1);
  });

  it("rule maxItemsPerUpstream: a call to an offered tool of the huge upstream and to the other upstream still works", async () => {
    const client = caller(gateway.server, undefined);
    expect(await client.callTool("huge_t7")).toMatchObject({ content: [{ type: "text", text: "huge:t7" }] });
    expect(await client.callTool("small_ping")).toMatchObject({ content: [{ type: "text", text: "small:ping" }] });
  });
});

/** A raw server answering tools/list with one page of `count` tools (our server, behind it, answers the rest: it would never send such a page). */
function giantPage(count: number) {
  const page = JSON.stringify({ resultType: "complete", cacheScope: "public", ttlMs: 0, tools: Array.from({ length: count }, (_, i) => ({ name: `t${i}`, inputSchema: { type: "object" } })) });
  return rawHttp((method, req, res) => {
    if (method !== "tools/list") return false;
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const { id } = JSON.parse(body) as { id: unknown };
      res.writeHead(200, { "content-type": "application/json" }).end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${page}}`);
    });
    return true;
  }, toolServer("giant", ["t0"]));
}

describe.each([
  { count: 100_000, outcome: "refused" },
  { count: 20_000, outcome: "cut" },
] as const)("an upstream listing $count tools in one giant page", ({ count, outcome }) => {
  let giant: RunningUpstream;
  let small: RunningUpstream;
  let gateway: Gateway;
  const warnings: GatewayWarning[] = [];

  beforeAll(async () => {
    giant = await giantPage(count);
    small = await served(toolServer("small", ["ping"]));
    gateway = createGateway({ upstreams: { giant: { url: giant.url }, small: { url: small.url } }, server: frontServer, onWarning: (w) => void warnings.push(w) });
    await gateway.start();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await giant?.close();
    await small?.close();
  });

  it("rule maxItemsPerUpstream: at most limits.maxItemsPerUpstream of its tools are offered, with a clear word why; the other upstream is offered", async () => {
    const names = (await caller(gateway.server, undefined).listAllTools()).map((t) => t.name);
    const fromGiant = names.filter((n) => n.startsWith("giant_"));
    expect(names).toContain("small_ping");
    expect(gateway.status().find((s) => s.name === "small")).toMatchObject({ state: "up", items: 1 });
    const status = gateway.status().find((s) => s.name === "giant")!;
    if (outcome === "cut") {
      // Within what the gateway's client reads at all: the page is read, the first 2 000 kept.
      expect(fromGiant).toHaveLength(GATEWAY_LIMITS.maxItemsPerUpstream);
      expect(warnings.filter((w) => w.kind === "list-truncated").map((w) => w.upstream)).toEqual(["giant"]);
      expect(status).toMatchObject({ state: "up", items: GATEWAY_LIMITS.maxItemsPerUpstream });
    } else {
      // Past what the gateway's client reads of one message (arrays of 50 000): the page is refused before it is kept,
      // the upstream is down with the reason, nothing of it offered.
      expect(fromGiant).toEqual([]);
      expect(status).toMatchObject({ state: "down", items: 0 });
      expect(status.lastError).toMatch(/maxArrayLength/);
      expect(warnings.filter((w) => w.kind === "upstream-down").map((w) => w.upstream)).toEqual(["giant"]);
    }
  });
});

describe("an upstream whose nextCursor never ends", () => {
  let endless: RunningUpstream;
  let small: RunningUpstream;
  let gateway: Gateway;
  let listPages = 0;
  const warnings: GatewayWarning[] = [];
  const maxPagesPerUpstream = 7;

  beforeAll(async () => {
    const server = toolServer("endless", ["unused"]);
    // Our server, bent through its middleware: every tools/list page holds one tool and names a next page, forever.
    server.use(async (call, next) => {
      if (call.method !== "tools/list") return next();
      const n = listPages++;
      return { resultType: "complete", cacheScope: "public", ttlMs: 0, tools: [{ name: `page${n}`, inputSchema: { type: "object" } }], nextCursor: `after-${n}` };
    });
    endless = await served(server);
    small = await served(toolServer("small", ["ping"]));
    gateway = createGateway({ upstreams: { endless: { url: endless.url }, small: { url: small.url } }, limits: { maxPagesPerUpstream }, server: frontServer, onWarning: (w) => void warnings.push(w) });
    await gateway.start();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await endless?.close();
    await small?.close();
  });

  it("rule maxPagesPerUpstream: stops after limits.maxPagesPerUpstream pages, offers what they held, warns list-truncated; the other upstream is offered", async () => {
    expect(listPages).toBe(maxPagesPerUpstream);
    const names = (await caller(gateway.server, undefined).listAllTools()).map((t) => t.name);
    expect(names.filter((n) => n.startsWith("endless_"))).toEqual(Array.from({ length: maxPagesPerUpstream }, (_, i) => `endless_page${i}`));
    expect(names).toContain("small_ping");
    const truncated = warnings.filter((w) => w.kind === "list-truncated");
    expect(truncated.map((w) => w.upstream)).toEqual(["endless"]);
    expect(truncated[0]!.message).toContain("maxPagesPerUpstream");
    expect(gateway.status().find((s) => s.name === "endless")).toMatchObject({ state: "up", items: maxPagesPerUpstream });
  });
});

describe("an upstream that ignores the cursor (the same page and the same nextCursor, for ever)", () => {
  let looping: RunningUpstream;
  let gateway: Gateway;
  let listPages = 0;
  const warnings: GatewayWarning[] = [];
  const maxPagesPerUpstream = 7;

  beforeAll(async () => {
    const server = toolServer("looping", ["unused"]);
    // Our server, bent through its middleware: whatever the cursor, the first page again, naming the same next page.
    server.use(async (call, next) => {
      if (call.method !== "tools/list") return next();
      listPages++;
      const tools = ["one", "two"].map((name) => ({ name, inputSchema: { type: "object" } }));
      return { resultType: "complete", cacheScope: "public", ttlMs: 0, tools, nextCursor: "page-2" };
    });
    looping = await served(server);
    gateway = createGateway({ upstreams: { looping: { url: looping.url } }, limits: { maxPagesPerUpstream }, server: frontServer, onWarning: (w) => void warnings.push(w) });
    await gateway.start();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await looping?.close();
  });

  it("rule maxPagesPerUpstream: the listing stops within limits.maxPagesPerUpstream pages", () => {
    expect(listPages).toBeGreaterThan(0);
    expect(listPages).toBeLessThanOrEqual(maxPagesPerUpstream);
  });

  // An upstream whose cursor leads back to a page read before: its items are offered once, and the cut is warned.
  it("rule maxPagesPerUpstream: a page served again is not offered twice, and the cut is warned (list-truncated)", async () => {
    const names = (await caller(gateway.server, undefined).listAllTools()).map((t) => t.name);
    expect(names).toEqual(["looping_one", "looping_two"]);
    expect(warnings.filter((w) => w.kind === "list-truncated").map((w) => w.upstream)).toEqual(["looping"]);
  });
});
