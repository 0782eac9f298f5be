/**
 * Two instances behind a round-robin balancer, run end to end: a three-round
 * flow whose rounds alternate between them; a retry refused by an instance
 * with another secret; a payment's retry replayed, paid twice with in-memory
 * replay guards and once with a shared Redis (when REDIS_URL is set).
 * `npm start -w @mrtr/example-many-instances`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { RedisReplayGuard } from "@mrtr/redis";
import { startFleet } from "./fleet.js";
import { confirmPayment, planTrip, payThenReplay, startPayment } from "./flows.js";
import { startInstance } from "./instance.js";

/** The secret every instance shares, with a key id (the id travels in each state, naming the key that opens it). */
const SECRETS = [{ id: "2026-12", secret: randomBytes(32) }];

/** A flow across instances, and a state sealed with another secret. */
async function sharedSecret(print: (line: string) => void): Promise<void> {
  const fleet = await startFleet(SECRETS);
  try {
    const text = await planTrip(fleet.url);
    const rounds = fleet.ledger.served.map((s) => `round ${s.round} on ${s.instance}`);
    print(`plan_trip: ${text} (${rounds.join(", ")})`);
    assert.equal(text, "3 nights in Lyon");
    assert.deepEqual(fleet.ledger.served.map((s) => [s.round, s.instance]), [[1, "a"], [2, "b"], [3, "a"]]);
    assert.equal(new Set(fleet.ledger.served.map((s) => s.flow)).size, 1, "one flow id on both instances");

    // An instance that does not share the secret cannot open the state: the retry is refused, the client must start over.
    const stranger = await startInstance("c", { secrets: [randomBytes(32)], ledger: fleet.ledger });
    try {
      const pending = await startPayment(fleet.url, "o-0");
      const refused = await confirmPayment(stranger.url, pending);
      print(`a retry sent to an instance with another secret: ${refused}`);
      assert.equal(refused, "refused -32602");
    } finally {
      await stranger.close();
    }
  } finally {
    await fleet.close();
  }
}

/** consumeOnce with each instance's own memory: the replay lands on the other instance, which never saw the state used. */
async function memoryGuards(print: (line: string) => void): Promise<void> {
  const fleet = await startFleet(SECRETS);
  try {
    const { first, replay } = await payThenReplay(fleet.url, "o-1");
    print(`memory guards: first retry ${first}, replayed retry ${replay}; charges: ${fleet.ledger.charged.map((c) => `${c.order} on ${c.instance}`).join(", ")}`);
    assert.deepEqual([first, replay], ["paid o-1", "paid o-1"]);
    assert.deepEqual(fleet.ledger.charged, [{ instance: "b", order: "o-1" }, { instance: "a", order: "o-1" }]);
  } finally {
    await fleet.close();
  }
}

/** consumeOnce with one Redis behind both instances: the replay is refused wherever it lands. */
export async function redisGuards(redisUrl: string, print: (line: string) => void): Promise<void> {
  const guards = new Map<string, RedisReplayGuard>();
  const fleet = await startFleet(SECRETS, (name) => guards.set(name, new RedisReplayGuard({ url: redisUrl })).get(name));
  try {
    const { first, replay } = await payThenReplay(fleet.url, "o-2");
    print(`Redis guard: first retry ${first}, replayed retry ${replay}; charges: ${fleet.ledger.charged.map((c) => `${c.order} on ${c.instance}`).join(", ")}`);
    assert.deepEqual([first, replay], ["paid o-2", "refused -32602"]);
    assert.deepEqual(fleet.ledger.charged, [{ instance: "b", order: "o-2" }]);
  } finally {
    await fleet.close();
    await Promise.all([...guards.values()].map((g) => g.close()));
  }
}

/** Runs every part; the Redis part only with `redisUrl`. Throws if an outcome is not the expected one. */
export async function main(print: (line: string) => void = console.log, redisUrl = process.env.REDIS_URL): Promise<void> {
  await sharedSecret(print);
  await memoryGuards(print);
  if (redisUrl) await redisGuards(redisUrl, print);
  else print("Redis guard: skipped (set REDIS_URL, e.g. redis://127.0.0.1:6379, to run it)");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
