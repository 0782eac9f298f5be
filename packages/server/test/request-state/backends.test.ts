/**
 * The two request-state back ends (node:crypto and WebCrypto) are one codec:
 * the same keys, key ids, digests and token bytes, so a state sealed on one
 * opens on the other, refusals read alike, keys rotate across them, and the
 * WebCrypto fallback is what a runtime without node:crypto gets.
 */
import * as realNodeCrypto from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64Url, encodeBase64Url } from "../../src/base64url.js";
import { type RequestStateOptions, RequestStateCodec, type StateBinding } from "../../src/request-state/index.js";
import { isNodeCryptoModule, nodeStateCrypto } from "../../src/request-state/node-state-crypto.js";
import { pickStateCrypto, type CryptoHost } from "../../src/request-state/pick-state-crypto.js";
import type { StateCrypto } from "../../src/request-state/state-crypto.js";
import { webStateCrypto } from "../../src/request-state/web-state-crypto.js";
import { binding, clock, handSeal, SECRET_NEW, SECRET_OLD, T0 } from "./helpers.js";

const SEED = 20260728;
const AUDIENCE = "https://mcp.example.com";
const utf8 = new TextEncoder();

if (!isNodeCryptoModule(realNodeCrypto)) throw new Error("this Node's node:crypto lacks a function the back end calls");
const node = nodeStateCrypto(realNodeCrypto);
/** The back end on a node:crypto without the one-shot `hash` (Node before 20.12): hash objects instead. */
const nodeWithoutOneShot = nodeStateCrypto({ ...realNodeCrypto, hash: undefined });
const web = webStateCrypto();

/** A codec on each back end with the same options. */
function pair(options: Partial<RequestStateOptions> = {}) {
  const base = { secrets: [SECRET_NEW], audience: AUDIENCE, ...options };
  return { node: new RequestStateCodec({ ...base, crypto: "auto" }), web: new RequestStateCodec({ ...base, crypto: "webcrypto" }) };
}

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((b) => new Uint8Array(b));

