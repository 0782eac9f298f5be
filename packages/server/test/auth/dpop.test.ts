/**
 * protect({ dpop }): DPoP-bound tokens (RFC 9449) beside or instead of
 * bearer ones. Keys, tokens and proofs are real (jose, generated per run);
 * every refusal is checked for its status, challenge and reported reason.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  authInfoOf,
  jwtVerifier,
  MemoryDPoPReplayCache,
  principalOf,
  protect,
  type AuthInfo,
  type DPoPReplayCache,
  type ProtectOptions,
  type RejectionReason,
} from "@mrtr/server/auth";
import { dpopRequest, ISSUER, proof, proofKey, RESOURCE, TestIssuer, type ProofKey } from "./dpop-fixtures.js";

const METADATA_URL = "https://mcp.example/.well-known/oauth-protected-resource/mcp";
const NONCE_SECRET = "dpop-nonce-secret-0123456789-abcdefghij";
let issuer: TestIssuer;
let key: ProofKey;
let thief: ProofKey;

beforeAll(async () => {
  issuer = await TestIssuer.create();
  key = await proofKey("ES256");
  thief = await proofKey("ES256");
});

function guarded(options: Partial<ProtectOptions> = {}) {
  const seen: (AuthInfo | undefined)[] = [];
  const reasons: RejectionReason[] = [];
  const handler = protect(
    async (request) => {
      seen.push(authInfoOf(request));
      return Response.json({ jsonrpc: "2.0", id: 1, result: { resultType: "complete" } });
    },
    {
      resource: RESOURCE,
      authorizationServers: [ISSUER],
      verify: jwtVerifier({ jwks: issuer.jwks, issuer: ISSUER, audience: RESOURCE }),
      dpop: {},
      onRejected: (reason) => reasons.push(reason),
      ...options,
    },
  );
  return { handler, seen, reasons };
}

/** A bound token and a valid proof for it. */
async function bound(k: ProofKey = key) {
  const token = await issuer.token({ jkt: k.jkt });
  return { token, request: dpopRequest(token, await proof(k, { token })) };
}

describe("a valid DPoP request", () => {
  it("reaches the handler with the token's facts, its binding, and the principal of its subject", async () => {
    const { handler, seen, reasons } = guarded();
    const { request } = await bound();
    const response = await handler(request);
    expect(response.status).toBe(200);
    expect(reasons).toEqual([]);
    expect(seen[0]).toMatchObject({ subject: "alice", issuer: ISSUER, audience: [RESOURCE], confirmation: { jkt: key.jkt } });
    expect(principalOf(seen[0])).toBe(`${ISSUER}#alice`);
  });

  it("takes a client-credentials token (no subject) as its client's principal", async () => {
    const { handler, seen } = guarded();
    const token = await issuer.token({ jkt: key.jkt, sub: null, clientId: "reporting-bot" });
    expect((await handler(dpopRequest(token, await proof(key, { token })))).status).toBe(200);
    expect(seen[0]?.subject).toBeUndefined();
    expect(principalOf(seen[0])).toBe(`${ISSUER}#reporting-bot`);
  });

  it("matches htu after normalization, ignoring query and fragment", async () => {
    const { handler } = guarded();
    const token = await issuer.token({ jkt: key.jkt });
    const request = dpopRequest(token, await proof(key, { token, htu: "HTTPS://MCP.Example:443/%6dcp#frag" }), `${RESOURCE}?session=1`);
    expect((await handler(request)).status).toBe(200);
  });

  it("checks htu against publicOrigin behind a proxy that rewrites the URL", async () => {
    const { handler, reasons } = guarded({ dpop: { publicOrigin: "https://mcp.example" } });
    const token = await issuer.token({ jkt: key.jkt });
    expect((await handler(dpopRequest(token, await proof(key, { token }), "http://10.0.0.7:3000/mcp"))).status).toBe(200);
    expect((await handler(dpopRequest(token, await proof(key, { token, htu: "http://10.0.0.7:3000/mcp" }), "http://10.0.0.7:3000/mcp"))).status).toBe(401);
    expect(reasons).toEqual(["dpop_url_mismatch"]);
    expect(() => guarded({ dpop: { publicOrigin: "https://mcp.example/mcp" } })).toThrow(RangeError);
  });

  it("works with every default algorithm: EdDSA, PS256, RS256", async () => {
    for (const alg of ["EdDSA", "PS256", "RS256"]) {
      const k = await proofKey(alg);
      const { handler } = guarded();
      expect((await handler((await bound(k)).request)).status, alg).toBe(200);
    }
  });
});

