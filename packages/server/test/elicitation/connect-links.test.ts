import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CONNECT_TOKEN_PARAM, ConnectLinks, type ConnectLinkOptions } from "../../src/elicitation/index.js";

const SECRET = "0123456789abcdef0123456789abcdef-test-only";
const BASE = "https://app.example.com/connect";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A clock the test moves by hand. */
function clock(start = Date.UTC(2026, 6, 28, 12)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** ConnectLinks with test defaults. */
function links(options: Partial<ConnectLinkOptions> = {}) {
  return new ConnectLinks({ secret: SECRET, baseUrl: BASE, ...options });
}

/** The token in a connect URL. */
function tokenOf(url: string): string {
  const token = new URL(url).searchParams.get(CONNECT_TOKEN_PARAM);
  if (token === null) throw new Error(`no token in ${url}`);
  return token;
}

describe("connect links round trip", () => {
  it("verifies a fresh link for the principal it was made for, returning the binding", async () => {
    const l = links();
    const url = await l.createUrl({ principal: "user-42", elicitationId: "elic-1", purpose: "github-oauth" });
    expect(url.startsWith(`${BASE}?${CONNECT_TOKEN_PARAM}=`)).toBe(true);
    expect(await l.verifyConnect(tokenOf(url), "user-42")).toEqual({
      ok: true,
      binding: { principal: "user-42", elicitationId: "elic-1", purpose: "github-oauth" },
    });
  });

  it("round-trips a binding without purpose and with non-ASCII ids", async () => {
    const l = links();
    const token = tokenOf(await l.createUrl({ principal: "zoë@example.com", elicitationId: "élic/1?&=" }));
    expect(await l.verifyConnect(token, "zoë@example.com")).toEqual({ ok: true, binding: { principal: "zoë@example.com", elicitationId: "élic/1?&=" } });
  });

  it("verifies with another instance sharing the secret (stateless across servers)", async () => {
    const token = tokenOf(await links().createUrl({ principal: "u", elicitationId: "e" }));
    expect((await links({ secret: new TextEncoder().encode(SECRET) }).verifyConnect(token, "u")).ok).toBe(true);
  });

  it("keeps the query of the base URL and puts only ids, expiry and MACs in the token", async () => {
    const url = await links({ baseUrl: "https://app.example.com/connect?lang=en" }).createUrl({ principal: "ada@example.com", elicitationId: "e1" });
    expect(new URL(url).searchParams.get("lang")).toBe("en");
    // The whole principal never appears (a 3-letter piece could, by chance, in the base64 MAC).
    expect(decodeURIComponent(url)).not.toContain("ada@example.com");
    expect(url).not.toContain(SECRET);
    const payload = JSON.parse(Buffer.from(tokenOf(url).split(".")[0] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(["e", "p", "v", "x"]);
    expect(JSON.stringify(payload)).not.toContain("ada@example.com");
  });
});

describe("connect links refuse anyone but the principal they were made for", () => {
  it("refuses another principal", async () => {
    const l = links();
    const token = tokenOf(await l.createUrl({ principal: "alice", elicitationId: "e" }));
    expect(await l.verifyConnect(token, "mallory")).toEqual({ ok: false, reason: "wrong-principal" });
    expect(await l.verifyConnect(token, "alice ")).toEqual({ ok: false, reason: "wrong-principal" });
    expect(await l.verifyConnect(token, "ALICE")).toEqual({ ok: false, reason: "wrong-principal" });
  });

  it("refuses a browser with no signed-in principal", async () => {
    const l = links();
    const token = tokenOf(await l.createUrl({ principal: "alice", elicitationId: "e" }));
    expect(await l.verifyConnect(token, undefined)).toEqual({ ok: false, reason: "wrong-principal" });
    expect(await l.verifyConnect(token, "")).toEqual({ ok: false, reason: "wrong-principal" });
  });
});

describe("connect links expire", () => {
  it("accepts until the ttl (default 600 s) has passed, then refuses as expired", async () => {
    const c = clock();
    const l = links({ now: c.now });
    const token = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e" }));
    c.advance(600_000 - 1);
    expect((await l.verifyConnect(token, "u")).ok).toBe(true);
    c.advance(1);
    expect(await l.verifyConnect(token, "u")).toEqual({ ok: false, reason: "expired" });
  });

  it("honours ttlSeconds", async () => {
    const c = clock();
    const l = links({ now: c.now, ttlSeconds: 30 });
    const token = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e" }));
    c.advance(30_001);
    expect(await l.verifyConnect(token, "u")).toEqual({ ok: false, reason: "expired" });
  });

  it("reports expiry before principal (a stale link is useless to anyone)", async () => {
    const c = clock();
    const l = links({ now: c.now });
    const token = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e" }));
    c.advance(3_600_000);
    expect(await l.verifyConnect(token, "someone-else")).toEqual({ ok: false, reason: "expired" });
  });
});

describe("connect links refuse any altered or forged token", () => {
  it("refuses the token with any one character replaced by any other base64url character or '.'", async () => {
    const l = links();
    const token = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e", purpose: "p" }));
    const outcomes = new Set<string>();
    for (let i = 0; i < token.length; i++) {
      const others = `${ALPHABET}.`.split("").filter((c) => c !== token[i]);
      const results = await Promise.all(others.map((c) => l.verifyConnect(token.slice(0, i) + c + token.slice(i + 1), "u")));
      for (const [k, result] of results.entries()) {
        expect(result.ok, `position ${i} -> ${others[k]}`).toBe(false);
        if (!result.ok) outcomes.add(result.reason);
      }
    }
    expect([...outcomes].sort()).toEqual(["bad-signature", "malformed"]);
  });

  it("refuses the token with any one bit of any decoded byte flipped", async () => {
    const l = links();
    const token = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e" }));
    const parts = token.split(".").map((p) => Buffer.from(p, "base64url"));
    for (const [index, bytes] of parts.entries()) {
      for (let i = 0; i < bytes.length; i++) {
        for (let bit = 0; bit < 8; bit++) {
          const flipped = Buffer.from(bytes);
          flipped[i] = (flipped[i] ?? 0) ^ (1 << bit);
          const altered = parts.map((p, j) => (j === index ? flipped : p).toString("base64url")).join(".");
          expect((await l.verifyConnect(altered, "u")).ok).toBe(false);
        }
      }
    }
  });

  it("refuses every truncation and an appended character", async () => {
    const l = links();
    const token = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e" }));
    for (let n = 0; n < token.length; n++) expect((await l.verifyConnect(token.slice(0, n), "u")).ok).toBe(false);
    expect((await l.verifyConnect(`${token}A`, "u")).ok).toBe(false);
  });

  it("refuses a token made with another secret as a bad signature", async () => {
    const token = tokenOf(await links({ secret: "another secret of at least thirty-two bytes" }).createUrl({ principal: "u", elicitationId: "e" }));
    expect(await links().verifyConnect(token, "u")).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("refuses a payload swapped between two genuine tokens", async () => {
    const l = links();
    const [p1] = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e1" })).split(".");
    const [, s2] = tokenOf(await l.createUrl({ principal: "u", elicitationId: "e2" })).split(".");
    expect(await l.verifyConnect(`${p1}.${s2}`, "u")).toEqual({ ok: false, reason: "bad-signature" });
  });
});

describe("connect links: malformed input never throws", () => {
  const l = links();

  for (const [what, token] of [
    ["the empty string", ""],
    ["a dot", "."],
    ["three parts", "a.b.c"],
    ["padding", "eyJ2IjoxfQ==.AAAA"],
    ["a short signature", "eyJ2IjoxfQ.AAAA"],
    ["a very long token", "A".repeat(100_000)],
    ["a number", 42],
    ["null", null],
    ["an object", { toString: () => "x.y" }],
  ] as Array<[string, unknown]>) {
    it(`answers malformed for ${what}`, async () => {
      expect(await l.verifyConnect(token as string, "u")).toEqual({ ok: false, reason: "malformed" });
    });
  }

  it("never throws nor accepts on random strings (fast-check, fixed seed)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom(...`${ALPHABET}.`.split("")), maxLength: 200 }),
          fc.tuple(fc.uint8Array({ maxLength: 80 }), fc.uint8Array({ minLength: 32, maxLength: 32 })).map(
            ([a, b]) => `${Buffer.from(a).toString("base64url")}.${Buffer.from(b).toString("base64url")}`,
          ),
        ),
        fc.option(fc.string(), { nil: undefined }),
        async (token, principal) => {
          const result = await l.verifyConnect(token, principal);
          expect(result.ok).toBe(false);
        },
      ),
      { seed: 20260728, numRuns: 1000 },
    );
  });
});

describe("ConnectLinks refuses unsafe settings at construction", () => {
  it("refuses a secret shorter than 32 bytes, as a string or bytes", () => {
    expect(() => links({ secret: "x".repeat(31) })).toThrow(RangeError);
    expect(() => links({ secret: new Uint8Array(31) })).toThrow(/at least 32 bytes/);
    expect(() => links({ secret: "" })).toThrow(RangeError);
  });

  it("counts a string secret in UTF-8 bytes", () => {
    expect(() => links({ secret: "é".repeat(16) })).not.toThrow();
    expect(() => links({ secret: new Uint8Array(32) })).not.toThrow();
  });

  it("refuses a base URL that is not https, except http on localhost", () => {
    for (const baseUrl of ["http://app.example.com/connect", "ftp://example.com/", "javascript:alert(1)", "/connect", "not a url"]) {
      expect(() => links({ baseUrl }), baseUrl).toThrow(TypeError);
    }
    for (const baseUrl of ["http://localhost:3000/connect", "http://127.0.0.1/c", "http://[::1]:8080/c", "http://app.localhost/c"]) {
      expect(() => links({ baseUrl }), baseUrl).not.toThrow();
    }
  });

  it("refuses a base URL with credentials or its own token parameter", () => {
    expect(() => links({ baseUrl: "https://user:pw@example.com/connect" })).toThrow(/credentials/);
    expect(() => links({ baseUrl: "https://example.com/connect?connect=x" })).toThrow(/connect/);
  });

  it("refuses a ttl that is not a positive number", () => {
    for (const ttlSeconds of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => links({ ttlSeconds })).toThrow(RangeError);
  });

  it("refuses to make a link without principal or elicitation id", async () => {
    const l = links();
    await expect(l.createUrl({ principal: "", elicitationId: "e" })).rejects.toThrow(TypeError);
    await expect(l.createUrl({ principal: "u", elicitationId: "" })).rejects.toThrow(TypeError);
    await expect(l.createUrl({ principal: "u", elicitationId: "e".repeat(5000) })).rejects.toThrow(/too long/);
  });
});