describe("the two back ends compute the same bytes", () => {
  it("HKDF keys, SHA-256 and AES-256-GCM output agree for any plaintext, additional data and IV (fast-check, fixed seed)", async () => {
    const salt = utf8.encode("mrtr/request-state/v1");
    const info = utf8.encode("mrtr/request-state/v1 AES-256-GCM sealing key");
    const secret = utf8.encode(SECRET_NEW);
    const [nodeKey, webKey] = [await node.deriveKey(secret, salt, info), await web.deriveKey(secret, salt, info)];
    await fc.assert(
      fc.asyncProperty(bytes(512), bytes(64), fc.uint8Array({ minLength: 12, maxLength: 12 }), async (plaintext, aad, ivBytes) => {
        const iv = new Uint8Array(ivBytes);
        const fromNode = await node.seal(nodeKey, iv, aad, plaintext);
        const fromWeb = await web.seal(webKey, iv, aad, plaintext);
        expect(encodeBase64Url(fromNode)).toBe(encodeBase64Url(fromWeb));
        expect(await node.open(nodeKey, iv, aad, new Uint8Array(fromWeb))).toEqual(plaintext);
        expect(await web.open(webKey, iv, aad, new Uint8Array(fromNode))).toEqual(plaintext);
        expect(encodeBase64Url(await node.sha256(plaintext))).toBe(encodeBase64Url(await web.sha256(plaintext)));
        expect(encodeBase64Url(await nodeWithoutOneShot.sha256(plaintext))).toBe(encodeBase64Url(await web.sha256(plaintext)));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("a codec reports its back end: node:crypto by default on Node, WebCrypto when asked", async () => {
    const { node: n, web: w } = pair();
    expect(await n.backend()).toBe("node:crypto");
    expect(await w.backend()).toBe("webcrypto");
    expect(() => new RequestStateCodec({ secrets: [SECRET_NEW], audience: AUDIENCE, crypto: "openssl" as never })).toThrow(RangeError);
  });
});

describe("a state sealed by either back end opens with the other", () => {
  it("for any JSON data and principal, both ways, with the same key id and the same result (fast-check, fixed seed)", async () => {
    const c = clock();
    const { node: n, web: w } = pair({ now: c.now });
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4, stringUnit: "grapheme" }), fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined }), async (data, principal) => {
        const b = binding({ principal });
        const expected = JSON.parse(JSON.stringify(data)) as unknown; // what JSON carries: -0 becomes 0
        for (const [sealer, opener] of [[n, w], [w, n]] as const) {
          const token = await sealer.seal(data, b);
          const opened = await opener.open(token, b);
          expect(opened).toMatchObject({ ok: true });
          expect(opened.ok && opened.state.data).toEqual(expected);
          expect(await sealer.open(token, b)).toEqual(opened);
        }
        expect((await n.seal(null, b)).split(".")[1]).toBe((await w.seal(null, b)).split(".")[1]);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it("opens a token sealed by hand in the documented format on both", async () => {
    const { node: n, web: w } = pair({ secrets: [{ id: "k1", secret: SECRET_NEW }], now: clock().now });
    const payload = { aud: AUDIENCE, d: 7, exp: T0 + 1000, iat: T0, jti: "j", m: "tools/call", pd: "digest-of-the-params", sub: "user-1", v: 1 };
    const token = await handSeal(SECRET_NEW, "k1", JSON.stringify(payload));
    for (const codec of [n, w]) expect(await codec.open(token, binding())).toMatchObject({ ok: true, state: { data: 7 } });
  });
});

describe("refusals are the same on both back ends", () => {
  const small: StateBinding = { method: "m", paramsDigest: "d", principal: undefined };

  it("every bit flipped in the IV, the ciphertext and the tag of either's token is refused alike (tampered)", async () => {
    const { node: n, web: w } = pair({ secrets: [{ id: "k", secret: SECRET_NEW }] });
    for (const sealer of [n, w]) {
      const [version, kid, ivText, sealedText] = (await sealer.seal({ a: 1 }, small)).split(".") as [string, string, string, string];
      const parts = { iv: decodeBase64Url(ivText)!, sealed: decodeBase64Url(sealedText)! };
      let tried = 0;
      for (const part of ["iv", "sealed"] as const) {
        for (let i = 0; i < parts[part].length; i++) {
          for (let bit = 0; bit < 8; bit++) {
            const copy = parts[part].slice();
            copy[i]! ^= 1 << bit;
            const forged = part === "iv" ? `${version}.${kid}.${encodeBase64Url(copy)}.${sealedText}` : `${version}.${kid}.${ivText}.${encodeBase64Url(copy)}`;
            const [byNode, byWeb] = [await n.open(forged, small), await w.open(forged, small)];
            expect(byNode).toEqual({ ok: false, reason: "tampered", detail: "authentication failed" });
            expect(byWeb).toEqual(byNode);
            tried++;
          }
        }
      }
      expect(tried).toBeGreaterThan(8 * 12 + 8 * 16);
    }
  });

  it("a token whose additional data was not its header, a truncated tag, a wrong key id and another binding are refused alike", async () => {
    const { node: n, web: w } = pair({ secrets: [{ id: "k", secret: SECRET_NEW }] });
    const good = await n.seal({ a: 1 }, binding());
    const [version, kid, ivText, sealedText] = good.split(".") as [string, string, string, string];
    const variants = [
      await handSeal(SECRET_NEW, "k", '{"v":1}', "v1.other"),
      `${version}.${kid}.${ivText}.${encodeBase64Url(decodeBase64Url(sealedText)!.subarray(0, 15))}`,
      `${version}.${kid}.${ivText}.${encodeBase64Url(decodeBase64Url(sealedText)!.subarray(0, 20))}`,
      `${version}.nokey.${ivText}.${sealedText}`,
    ];
    for (const token of variants) expect(await w.open(token, binding())).toEqual(await n.open(token, binding()));
    for (const other of [binding({ principal: "user-2" }), binding({ method: "prompts/get" }), binding({ paramsDigest: "x" })]) {
      expect(await w.open(good, other)).toEqual(await n.open(good, other));
      expect((await n.open(good, other)).ok).toBe(false);
    }
  });
});

describe("key rotation across back ends", () => {
  it("rolls [old] -> [old, new] -> [new, old] -> [new] with instances on mixed back ends", async () => {
    const at = (secrets: string[], crypto: "auto" | "webcrypto") => new RequestStateCodec({ secrets, audience: AUDIENCE, crypto });
    const oldToken = await at([SECRET_OLD], "auto").seal({ step: 1 }, binding());
    expect(await at([SECRET_OLD, SECRET_NEW], "webcrypto").open(oldToken, binding())).toMatchObject({ ok: true });
    const newToken = await at([SECRET_NEW, SECRET_OLD], "webcrypto").seal({ step: 2 }, binding());
    expect(await at([SECRET_OLD, SECRET_NEW], "auto").open(newToken, binding())).toMatchObject({ ok: true, state: { data: { step: 2 } } });
    expect(await at([SECRET_NEW, SECRET_OLD], "auto").open(oldToken, binding())).toMatchObject({ ok: true, state: { data: { step: 1 } } });
    const [byNode, byWeb] = [await at([SECRET_NEW], "auto").open(oldToken, binding()), await at([SECRET_NEW], "webcrypto").open(oldToken, binding())];
    expect(byNode).toMatchObject({ ok: false, reason: "unknown-key" });
    expect(byWeb).toEqual(byNode);
  });
});

describe("picking the back end", () => {
  const nameOf = async (picked: StateCrypto | Promise<StateCrypto>) => (await picked).name;

  it("uses node:crypto where getBuiltinModule has it, WebCrypto where it answers nothing, throws, or lacks a function", async () => {
    expect(await nameOf(pickStateCrypto("auto"))).toBe("node:crypto");
    expect(await nameOf(pickStateCrypto("auto", { process: { getBuiltinModule: () => realNodeCrypto } }))).toBe("node:crypto");
    const hosts: CryptoHost[] = [
      { process: { getBuiltinModule: () => undefined } },
      {
        process: {
          getBuiltinModule: () => {
            throw new Error("no such module");
          },
        },
      },
      { process: { getBuiltinModule: () => ({ ...realNodeCrypto, hkdfSync: undefined }) } },
    ];
    for (const host of hosts) expect(await nameOf(pickStateCrypto("auto", host))).toBe("webcrypto");
  });

  it("uses WebCrypto on a runtime without process (browser, worker) and when told to, without looking for node:crypto", async () => {
    let looked = false;
    const watched: CryptoHost = {
      process: {
        getBuiltinModule: (id) => {
          looked = true;
          return id === "node:crypto" ? realNodeCrypto : undefined;
        },
      },
    };
    expect(await nameOf(pickStateCrypto("webcrypto", watched))).toBe("webcrypto");
    expect(looked).toBe(false);
    expect(await nameOf(pickStateCrypto("auto", {}))).toBe("webcrypto");
  });

  it("on a Node without getBuiltinModule (before 20.16) uses WebCrypto: no import() that a Worker's module analysis would refuse", async () => {
    const old: CryptoHost = { process: { versions: { node: "20.0.0" } } as CryptoHost["process"] };
    expect(await nameOf(pickStateCrypto("auto", old))).toBe("webcrypto");
    const source = readFileSync(new URL("../../src/request-state/pick-state-crypto.ts", import.meta.url), "utf8");
    expect(source.replace(/^\s*(\*|\/\/).*$/gm, "")).not.toMatch(/\bimport\s*\(/);
  });

  it("the fallback picked for a runtime without node:crypto opens what node:crypto sealed", async () => {
    const fallback = await pickStateCrypto("auto", { process: { getBuiltinModule: () => undefined } });
    const secret = utf8.encode(SECRET_NEW);
    const [salt, info] = [utf8.encode("s"), utf8.encode("i")];
    const iv = new Uint8Array(12).fill(7);
    const sealed = await node.seal(await node.deriveKey(secret, salt, info), iv, utf8.encode("v1.k"), utf8.encode("payload"));
    const opened = await fallback.open(await fallback.deriveKey(secret, salt, info), iv, utf8.encode("v1.k"), new Uint8Array(sealed));
    expect(fallback.name).toBe("webcrypto");
    expect(new TextDecoder().decode(opened)).toBe("payload");
  });
});

describe("createServer's requestState.crypto", () => {
  it("picks the back end, and a retry sealed by a server on one opens on a server on the other", async () => {
    const { createServer } = await import("@mrtr/server");
    const { request, retry, resultOf } = await import("../../../../test/helpers/rpc.js");
    const make = (crypto: "auto" | "webcrypto") => {
      const s = createServer({ name: "shared", version: "1.0.0", requestState: { secrets: [SECRET_NEW], crypto } });
      s.tool({ name: "ask", handler: async (_a, ctx) => ({ content: [{ type: "text", text: String((await ctx.elicit("n", { message: "N?", requestedSchema: { type: "object", properties: { n: { type: "string" } } } })).action) }] }) });
      return s;
    };
    for (const [first, second] of [[make("auto"), make("webcrypto")], [make("webcrypto"), make("auto")]] as const) {
      const opening = request("tools/call", { name: "ask", arguments: {} });
      const asked = resultOf(await first.handle(opening));
      const done = resultOf(await second.handle(retry(opening, { n: { action: "decline" } }, asked.requestState)));
      expect(done.content[0].text).toBe("decline");
    }
    expect(() => createServer({ name: "x", version: "1", requestState: { secrets: [SECRET_NEW], crypto: "rot13" as never } })).toThrow(/crypto/);
  });
});