describe("refused proofs", () => {
  /** The answer's status, challenge, and the one reason reported. */
  async function refusal(request: Request | Promise<Request>, options: Partial<ProtectOptions> = {}) {
    const { handler, seen, reasons } = guarded(options);
    const response = await handler(await request);
    expect(seen).toHaveLength(0);
    expect(reasons).toHaveLength(1);
    return { status: response.status, challenge: response.headers.get("www-authenticate") ?? "", reason: reasons[0], nonce: response.headers.get("dpop-nonce") };
  }
  const made = async (claims: Parameters<typeof proof>[1], k: ProofKey = key, url?: string, method?: string) => {
    const token = await issuer.token({ jkt: key.jkt });
    return dpopRequest(token, await proof(k, { token, ...claims }), url, method);
  };

  it("a replayed proof (same jti) is refused the second time", async () => {
    const { handler, reasons } = guarded();
    const token = await issuer.token({ jkt: key.jkt });
    const p = await proof(key, { token });
    expect((await handler(dpopRequest(token, p))).status).toBe(200);
    const again = await handler(dpopRequest(token, p));
    expect(again.status).toBe(401);
    expect(again.headers.get("www-authenticate")).toContain('DPoP error="invalid_dpop_proof"');
    expect(reasons).toEqual(["dpop_proof_replayed"]);
    // The same jti from another key is another proof.
    const other = await issuer.token({ jkt: thief.jkt });
    const decoded = JSON.parse(Buffer.from(p.split(".")[1]!, "base64url").toString()) as { jti: string };
    expect((await handler(dpopRequest(other, await proof(thief, { token: other, jti: decoded.jti })))).status).toBe(200);
  });

  it("a stolen token with a proof by another key is refused: cnf.jkt does not match", async () => {
    const r = await refusal(made({}, thief));
    expect(r).toMatchObject({ status: 401, reason: "dpop_key_mismatch" });
    expect(r.challenge).toContain('DPoP error="invalid_token"');
  });

  it.each([
    ["another URL", { htu: "https://mcp.example/other" }, "dpop_url_mismatch"],
    ["another host", { htu: "https://evil.example/mcp" }, "dpop_url_mismatch"],
    ["another method", { htm: "GET" }, "dpop_method_mismatch"],
    ["an old iat", { iat: Math.floor(Date.now() / 1000) - 120 }, "dpop_proof_stale"],
    ["an iat in the future", { iat: Math.floor(Date.now() / 1000) + 120 }, "dpop_proof_stale"],
    ["no ath", { ath: null }, "dpop_ath_mismatch"],
    ["the ath of another token", { ath: "x".repeat(43) }, "dpop_ath_mismatch"],
    ["no jti", { jti: null }, "dpop_proof_invalid"],
    ["no htu", { htu: null }, "dpop_proof_invalid"],
    ["another typ", { typ: "jwt" }, "dpop_proof_invalid"],
  ] as const)("a proof with %s is refused", async (_name, claims, reason) => {
    const r = await refusal(made(claims));
    expect(r).toMatchObject({ status: 401, reason });
    expect(r.challenge).toMatch(/^DPoP error="invalid_dpop_proof", /);
    expect(r.challenge).toContain(`resource_metadata="${METADATA_URL}"`);
    expect(r.challenge).toContain('algs="ES256 EdDSA PS256 RS256"');
    expect(r.challenge).not.toContain("Bearer");
  });

  it("takes maxProofAgeSeconds and the clock tolerance as the window", async () => {
    const at = Math.floor(Date.now() / 1000);
    expect((await refusal(made({ iat: at - 20 }), { dpop: { maxProofAgeSeconds: 5 }, clockToleranceSeconds: 5 })).reason).toBe("dpop_proof_stale");
    const { handler } = guarded({ dpop: { maxProofAgeSeconds: 300 } });
    expect((await handler(await made({ iat: at - 200 }))).status).toBe(200);
  });

  it("a proof for another method's request is refused even with the right htm for the proof", async () => {
    expect((await refusal(made({ htm: "POST" }, key, RESOURCE, "DELETE"))).reason).toBe("dpop_method_mismatch");
  });

  it("no proof, two proofs, an oversized proof, or not a JWT are refused", async () => {
    const token = await issuer.token({ jkt: key.jkt });
    const one = await proof(key, { token });
    expect((await refusal(dpopRequest(token, []))).reason).toBe("dpop_proof_missing");
    expect((await refusal(dpopRequest(token, [one, await proof(key, { token })]))).reason).toBe("dpop_proof_multiple");
    expect((await refusal(dpopRequest(token, await proof(key, { token, extra: { pad: "x".repeat(9000) } })))).reason).toBe("dpop_proof_too_large");
    expect((await refusal(dpopRequest(token, one), { dpop: { maxProofBytes: 256 } })).reason).toBe("dpop_proof_too_large");
    expect((await refusal(dpopRequest(token, "not-a-jwt"))).reason).toBe("dpop_proof_invalid");
  });

  it("an algorithm not accepted, a private or oversized jwk, or a jwk that did not sign are refused", async () => {
    const es384 = await proofKey("ES384");
    const token384 = await issuer.token({ jkt: es384.jkt });
    expect((await refusal(dpopRequest(token384, await proof(es384, { token: token384 })))).reason).toBe("dpop_proof_invalid");
    const { handler } = guarded({ dpop: { algorithms: ["ES384"] } });
    expect((await handler(dpopRequest(token384, await proof(es384, { token: token384 })))).status).toBe(200);

    const { exportJWK } = await import("jose");
    const privateJwk = await exportJWK(key.privateKey);
    expect((await refusal(made({ jwk: privateJwk }))).reason).toBe("dpop_proof_invalid");
    expect((await refusal(made({ jwk: { ...key.publicJwk, x5c: ["A".repeat(3000)] } }))).reason).toBe("dpop_proof_invalid");
    // Signed by the thief but carrying the victim's public key: the signature does not verify.
    expect((await refusal(made({ jwk: key.publicJwk }, thief))).reason).toBe("dpop_proof_invalid");
    expect(() => guarded({ dpop: { algorithms: ["HS256"] } })).toThrow(RangeError);
    expect(() => guarded({ dpop: { algorithms: ["none"] } })).toThrow(RangeError);
  });

  it("a token for another resource is refused before its proof is looked at", async () => {
    const token = await issuer.token({ jkt: key.jkt, aud: "https://other.example/mcp" });
    const r = await refusal(dpopRequest(token, await proof(key, { token })));
    expect(r).toMatchObject({ status: 401, reason: "invalid_token" });
    expect(r.challenge).toContain('DPoP error="invalid_token"');
    const verifyAny = { verify: () => ({ scopes: ["mcp"], audience: ["https://other.example/mcp"], confirmation: { jkt: key.jkt } }) };
    expect((await refusal(dpopRequest("t", await proof(key, { token: "t" })), verifyAny)).reason).toBe("wrong_audience");
  });

  it("the DPoP scheme with a token that is not DPoP-bound is refused", async () => {
    const token = await issuer.token();
    expect((await refusal(dpopRequest(token, await proof(key, { token })))).reason).toBe("token_not_dpop_bound");
  });

  it("reports reasons and describes refusals without the token or the proof", async () => {
    const { handler } = guarded();
    const token = await issuer.token({ jkt: key.jkt });
    const p = await proof(thief, { token });
    const response = await handler(dpopRequest(token, p));
    const text = `${response.headers.get("www-authenticate")} ${await response.text()}`;
    expect(text).not.toContain(token);
    expect(text).not.toContain(p);
  });
});

