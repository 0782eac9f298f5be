/**
 * RedisDPoPReplayCache on a real redis-server: a proof is accepted once across
 * every `protect` sharing one Redis, keys are hashed and expire with the
 * proof's window, and a Redis that cannot answer fails closed (503).
 */
import { createClient } from "@redis/client";
import { DPoPReplayCacheUnavailableError, jwtVerifier, protect, type ProtectOptions, type RejectionReason } from "@mrtr/server/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DPoPClaimTimeoutError, RedisDPoPReplayCache, TooManyPendingDPoPClaimsError } from "../src/dpop/index.js";
import { dpopReplayKey } from "../src/dpop/dpop-replay-key.js";
import { dpopRequest, ISSUER, proof, proofKey, RESOURCE, TestIssuer, type ProofKey } from "../../server/test/auth/dpop-fixtures.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";
import { connected } from "./helpers/clients.js";
import { rejection, until } from "./helpers/waiting.js";

if (!hasRedisServer) console.warn(redisMissingMessage);
afterAll(stopAllRedis);

let id = 0;
const newId = () => `jkt-${process.pid}.jti-${id++}`;

describe.skipIf(!hasRedisServer)("RedisDPoPReplayCache on a real redis-server", () => {
  let redis: RedisServer;
  let client: Awaited<ReturnType<typeof connected>>;
  let issuer: TestIssuer;
  let key: ProofKey;

  beforeAll(async () => {
    redis = await RedisServer.start();
    client = await connected(redis.url);
    issuer = await TestIssuer.create();
    key = await proofKey();
  });
  afterAll(async () => {
    client.destroy();
    await redis.stop();
  });

  it("grants the first claim of a proof and refuses every later one", async () => {
    const cache = new RedisDPoPReplayCache({ client });
    const a = newId();
    expect(await cache.claim(a, Date.now() + 60_000)).toBe(true);
    expect(await cache.claim(a, Date.now() + 60_000)).toBe(false);
    expect(await cache.claim(newId(), Date.now() + 60_000)).toBe(true);
    expect(cache.ready).toBe(true);
  });

  it("stores a hashed, prefixed key that expires with the proof's window, never the id", async () => {
    const now = 1_900_000_000_000;
    const cache = new RedisDPoPReplayCache({ client, keyPrefix: "edge:dpop:", now: () => now });
    const a = newId();
    expect(await cache.claim(a, now + 90_000)).toBe(true);
    const stored = dpopReplayKey("edge:dpop:", a);
    const ttl = await client.pTTL(stored);
    expect(ttl).toBeLessThanOrEqual(90_000);
    expect(ttl).toBeGreaterThan(80_000);
    const keys = await client.keys("edge:dpop:*");
    expect(keys).toEqual([stored]);
    expect(keys.join()).not.toContain("jti");
    expect(await cache.claim(newId(), now - 1)).toBe(true);
    expect(await client.keys("edge:dpop:*")).toHaveLength(1);
  });

  it("lets exactly one of 100 concurrent claims of one proof through, over two connections", async () => {
    const other = await connected(redis.url);
    const caches = [new RedisDPoPReplayCache({ client }), new RedisDPoPReplayCache({ client: other })];
    const a = newId();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => caches[i % 2]!.claim(a, Date.now() + 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    other.destroy();
  });

  it("shared by two protect instances: a proof accepted by one is refused as a replay by the other", async () => {
    const other = await connected(redis.url);
    const reasons: RejectionReason[] = [];
    const instance = (replayCache: RedisDPoPReplayCache) => {
      const options: ProtectOptions = {
        resource: RESOURCE,
        authorizationServers: [ISSUER],
        verify: jwtVerifier({ jwks: issuer.jwks, issuer: ISSUER, audience: RESOURCE }),
        dpop: { replayCache },
        onRejected: (reason) => reasons.push(reason),
      };
      return protect(async () => Response.json({ jsonrpc: "2.0", id: 1, result: {} }), options);
    };
    const a = instance(new RedisDPoPReplayCache({ client }));
    const b = instance(new RedisDPoPReplayCache({ client: other }));
    const token = await issuer.token({ jkt: key.jkt });
    const p = await proof(key, { token });
    expect((await a(dpopRequest(token, p))).status).toBe(200);
    const replayed = await b(dpopRequest(token, p));
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get("www-authenticate")).toContain('DPoP error="invalid_dpop_proof"');
    expect(reasons).toEqual(["dpop_proof_replayed"]);
    expect((await b(dpopRequest(token, await proof(key, { token })))).status).toBe(200);
    other.destroy();
  });

  it("fails closed when Redis does not answer in time: the claim throws, protect answers 503", async () => {
    const own = await RedisServer.start();
    const ownClient = await connected(own.url);
    const cache = new RedisDPoPReplayCache({ client: ownClient, timeoutMs: 150 });
    const handler = protect(async () => new Response("{}"), {
      resource: RESOURCE,
      authorizationServers: [ISSUER],
      verify: jwtVerifier({ jwks: issuer.jwks, issuer: ISSUER, audience: RESOURCE }),
      dpop: { replayCache: cache },
    });
    const token = await issuer.token({ jkt: key.jkt });
    process.kill(own.pid!, "SIGSTOP");
    try {
      const error = await rejection(cache.claim(newId(), Date.now() + 60_000));
      expect(error).toBeInstanceOf(DPoPReplayCacheUnavailableError);
      expect(error.cause).toBeInstanceOf(DPoPClaimTimeoutError);
      expect((await handler(dpopRequest(token, await proof(key, { token })))).status).toBe(503);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    expect((await handler(dpopRequest(token, await proof(key, { token })))).status).toBe(200);
    ownClient.destroy();
    await own.stop();
  });

  it("answers at once, failing closed, beyond maxPendingClaims claims waiting", async () => {
    const own = await RedisServer.start();
    const ownClient = await connected(own.url);
    const cache = new RedisDPoPReplayCache({ client: ownClient, timeoutMs: 60_000, maxPendingClaims: 2 });
    process.kill(own.pid!, "SIGSTOP");
    let waiting: Promise<unknown>[] = [];
    try {
      waiting = [1, 2].map(() => cache.claim(newId(), Date.now() + 60_000).catch((e: unknown) => e));
      const error = await rejection(cache.claim(newId(), Date.now() + 60_000));
      expect(error).toBeInstanceOf(DPoPReplayCacheUnavailableError);
      expect(error.cause).toBeInstanceOf(TooManyPendingDPoPClaimsError);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    expect(await Promise.all(waiting)).toEqual([true, true]);
    ownClient.destroy();
    await own.stop();
  });

  it('with onUnavailable "fail-open", lets this process decide alone while Redis is away, and reports it', async () => {
    const own = await RedisServer.start();
    const ownClient = await connected(own.url);
    const reported: unknown[] = [];
    const cache = new RedisDPoPReplayCache({ client: ownClient, timeoutMs: 100, onUnavailable: "fail-open", onError: (e) => reported.push(e) });
    await own.stop();
    await until(() => !cache.ready, "the client to notice");
    const a = newId();
    expect(await cache.claim(a, Date.now() + 60_000)).toBe(true);
    expect(await cache.claim(a, Date.now() + 60_000)).toBe(false);
    expect(reported.length).toBeGreaterThanOrEqual(2);
    ownClient.destroy();
  });
});

describe("RedisDPoPReplayCache options", () => {
  it("refuses options out of range with a RangeError that names the option", () => {
    const client = createClient();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /node-redis client/],
      [{ client: {} }, /node-redis client/],
      [{ client, timeoutMs: 0 }, /timeoutMs/],
      [{ client, maxPendingClaims: 0 }, /maxPendingClaims/],
      [{ client, onUnavailable: "open" }, /onUnavailable/],
      [{ client, keyPrefix: "{x}" }, /keyPrefix/],
      [{ client, onError: "log" }, /onError/],
    ];
    for (const [options, message] of cases) {
      expect(() => new RedisDPoPReplayCache(options as never), JSON.stringify(options)).toThrow(message);
    }
  });
});
