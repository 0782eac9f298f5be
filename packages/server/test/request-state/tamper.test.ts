import { describe, expect, it } from "vitest";
import { decodeBase64Url, encodeBase64Url } from "../../src/base64url.js";
import { RequestStateCodec, type StateBinding } from "../../src/request-state/index.js";
import { SECRET_NEW } from "./helpers.js";

// A deliberately small token, so every position can be attacked.
const small: StateBinding = { method: "m", paramsDigest: "d", principal: undefined };
const codec = new RequestStateCodec({ secrets: [{ id: "k", secret: SECRET_NEW }], audience: "a" });
const CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";

describe("tampering with a sealed token", () => {
  it("is refused for every single-character change at every position: each bit of each byte, every other token character, deletion, insertion", async () => {
    const token = await codec.seal(null, small);
    expect(token.length).toBeLessThan(200);
    expect(await codec.open(token, small)).toMatchObject({ ok: true });

    const variants: string[] = [];
    for (let i = 0; i < token.length; i++) {
      const code = token.charCodeAt(i);
      const at = (replacement: string) => token.slice(0, i) + replacement + token.slice(i + 1);
      for (let bit = 0; bit < 8; bit++) variants.push(at(String.fromCharCode(code ^ (1 << bit))));
      for (const c of CHARS) if (c !== token[i]) variants.push(at(c));
      variants.push(at(""));
      variants.push(token.slice(0, i) + "A" + token.slice(i));
    }
    variants.push(token + "A");

    const accepted: string[] = [];
    for (const variant of variants) {
      const result = await codec.open(variant, small);
      if (result.ok) accepted.push(variant);
    }
    expect(accepted).toEqual([]);
    expect(variants.length).toBeGreaterThan(token.length * 70);
  });

  it("reports tampered for every bit flipped in the IV, the ciphertext and the tag", async () => {
    const token = await codec.seal(null, small);
    const [version, kid, ivText, sealedText] = token.split(".") as [string, string, string, string];
    const iv = decodeBase64Url(ivText)!;
    const sealed = decodeBase64Url(sealedText)!;
    const reasons = new Set<string>();
    let tried = 0;
    for (const [part, bytes] of [["iv", iv], ["sealed", sealed]] as const) {
      for (let i = 0; i < bytes.length; i++) {
        for (let bit = 0; bit < 8; bit++) {
          const copy = bytes.slice();
          copy[i]! ^= 1 << bit;
          const forged = part === "iv" ? `${version}.${kid}.${encodeBase64Url(copy)}.${sealedText}` : `${version}.${kid}.${ivText}.${encodeBase64Url(copy)}`;
          const result = await codec.open(forged, small);
          reasons.add(result.ok ? "accepted" : result.reason);
          tried++;
        }
      }
    }
    expect([...reasons]).toEqual(["tampered"]);
    expect(tried).toBe((iv.length + sealed.length) * 8);
  });

  it("reports tampered when a ciphertext is spliced onto another token's header and IV", async () => {
    const a = (await codec.seal({ who: "a" }, small)).split(".");
    const b = (await codec.seal({ who: "b" }, small)).split(".");
    expect(await codec.open([a[0], a[1], a[2], b[3]].join("."), small)).toMatchObject({ ok: false, reason: "tampered" });
    expect(await codec.open([a[0], a[1], b[2], a[3]].join("."), small)).toMatchObject({ ok: false, reason: "tampered" });
  });
});
