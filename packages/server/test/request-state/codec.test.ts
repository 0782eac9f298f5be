import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64Url } from "../../src/base64url.js";
import {
  CanonicalJsonError,
  paramsDigest,
  RequestStateCodec,
  StateTooLargeError,
  WeakSecretError,
} from "../../src/request-state/index.js";
import { binding, clock, codec, documentedKey, handSeal, SECRET_NEW, SECRET_OLD, SECRET_OTHER, T0 } from "./helpers.js";

const TOKEN_SHAPE = /^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/;

describe("RequestStateCodec: round trip", () => {
  it("opens what it sealed, returning the data, a 128-bit id, issue and expiry times", async () => {
    const c = clock();
    const codecA = codec({ now: c.now });
    const data = { step: 2, answers: { confirm: { action: "accept", content: { confirm: true } } }, note: "ünïcødé 😀", n: [0, -1.5, 1e21] };
    const token = await codecA.seal(data, binding());
    expect(token).toMatch(TOKEN_SHAPE);
    const opened = await codecA.open(token, binding());
    expect(opened).toEqual({ ok: true, state: { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), issuedAt: T0, expiresAt: T0 + 600_000, data } });
  });

  it("opens in a second instance that shares only the secrets and audience (any instance serves the retry)", async () => {
    const token = await codec().seal({ cart: [1, 2, 3] }, binding());
    const other = new RequestStateCodec({ secrets: [SECRET_NEW], audience: "https://mcp.example.com" });
    expect(await other.open(token, binding())).toMatchObject({ ok: true, state: { data: { cart: [1, 2, 3] } } });
  });

  it("seals the same data to a different token and id every time (random IV and id)", async () => {
    const codecA = codec();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => codecA.seal({ same: true }, binding())));
    expect(new Set(tokens).size).toBe(20);
    const ivs = tokens.map((t) => t.split(".")[2]);
    expect(new Set(ivs).size).toBe(20);
    const ids = await Promise.all(tokens.map(async (t) => ((await codecA.open(t, binding())) as { state: { id: string } }).state.id));
    expect(new Set(ids).size).toBe(20);
  });

  it("carries null, scalars and undefined data", async () => {
    const codecA = codec();
    for (const data of [null, 0, "", false, [], {}, undefined]) {
      expect(await codecA.open(await codecA.seal(data, binding()), binding())).toMatchObject({ ok: true, state: { data } });
    }
  });

  it("works with a real paramsDigest and an unauthenticated request", async () => {
    const params = { name: "checkout", arguments: { cart: "c-1" } };
    const first = { method: "tools/call", paramsDigest: await paramsDigest(params), principal: undefined };
    const token = await codec().seal({ step: 1 }, first);
    const retryParams = { arguments: { cart: "c-1" }, name: "checkout", requestState: token, inputResponses: {}, _meta: {} };
    const retry = { method: "tools/call", paramsDigest: await paramsDigest(retryParams), principal: undefined };
    expect(await codec().open(token, retry)).toMatchObject({ ok: true });
  });

  it("hides the data: the token holds none of the sealed text", async () => {
    const token = await codec().seal({ secretNote: "launch codes 1234" }, binding({ principal: "alice@example.com" }));
    const bytes = token.split(".").map((p) => decodeBase64Url(p) ?? new Uint8Array());
    const text = bytes.map((b) => new TextDecoder("latin1").decode(b)).join("") + token;
    for (const needle of ["launch", "alice", "tools/call", "mcp.example.com"]) expect(text).not.toContain(needle);
  });
});