describe("a DPoP-bound token without DPoP configured", () => {
  it("presented as Bearer is refused (RFC 9449 §7.2), saying the server takes no DPoP; an unbound Bearer token still works", async () => {
    const { handler, reasons, seen } = guarded({ dpop: undefined });
    const boundToken = await issuer.token({ jkt: key.jkt });
    const stolen = await handler(new Request(RESOURCE, { method: "POST", headers: { authorization: `Bearer ${boundToken}` }, body: "{}" }));
    expect(stolen.status).toBe(401);
    expect(stolen.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token", .*error_description="This access token is DPoP-bound: this server does not take DPoP/);
    expect(reasons).toEqual(["bearer_dpop_bound_token"]);
    expect(seen).toEqual([]); // the handler never ran
    const plain = await issuer.token();
    expect((await handler(new Request(RESOURCE, { method: "POST", headers: { authorization: `Bearer ${plain}` }, body: "{}" }))).status).toBe(200);
  });
});

describe("Bearer beside DPoP", () => {
  it("a DPoP-bound token presented as Bearer is refused; an unbound Bearer token still works unless DPoP is required", async () => {
    const { handler, reasons } = guarded();
    const boundToken = await issuer.token({ jkt: key.jkt });
    const downgraded = await handler(new Request(RESOURCE, { method: "POST", headers: { authorization: `Bearer ${boundToken}`, dpop: await proof(key, { token: boundToken }) }, body: "{}" }));
    expect(downgraded.status).toBe(401);
    expect(downgraded.headers.get("www-authenticate")).toBe(
      `Bearer error="invalid_token", resource_metadata="${METADATA_URL}", error_description="This access token is DPoP-bound: send it as Authorization: DPoP <token> with a DPoP proof.", DPoP resource_metadata="${METADATA_URL}", algs="ES256 EdDSA PS256 RS256"`,
    );
    expect(reasons).toEqual(["bearer_dpop_bound_token"]);
    const plain = await issuer.token();
    expect((await handler(new Request(RESOURCE, { method: "POST", headers: { authorization: `Bearer ${plain}` }, body: "{}" }))).status).toBe(200);

    const strict = guarded({ dpop: { required: true } });
    const refused = await strict.handler(new Request(RESOURCE, { method: "POST", headers: { authorization: `Bearer ${plain}` }, body: "{}" }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^DPoP error="invalid_token", resource_metadata=".*", algs="ES256 EdDSA PS256 RS256", error_description="This server takes DPoP-bound tokens only/);
    expect(strict.reasons).toEqual(["dpop_required"]);
    expect((await strict.handler((await bound()).request)).status).toBe(200);
  });

  it("a request without a token is offered both schemes, or only DPoP when required, with algs", async () => {
    const both = await guarded({ requiredScopes: ["mcp"] }).handler(new Request(RESOURCE, { method: "POST" }));
    expect(both.headers.get("www-authenticate")).toBe(
      `Bearer scope="mcp", resource_metadata="${METADATA_URL}", DPoP scope="mcp", resource_metadata="${METADATA_URL}", algs="ES256 EdDSA PS256 RS256"`,
    );
    const only = await guarded({ dpop: { required: true, algorithms: ["ES256"] } }).handler(new Request(RESOURCE, { method: "POST" }));
    expect(only.headers.get("www-authenticate")).toBe(`DPoP resource_metadata="${METADATA_URL}", algs="ES256"`);
  });

  it("a DPoP token without a required scope gets 403 with a DPoP insufficient_scope challenge", async () => {
    const { handler } = guarded({ requiredScopes: ["files:read"] });
    const response = await handler((await bound()).request);
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(`DPoP error="insufficient_scope", scope="files:read", resource_metadata="${METADATA_URL}", algs="ES256 EdDSA PS256 RS256"`);
  });

  it("the metadata advertises the algorithms and whether DPoP is required", async () => {
    const read = async (options: Partial<ProtectOptions>) => (await guarded(options).handler(new Request(METADATA_URL))).json();
    expect(await read({})).toMatchObject({ dpop_signing_alg_values_supported: ["ES256", "EdDSA", "PS256", "RS256"], dpop_bound_access_tokens_required: false });
    expect(await read({ dpop: { required: true, algorithms: ["ES256"] } })).toMatchObject({ dpop_signing_alg_values_supported: ["ES256"], dpop_bound_access_tokens_required: true });
  });
});

describe("without the dpop option", () => {
  it("nothing changes: Bearer challenges only, no DPoP metadata, and the DPoP scheme is a malformed header", async () => {
    const { handler, reasons } = guarded({ dpop: undefined, requiredScopes: ["mcp"] });
    const none = await handler(new Request(RESOURCE, { method: "POST" }));
    expect(none.headers.get("www-authenticate")).toBe(`Bearer scope="mcp", resource_metadata="${METADATA_URL}"`);
    const metadata = (await (await handler(new Request(METADATA_URL))).json()) as Record<string, unknown>;
    expect(Object.keys(metadata).filter((k) => k.startsWith("dpop"))).toEqual([]);
    const { request } = await bound();
    const dpopScheme = await handler(request);
    expect(dpopScheme.status).toBe(401);
    expect(dpopScheme.headers.get("www-authenticate")).toBe(`Bearer error="invalid_request", scope="mcp", resource_metadata="${METADATA_URL}", error_description="Send the token as Authorization: Bearer <token>."`);
    expect(reasons).toEqual(["missing_token", "malformed_header"]);
  });
});

describe("server-provided nonces", () => {
  const PERIOD = 300_000;

  function withNonces(clock: { now: number }, secrets = [NONCE_SECRET]) {
    return guarded({ now: () => clock.now, dpop: { nonce: { secrets, rotateSeconds: PERIOD / 1000 }, maxProofAgeSeconds: 3600 } });
  }
  const iatAt = (clock: { now: number }) => Math.floor(clock.now / 1000);

  it("asks for a nonce with 401 use_dpop_nonce and DPoP-Nonce, and accepts the retry that carries it", async () => {
    const clock = { now: Date.now() };
    const { handler, reasons } = withNonces(clock);
    const token = await issuer.token({ jkt: key.jkt });
    const first = await handler(dpopRequest(token, await proof(key, { token, iat: iatAt(clock) })));
    expect(first.status).toBe(401);
    expect(first.headers.get("www-authenticate")).toMatch(/^DPoP error="use_dpop_nonce", resource_metadata=".*", algs=".*", error_description=".*"$/);
    const nonce = first.headers.get("dpop-nonce")!;
    expect(nonce).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(reasons).toEqual(["dpop_nonce_required"]);
    const retry = await handler(dpopRequest(token, await proof(key, { token, nonce, iat: iatAt(clock) })));
    expect(retry.status).toBe(200);
    expect(retry.headers.get("dpop-nonce")).toBeNull();
  });

  it("rotates: the previous period's nonce is still accepted and the answer carries the new one; older ones are refused", async () => {
    const clock = { now: Date.now() };
    const { handler, reasons } = withNonces(clock);
    const token = await issuer.token({ jkt: key.jkt });
    const nonce = (await handler(dpopRequest(token, await proof(key, { token, iat: iatAt(clock) })))).headers.get("dpop-nonce")!;
    clock.now += PERIOD;
    const graced = await handler(dpopRequest(token, await proof(key, { token, nonce, iat: iatAt(clock) })));
    expect(graced.status).toBe(200);
    const next = graced.headers.get("dpop-nonce")!;
    expect(next).not.toBe(nonce);
    clock.now += PERIOD;
    const stale = await handler(dpopRequest(token, await proof(key, { token, nonce, iat: iatAt(clock) })));
    expect(stale.status).toBe(401);
    expect(stale.headers.get("dpop-nonce")).not.toBe(nonce);
    expect((await handler(dpopRequest(token, await proof(key, { token, nonce: next, iat: iatAt(clock) })))).status).toBe(200);
    expect(reasons).toEqual(["dpop_nonce_required", "dpop_nonce_required"]);
  });

  it("is stateless: another instance with the same secrets accepts the nonce; one with other secrets, or another key, does not", async () => {
    const clock = { now: Date.now() };
    const a = withNonces(clock);
    const b = withNonces(clock);
    const c = withNonces(clock, ["another-nonce-secret-0123456789-abcdefgh"]);
    const token = await issuer.token({ jkt: key.jkt });
    const nonce = (await a.handler(dpopRequest(token, await proof(key, { token, iat: iatAt(clock) })))).headers.get("dpop-nonce")!;
    expect((await b.handler(dpopRequest(token, await proof(key, { token, nonce, iat: iatAt(clock) })))).status).toBe(200);
    expect((await c.handler(dpopRequest(token, await proof(key, { token, nonce, iat: iatAt(clock) })))).status).toBe(401);
    const theirs = await issuer.token({ jkt: thief.jkt });
    expect((await b.handler(dpopRequest(theirs, await proof(thief, { token: theirs, nonce, iat: iatAt(clock) })))).status).toBe(401);
    // Rotating the secret: [new, old] still accepts nonces of old.
    const rotated = withNonces(clock, ["rotated-nonce-secret-0123456789-abcdefgh", NONCE_SECRET]);
    expect((await rotated.handler(dpopRequest(token, await proof(key, { token, nonce, iat: iatAt(clock) })))).status).toBe(200);
  });

  it("refuses weak secrets and bad periods at start", () => {
    expect(() => guarded({ dpop: { nonce: { secrets: ["short"] } } })).toThrow(/at least 32/);
    expect(() => guarded({ dpop: { nonce: { secrets: [] } } })).toThrow(RangeError);
    expect(() => guarded({ dpop: { nonce: { secrets: [NONCE_SECRET], rotateSeconds: 1 } } })).toThrow(RangeError);
  });
});

describe("the replay cache", () => {
  it("fails closed: a cache that cannot answer gets 503, reported, and the request does not reach the handler", async () => {
    const broken: DPoPReplayCache = {
      claim: () => {
        throw new Error("store down");
      },
    };
    const { handler, seen, reasons } = guarded({ dpop: { replayCache: broken } });
    const response = await handler((await bound()).request);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(seen).toHaveLength(0);
    expect(reasons).toEqual(["dpop_replay_cache_unavailable"]);
  });

  it("answers a caller past its share of remembered proofs with 429 and Retry-After, and still serves another caller", async () => {
    const replayCache = new MemoryDPoPReplayCache({ maxEntries: 10, maxEntriesPerOwner: 2 });
    const { handler, seen, reasons } = guarded({ dpop: { replayCache } });
    const mine = await issuer.token({ jkt: key.jkt, sub: "mallory" });
    for (let i = 0; i < 2; i++) expect((await handler(dpopRequest(mine, await proof(key, { token: mine })))).status).toBe(200);
    const over = await handler(dpopRequest(mine, await proof(key, { token: mine })));
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("30");
    expect(await over.json()).toMatchObject({ error: { code: -32603, data: { scope: "share" } } });
    expect(reasons).toEqual(["dpop_replay_share_exceeded"]);
    const theirs = await issuer.token({ jkt: key.jkt, sub: "alice" });
    expect((await handler(dpopRequest(theirs, await proof(key, { token: theirs })))).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it("shared between two protect instances, a proof accepted by one is refused by the other", async () => {
    const replayCache = new MemoryDPoPReplayCache();
    const a = guarded({ dpop: { replayCache } });
    const b = guarded({ dpop: { replayCache } });
    const token = await issuer.token({ jkt: key.jkt });
    const p = await proof(key, { token });
    expect((await a.handler(dpopRequest(token, p))).status).toBe(200);
    expect((await b.handler(dpopRequest(token, p))).status).toBe(401);
    expect(b.reasons).toEqual(["dpop_proof_replayed"]);
  });

  it("in memory, is bounded and forgets a proof once its window has passed", () => {
    const clock = { now: 1_000_000 };
    const cache = new MemoryDPoPReplayCache({ maxEntries: 2, now: () => clock.now });
    expect(cache.claim("a", clock.now + 1000, "one")).toBe(true);
    expect(cache.claim("a", clock.now + 1000, "one")).toBe(false);
    expect(cache.claim("b", clock.now + 1000, "two")).toBe(true);
    expect(cache.claim("c", clock.now + 1000, "three")).toBe(false); // full of live proofs: refused, never forgetting one early
    clock.now += 1001;
    expect(cache.claim("c", clock.now + 1000, "three")).toBe(true);
    expect(cache.claim("a", clock.now + 1000, "one")).toBe(true);
    expect(cache.size).toBe(2);
    expect(() => new MemoryDPoPReplayCache({ maxEntries: 0 })).toThrow(RangeError);
  });

  it("in memory, holds each caller to its share of remembered proofs, so one caller's flood of proofs refuses nobody else's", () => {
    const clock = { now: 1_000_000 };
    const cache = new MemoryDPoPReplayCache({ maxEntries: 100, maxEntriesPerOwner: 10, now: () => clock.now });
    for (let i = 0; i < 10; i++) expect(cache.claim(`m${i}`, clock.now + 1000, "principal:mallory")).toBe(true);
    expect(() => cache.claim("m10", clock.now + 1000, "principal:mallory")).toThrow(/maxEntriesPerOwner/);
    expect(cache.claim("a0", clock.now + 1000, "principal:alice")).toBe(true);
  });
});
