/** The one rule for held resources: a share per owner inside a limit in all, idle holds let go first, active work never. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultShare, FairShare, isShareRefusal, refusalData, shareLimitsProblem, type Evictable, type Hold, type ShareLimits } from "@mrtr/internal";

const limits = (over: Partial<ShareLimits> = {}): ShareLimits => ({
  name: "widgets",
  total: 4,
  perOwner: 2,
  options: { total: "maxWidgets", perOwner: "maxWidgetsPerPrincipal", totalBytes: "maxWidgetBytes", perOwnerBytes: "maxWidgetBytesPerPrincipal" },
  ...over,
});

interface Item {
  idle: boolean;
  evicted: boolean;
  evictable: Evictable;
}

/** An item that says whether it is idle and records its eviction. */
function item(idle = true): Item {
  const x: Item = { idle, evicted: false, evictable: { idle: () => x.idle, evict: () => void (x.evicted = true) } };
  return x;
}

const held = (h: unknown): Hold => {
  if (isShareRefusal(h)) throw new Error(`refused: ${h.message}`);
  return h as Hold;
};

describe("FairShare", () => {
  it("refuses an owner past its share with scope share, naming the option, while another owner is still served", () => {
    const share = new FairShare(limits());
    held(share.acquire("a", item().evictable));
    held(share.acquire("a", item().evictable));
    const third = share.acquire("a", item().evictable);
    expect(third).toMatchObject({ refused: true, scope: "share", limit: "widgets", retryAfterSeconds: 5 });
    expect(isShareRefusal(third) && third.message).toContain("maxWidgetsPerPrincipal");
    expect(isShareRefusal(share.acquire("b", item().evictable))).toBe(false);
    expect(share.usage("a")).toEqual({ count: 2, bytes: 0 });
    expect(share.usage()).toEqual({ count: 3, bytes: 0 });
  });

  it("at the limit in all, lets go of the idle hold used longest ago of the owner holding the most", () => {
    const share = new FairShare(limits({ total: 4, perOwner: 3 }));
    const a = [item(), item(), item()];
    const holds = a.map((x) => held(share.acquire("a", x.evictable)));
    const b = item();
    held(share.acquire("b", b.evictable));
    holds[0]!.touch(); // a's first is now its most recently used: its second goes first
    held(share.acquire("c", item().evictable));
    expect(a.map((x) => x.evicted)).toEqual([false, true, false]);
    expect(b.evicted).toBe(false);
    expect(holds[1]!.held).toBe(false);
    expect(share.usage("a").count).toBe(2);
  });

  it("between owners holding as much, lets go of the idle hold used longest ago among them", () => {
    const share = new FairShare(limits({ total: 3, perOwner: 2 }));
    const [a, b, c] = [item(), item(), item()];
    const ha = held(share.acquire("a", a.evictable));
    held(share.acquire("b", b.evictable));
    held(share.acquire("c", c.evictable));
    ha.touch(); // b is now the one used longest ago of the three owners at one each
    held(share.acquire("d", item().evictable));
    expect([a.evicted, b.evicted, c.evicted]).toEqual([false, true, false]);
  });

  it("never lets active work go: with nothing idle, the newcomer is refused with scope total", () => {
    const share = new FairShare(limits({ total: 2, perOwner: 1 }));
    const busy = [item(false), item(false)];
    held(share.acquire("a", busy[0]!.evictable));
    held(share.acquire("b", busy[1]!.evictable));
    const refused = share.acquire("c", item().evictable);
    expect(refused).toMatchObject({ refused: true, scope: "total" });
    expect(busy.some((x) => x.evicted)).toBe(false);
    busy[1]!.idle = true; // b's work finished: now it may go
    expect(isShareRefusal(share.acquire("c", item().evictable))).toBe(false);
    expect(busy[1]!.evicted).toBe(true);
  });

  it("counts bytes per owner and in all, refuses a growth past either, and lets idle holds go to make byte room", () => {
    const share = new FairShare(limits({ total: 100, perOwner: 50, totalBytes: 1000, perOwnerBytes: 600 }));
    const a1 = held(share.acquire("a", item().evictable, 400));
    expect(share.acquire("a", item().evictable, 300)).toMatchObject({ scope: "share" });
    expect(a1.resize(700)).toMatchObject({ scope: "share" });
    expect(a1.bytes).toBe(400);
    expect(a1.resize(550)).toBeUndefined();
    const b = item(false);
    held(share.acquire("b", b.evictable, 400));
    // 950 held; c needs 200: a's idle hold (the largest share in bytes) goes, b's active one stays.
    held(share.acquire("c", item().evictable, 200));
    expect(a1.held).toBe(false);
    expect(b.evicted).toBe(false);
    expect(share.usage()).toEqual({ count: 2, bytes: 600 });
  });

  it("a released hold frees its room at once, and releasing twice changes nothing", () => {
    const share = new FairShare(limits({ total: 2, perOwner: 1 }));
    const h = held(share.acquire("a", item(false).evictable, 0));
    h.release();
    h.release();
    expect(share.usage()).toEqual({ count: 0, bytes: 0 });
    expect(share.owners).toBe(0);
    expect(isShareRefusal(share.acquire("a", item().evictable))).toBe(false);
  });

  it("refuses limits where one owner could fill everything, naming the options", () => {
    expect(shareLimitsProblem(limits({ perOwner: 4 }))).toContain("maxWidgetsPerPrincipal (4) must be less than maxWidgets (4)");
    expect(shareLimitsProblem(limits({ total: 0 }))).toContain("maxWidgets");
    expect(shareLimitsProblem(limits({ totalBytes: 10, perOwnerBytes: 10 }))).toContain("maxWidgetBytesPerPrincipal");
    expect(shareLimitsProblem(limits({ total: 1, perOwner: 1 }))).toBeUndefined(); // one slot: the share is the slot
    expect(() => new FairShare(limits({ perOwner: 5 }))).toThrow(RangeError);
  });

  it("keeps its books under any sequence of acquires, touches, resizes, releases and idle changes (seeded)", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("acquire" as const), owner: fc.integer({ min: 0, max: 4 }), bytes: fc.integer({ min: 0, max: 300 }), idle: fc.boolean() }),
      fc.record({ kind: fc.constant("release" as const), at: fc.nat() }),
      fc.record({ kind: fc.constant("resize" as const), at: fc.nat(), bytes: fc.integer({ min: 0, max: 400 }) }),
      fc.record({ kind: fc.constant("touch" as const), at: fc.nat() }),
      fc.record({ kind: fc.constant("flip" as const), at: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const l = limits({ total: 6, perOwner: 3, totalBytes: 1000, perOwnerBytes: 500 });
        const share = new FairShare(l);
        const live: { hold: Hold; it: Item }[] = [];
        for (const o of ops) {
          if (o.kind === "acquire") {
            const it = item(o.idle);
            const activeBefore = live.filter((x) => x.hold.held && !x.it.idle).map((x) => x.hold);
            const h = share.acquire(`o${o.owner}`, it.evictable, o.bytes);
            // Work that was running is never let go.
            for (const hold of activeBefore) expect(hold.held).toBe(true);
            if (!isShareRefusal(h)) live.push({ hold: h, it });
          } else if (live.length > 0) {
            const x = live[o.at % live.length]!;
            if (o.kind === "release") x.hold.release();
            else if (o.kind === "resize") x.hold.resize(o.bytes);
            else if (o.kind === "touch") x.hold.touch();
            else x.it.idle = !x.it.idle;
          }
          // The books equal the holds still held, and no limit is passed.
          const holding = live.filter((x) => x.hold.held);
          const total = share.usage();
          expect(total.count).toBe(holding.length);
          expect(total.bytes).toBe(holding.reduce((n, x) => n + x.hold.bytes, 0));
          expect(total.count).toBeLessThanOrEqual(l.total);
          expect(total.bytes).toBeLessThanOrEqual(l.totalBytes!);
          for (let owner = 0; owner < 5; owner++) {
            const mine = share.usage(`o${owner}`);
            expect(mine.count).toBeLessThanOrEqual(l.perOwner);
            expect(mine.bytes).toBeLessThanOrEqual(l.perOwnerBytes!);
          }
          // An evicted item's hold was released before it heard.
          for (const x of live) if (x.it.evicted) expect(x.hold.held).toBe(false);
        }
      }),
      { seed: 3401, numRuns: 300 },
    );
  });
});

describe("the share rules every limit uses", () => {
  it("defaultShare: half the total, at most the cap, at least 1, and below any total over 1 (fixed seed)", () => {
    expect([defaultShare(1024, 256), defaultShare(300, 256), defaultShare(3, 256), defaultShare(1, 256)]).toEqual([256, 150, 1, 1]);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (total, cap) => {
        const share = defaultShare(total, cap);
        expect(share).toBeGreaterThanOrEqual(1);
        expect(share).toBeLessThanOrEqual(cap);
        expect(share).toBeLessThan(total);
      }),
      { seed: 20261204 },
    );
  });

  it("refusalData: what a refusal says in an error's data, and nothing else", () => {
    const refusal = { refused: true, scope: "share", limit: "legacy sessions", message: "past your share", retryAfterSeconds: 5 } as const;
    expect(refusalData(refusal)).toEqual({ limit: "legacy sessions", scope: "share", retryAfterSeconds: 5 });
  });
});