describe("RequestStateCodec: documented format", () => {
  it("is v1.<kid>.<iv>.<ciphertext>: AES-256-GCM under the HKDF-derived key, header as AAD, JSON payload", async () => {
    const c = clock();
    const token = await codec({ secrets: [{ id: "k2026", secret: SECRET_NEW }], now: c.now }).seal({ x: 1 }, binding());
    const [version, kid, ivText, sealedText] = token.split(".") as [string, string, string, string];
    expect([version, kid]).toEqual(["v1", "k2026"]);
    const iv = decodeBase64Url(ivText)!;
    expect(iv.length).toBe(12);
    const plaintext = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode("v1.k2026") },
      await documentedKey(SECRET_NEW),
      decodeBase64Url(sealedText)!,
    );
    const text = new TextDecoder().decode(plaintext);
    const payload = JSON.parse(text) as Record<string, unknown>;
    expect(payload).toEqual({
      v: 1,
      jti: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      iat: T0,
      exp: T0 + 600_000,
      aud: "https://mcp.example.com",
      sub: "user-1",
      m: "tools/call",
      pd: "digest-of-the-params",
      d: { x: 1 },
    });
    expect(text).not.toMatch(/\s/); // compact JSON; the order of members is not part of the format (openers parse it)
  });

  it("opens a token built by hand from the documented format", async () => {
    const payload = { v: 1, jti: "AAAAAAAAAAAAAAAAAAAAAA", iat: T0, exp: T0 + 1000, aud: "https://mcp.example.com", m: "tools/call", pd: "digest-of-the-params", d: [1] };
    const token = await handSeal(SECRET_NEW, "hand", JSON.stringify(payload));
    const opened = await codec({ secrets: [{ id: "hand", secret: SECRET_NEW }], now: () => T0 }).open(token, binding({ principal: undefined }));
    expect(opened).toEqual({ ok: true, state: { id: payload.jti, issuedAt: T0, expiresAt: T0 + 1000, data: [1] } });
  });

  it("binds the key id as additional data: a ciphertext moved under another key id of the same secret is refused as tampered", async () => {
    const payload = { v: 1, jti: "AAAAAAAAAAAAAAAAAAAAAA", iat: T0, exp: T0 + 1000, aud: "https://mcp.example.com", m: "tools/call", pd: "digest-of-the-params" };
    const ring = codec({ secrets: [{ id: "a", secret: SECRET_NEW }, { id: "b", secret: SECRET_NEW }], now: () => T0 });
    const sealedForA = await handSeal(SECRET_NEW, "a", JSON.stringify(payload));
    expect(await ring.open(sealedForA, binding({ principal: undefined }))).toMatchObject({ ok: true });
    const moved = sealedForA.replace(/^v1\.a\./, "v1.b.");
    expect(await ring.open(moved, binding({ principal: undefined }))).toMatchObject({ ok: false, reason: "tampered" });
    const aadOfB = await handSeal(SECRET_NEW, "a", JSON.stringify(payload), "v1.b");
    expect(await ring.open(aadOfB, binding({ principal: undefined }))).toMatchObject({ ok: false, reason: "tampered" });
  });

  it("refuses an authentic payload of another version, or of the wrong shape", async () => {
    const ring = codec({ secrets: [{ id: "k", secret: SECRET_NEW }], now: () => T0 });
    const base = { v: 1, jti: "AAAAAAAAAAAAAAAAAAAAAA", iat: T0, exp: T0 + 1000, aud: "https://mcp.example.com", sub: "user-1", m: "tools/call", pd: "digest-of-the-params" };
    const open = async (plaintext: string) => ring.open(await handSeal(SECRET_NEW, "k", plaintext), binding());
    expect(await open(JSON.stringify(base))).toMatchObject({ ok: true });
    expect(await open(JSON.stringify({ ...base, v: 2 }))).toMatchObject({ ok: false, reason: "unsupported-version" });
    expect(await open(JSON.stringify({ ...base, v: undefined }))).toMatchObject({ ok: false, reason: "unsupported-version" });
    expect(await open("[1]")).toMatchObject({ ok: false, reason: "unsupported-version" });
    expect(await open("not json")).toMatchObject({ ok: false, reason: "malformed" });
    expect(await open(JSON.stringify({ ...base, iat: "now" }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await open(JSON.stringify({ ...base, exp: 1.5 }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await open(JSON.stringify({ ...base, sub: 7 }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await open(JSON.stringify({ ...base, m: undefined }))).toMatchObject({ ok: false, reason: "malformed" });
  });
});

describe("RequestStateCodec: key rotation", () => {
  it("opens with the old key, seals with the new one, and refuses a retired key as unknown-key", async () => {
    const before = codec({ secrets: [SECRET_OLD] });
    const during = codec({ secrets: [SECRET_NEW, SECRET_OLD] });
    const after = codec({ secrets: [SECRET_NEW] });
    const sealedBefore = await before.seal({ n: 1 }, binding());
    const sealedDuring = await during.seal({ n: 2 }, binding());

    expect(await during.open(sealedBefore, binding())).toMatchObject({ ok: true, state: { data: { n: 1 } } });
    expect(await after.open(sealedDuring, binding())).toMatchObject({ ok: true, state: { data: { n: 2 } } }); // sealed with the new key
    expect(sealedDuring.split(".")[1]).not.toBe(sealedBefore.split(".")[1]);
    expect(await before.open(sealedDuring, binding())).toMatchObject({ ok: false, reason: "unknown-key" });
    expect(await after.open(sealedBefore, binding())).toMatchObject({ ok: false, reason: "unknown-key" });
  });

  it("derives the same 8-character key id from the same secret in every instance, and different ids from different secrets", async () => {
    const kid = async (secret: string | Uint8Array) => (await codec({ secrets: [secret] }).seal(null, binding())).split(".")[1];
    const a = await kid(SECRET_NEW);
    expect(a).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(await kid(SECRET_NEW)).toBe(a);
    expect(await kid(new TextEncoder().encode(SECRET_NEW))).toBe(a);
    expect(await kid(SECRET_OLD)).not.toBe(a);
  });

  it("uses the given id when one is set", async () => {
    const token = await codec({ secrets: [{ id: "2026-07", secret: SECRET_NEW }, SECRET_OLD] }).seal(null, binding());
    expect(token.startsWith("v1.2026-07.")).toBe(true);
  });

  it("refuses a state sealed with a different secret under the same key id as tampered", async () => {
    const token = await codec({ secrets: [{ id: "k", secret: SECRET_NEW }] }).seal(null, binding());
    expect(await codec({ secrets: [{ id: "k", secret: SECRET_OTHER }] }).open(token, binding())).toMatchObject({ ok: false, reason: "tampered" });
  });

  it("treats the same secret listed twice as a configuration error: seal rejects, open fails closed", async () => {
    const broken = codec({ secrets: [SECRET_NEW, SECRET_NEW] });
    await expect(broken.seal(null, binding())).rejects.toThrow(/key id .* remove the duplicate/);
    const token = await codec().seal(null, binding());
    expect(await broken.open(token, binding())).toMatchObject({ ok: false, reason: "internal" });
  });
});

describe("RequestStateCodec: binding", () => {
  it("refuses a state moved to another method", async () => {
    const token = await codec().seal(null, binding({ method: "tools/call" }));
    expect(await codec().open(token, binding({ method: "prompts/get" }))).toMatchObject({ ok: false, reason: "wrong-request" });
  });

  it("refuses a state moved to other params", async () => {
    const token = await codec().seal(null, binding({ paramsDigest: await paramsDigest({ name: "a" }) }));
    expect(await codec().open(token, binding({ paramsDigest: await paramsDigest({ name: "b" }) }))).toMatchObject({ ok: false, reason: "wrong-request" });
  });

  it("refuses a state moved to another principal", async () => {
    const token = await codec().seal(null, binding({ principal: "alice" }));
    expect(await codec().open(token, binding({ principal: "mallory" }))).toMatchObject({ ok: false, reason: "wrong-principal" });
    expect(await codec().open(token, binding({ principal: "alice " }))).toMatchObject({ ok: false, reason: "wrong-principal" });
  });

  it("refuses a principal present on one leg and absent on the other, both ways (the empty string is a principal)", async () => {
    const withPrincipal = await codec().seal(null, binding({ principal: "alice" }));
    const without = await codec().seal(null, binding({ principal: undefined }));
    const empty = await codec().seal(null, binding({ principal: "" }));
    expect(await codec().open(withPrincipal, binding({ principal: undefined }))).toMatchObject({ ok: false, reason: "wrong-principal" });
    expect(await codec().open(without, binding({ principal: "alice" }))).toMatchObject({ ok: false, reason: "wrong-principal" });
    expect(await codec().open(without, binding({ principal: "" }))).toMatchObject({ ok: false, reason: "wrong-principal" });
    expect(await codec().open(empty, binding({ principal: undefined }))).toMatchObject({ ok: false, reason: "wrong-principal" });
    expect(await codec().open(without, binding({ principal: undefined }))).toMatchObject({ ok: true });
    expect(await codec().open(empty, binding({ principal: "" }))).toMatchObject({ ok: true });
  });

  it("refuses a state sealed for another audience, even with the same secrets", async () => {
    const token = await codec({ audience: "https://a.example" }).seal(null, binding());
    expect(await codec({ audience: "https://b.example" }).open(token, binding())).toMatchObject({ ok: false, reason: "wrong-audience" });
  });
});

describe("RequestStateCodec: time", () => {
  it("opens until expiry plus the clock skew, then refuses as expired", async () => {
    const c = clock();
    const codecA = codec({ now: c.now, ttlSeconds: 60, clockSkewSeconds: 5 });
    const token = await codecA.seal(null, binding());
    c.t = T0 + 60_000 + 5_000 - 1;
    expect(await codecA.open(token, binding())).toMatchObject({ ok: true, state: { expiresAt: T0 + 60_000 } });
    c.t = T0 + 60_000 + 5_000;
    expect(await codecA.open(token, binding())).toMatchObject({ ok: false, reason: "expired" });
  });

  it("defaults to a 10-minute TTL and 30 s skew", async () => {
    const c = clock();
    const codecA = codec({ now: c.now });
    const token = await codecA.seal(null, binding());
    c.t = T0 + 630_000 - 1;
    expect(await codecA.open(token, binding())).toMatchObject({ ok: true });
    c.t = T0 + 630_000;
    expect(await codecA.open(token, binding())).toMatchObject({ ok: false, reason: "expired" });
  });

  it("refuses a state issued in the future beyond the clock skew (a sealing instance whose clock runs ahead)", async () => {
    const sealer = clock(T0 + 30_001);
    const opener = clock(T0);
    const token = await codec({ now: sealer.now }).seal(null, binding());
    expect(await codec({ now: opener.now }).open(token, binding())).toMatchObject({ ok: false, reason: "issued-in-future" });
    sealer.t = T0 + 30_000;
    const within = await codec({ now: sealer.now }).seal(null, binding());
    expect(await codec({ now: opener.now }).open(within, binding())).toMatchObject({ ok: true });
  });

  it("applies the opener's TTL too, so shortening the TTL shortens states already issued", async () => {
    const c = clock();
    const token = await codec({ now: c.now, ttlSeconds: 600 }).seal(null, binding());
    const strict = codec({ now: c.now, ttlSeconds: 60, clockSkewSeconds: 0 });
    c.t = T0 + 59_999;
    expect(await strict.open(token, binding())).toMatchObject({ ok: true, state: { expiresAt: T0 + 60_000 } });
    c.t = T0 + 60_000;
    expect(await strict.open(token, binding())).toMatchObject({ ok: false, reason: "expired" });
  });
});

describe("RequestStateCodec: hostile and broken input", () => {
  it("refuses empty, garbage and wrongly shaped tokens as malformed", async () => {
    const good = await codec().seal(null, binding());
    const [, kid, iv, ct] = good.split(".") as [string, string, string, string];
    const cases = [
      "",
      ".",
      "...",
      "v1...",
      "v1.a.b.c",
      "v1.a.b.c.d",
      "hello",
      good + ".",
      "." + good,
      `v1.${kid}.${iv}`,
      `v1.${kid}.${iv}=.${ct}`,
      `v1.${kid}.${iv}.${ct}=`,
      `v1.${kid}.${iv.slice(1)}.${ct}`,
      `v1.${kid}.${iv}.${ct.slice(0, 20)}`, // shorter than the tag
      `v1.${kid}.${iv}.`,
      `V1.${kid}.${iv}.${ct}`,
      `v1.${kid}!.${iv}.${ct}`,
      ` ${good}`,
      `${good}\n`,
      good.replace(/\./g, ","),
    ];
    for (const token of cases) expect(await codec().open(token, binding()), JSON.stringify(token)).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("refuses other token versions as unsupported-version", async () => {
    const good = await codec().seal(null, binding());
    for (const v of ["v0", "v2", "v10"]) {
      expect(await codec().open(good.replace(/^v1/, v), binding())).toMatchObject({ ok: false, reason: "unsupported-version" });
    }
  });

  it("refuses a key id no secret has as unknown-key", async () => {
    const good = await codec().seal(null, binding());
    const [, , iv, ct] = good.split(".") as [string, string, string, string];
    expect(await codec().open(`v1.nosuchkey.${iv}.${ct}`, binding())).toMatchObject({ ok: false, reason: "unknown-key" });
  });

  it("refuses every truncation of a token", async () => {
    const good = await codec().seal({ a: 1 }, binding());
    for (let n = 0; n < good.length; n++) expect((await codec().open(good.slice(0, n), binding())).ok, String(n)).toBe(false);
  });

  it("checks size before anything else: huge and over-limit tokens are too-large, counted in UTF-8 bytes", async () => {
    const good = await codec().seal({ a: 1 }, binding());
    expect(await codec().open("x".repeat(50 * 1024 * 1024), binding())).toMatchObject({ ok: false, reason: "too-large" });
    expect(await codec({ maxTokenBytes: good.length }).open(good, binding())).toMatchObject({ ok: true });
    expect(await codec({ maxTokenBytes: good.length - 1, maxSealedBytes: 100 }).open(good, binding())).toMatchObject({ ok: false, reason: "too-large" });
    expect(await codec({ maxTokenBytes: 100 }).open("é".repeat(60), binding())).toMatchObject({ ok: false, reason: "too-large" }); // 60 units, 120 bytes
    expect(await codec({ maxTokenBytes: 100 }).open("é".repeat(40), binding())).toMatchObject({ ok: false, reason: "malformed" });
    // Even with a broken binding: size is judged first.
    expect(await codec({ maxTokenBytes: 10 }).open("x".repeat(11), null as never)).toMatchObject({ ok: false, reason: "too-large" });
  });

  it("never throws for input that is not a string", async () => {
    const inputs: unknown[] = [undefined, null, 0, 1n, true, {}, [], ["v1"], Symbol("s"), () => "v1", new String("v1.a.b.c"), { toString: () => "v1.a.b.c" }];
    for (const input of inputs) {
      expect(await codec().open(input as string, binding())).toMatchObject({ ok: false, reason: "malformed" });
    }
  });

  it("never throws for any string (property, fixed seed)", async () => {
    const good = await codec().seal({ a: 1 }, binding());
    const codecA = codec();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: fc.constantFrom(...good) }), fc.integer({ min: 1, max: good.length }).map((n) => good.slice(n))),
        async (token) => {
          const result = await codecA.open(token, binding());
          expect(result.ok).toBe(false);
        },
      ),
      { seed: 4242, numRuns: 500 },
    );
  });

  it("fails closed with reason internal, never throwing, when the binding or clock is broken", async () => {
    const token = await codec().seal(null, binding());
    const hostile = new Proxy({}, { get: () => { throw new Error("boom"); } });
    for (const bad of [null, undefined, {}, { method: 1, paramsDigest: "d", principal: undefined }, { ...binding(), principal: 5 }, hostile]) {
      expect(await codec().open(token, bad as never)).toMatchObject({ ok: false, reason: "internal" });
    }
    expect(await codec({ now: () => Number.NaN }).open(token, binding())).toMatchObject({ ok: false, reason: "internal" });
    expect(await codec({ now: () => { throw new Error("no clock"); } }).open(token, binding())).toMatchObject({ ok: false, reason: "internal", detail: "Error: no clock" });
  });
});

describe("RequestStateCodec: sealing limits and developer errors", () => {
  it("seals up to maxSealedBytes and throws StateTooLargeError beyond (a server bug, not client input)", async () => {
    const probe = await codec().seal({ pad: "x".repeat(100) }, binding());
    expect(await codec({ maxTokenBytes: probe.length }).seal({ pad: "x".repeat(100) }, binding())).toHaveLength(probe.length);
    await expect(codec({ maxTokenBytes: probe.length - 1 }).seal({ pad: "x".repeat(100) }, binding())).rejects.toThrow(StateTooLargeError);
    await expect(codec().seal({ pad: "x".repeat(20_000) }, binding())).rejects.toThrow(/over the 16384-byte limit/);
    await expect(codec({ maxSealedBytes: probe.length - 1 }).seal({ pad: "x".repeat(100) }, binding())).rejects.toThrow(StateTooLargeError);
  });

  it("refuses data that is not JSON with CanonicalJsonError", async () => {
    for (const data of [{ when: new Date() }, { n: Number.NaN }, [() => 1], new Map(), 1n]) {
      await expect(codec().seal(data, binding())).rejects.toThrow(CanonicalJsonError);
    }
  });

  it("refuses a malformed binding with TypeError", async () => {
    await expect(codec().seal(null, { method: "tools/call" } as never)).rejects.toThrow(TypeError);
    await expect(codec().seal(null, { ...binding(), principal: null } as never)).rejects.toThrow(TypeError);
  });
});

describe("RequestStateCodec: construction", () => {
  it("refuses a secret shorter than 32 bytes synchronously with WeakSecretError saying how to make one", () => {
    expect(() => codec({ secrets: ["too-short"] })).toThrow(WeakSecretError);
    expect(() => codec({ secrets: ["x".repeat(31)] })).toThrow(/31 bytes.*at least 32 bytes.*openssl rand -base64 32/);
    expect(() => codec({ secrets: [new Uint8Array(31)] })).toThrow(WeakSecretError);
    expect(() => codec({ secrets: [SECRET_NEW, { id: "old", secret: "short" }] })).toThrow(/secrets #1 \("old"\) is 5 bytes/);
    expect(() => codec({ secrets: [""] })).toThrow(WeakSecretError);
  });

  it("counts a string secret in UTF-8 bytes", () => {
    expect(() => codec({ secrets: ["é".repeat(16)] })).not.toThrow(); // 16 characters, 32 bytes
    expect(() => codec({ secrets: ["é".repeat(15) + "x"] })).toThrow(WeakSecretError); // 31 bytes
    expect(() => codec({ secrets: ["x".repeat(32)] })).not.toThrow();
  });

  it("keeps a copy of byte secrets, so later changes by the caller do not matter", async () => {
    const bytes = new TextEncoder().encode(SECRET_NEW);
    const codecA = codec({ secrets: [bytes] });
    bytes.fill(0);
    expect(await codec().open(await codecA.seal(null, binding()), binding())).toMatchObject({ ok: true });
  });

  it("refuses other bad options with RangeError", () => {
    const bad: object[] = [
      { secrets: [] },
      { secrets: "x".repeat(40) },
      { secrets: [42] },
      { secrets: [{ id: "", secret: SECRET_NEW }] },
      { secrets: [{ id: "has.dot", secret: SECRET_NEW }] },
      { secrets: [{ id: "a".repeat(65), secret: SECRET_NEW }] },
      { secrets: [{ id: "same", secret: SECRET_NEW }, { id: "same", secret: SECRET_OLD }] },
      { audience: "" },
      { audience: 7 },
      { ttlSeconds: 0 },
      { ttlSeconds: Infinity },
      { ttlSeconds: Number.NaN },
      { ttlSeconds: 86_401 },
      { clockSkewSeconds: -1 },
      { clockSkewSeconds: 601 },
      { clockSkewSeconds: "5" },
      { maxTokenBytes: 0 },
      { maxTokenBytes: 1.5 },
      { maxSealedBytes: 20_000 }, // larger than maxTokenBytes: it would seal what it cannot open
      { now: 5 },
    ];
    for (const options of bad) expect(() => codec(options), JSON.stringify(options)).toThrow(RangeError);
    expect(() => new RequestStateCodec(undefined as never)).toThrow(RangeError);
  });
});
