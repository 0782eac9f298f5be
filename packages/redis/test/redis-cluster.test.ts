/**
 * The task store, the replay guard and the DPoP replay cache on a real Redis
 * Cluster of three primaries (`redis-server --cluster-enabled yes`, started
 * here in a temporary folder and stopped by pid: helpers/cluster.ts), through
 * node-redis cluster clients (`createCluster`): the task store keeps its
 * whole contract, claims hold once across two cluster clients, and the keys
 * of many tasks, owners and claims land on every primary (none of them pins
 * its keys to one slot with a shared hash tag, as the task store's `{tasks}`
 * once did: that layout fails the counts below).
 */
import { randomBytes } from "node:crypto";
import { createClient } from "@redis/client";
import type { TaskRecord } from "@mrtr/tasks/server";
import { afterAll, describe, expect, it } from "vitest";
import { RedisReplayGuard } from "../src/index.js";
import { RedisDPoPReplayCache } from "../src/dpop/index.js";
import { RedisTaskStore } from "../src/tasks/index.js";
import { taskKeys } from "../src/tasks/task-keys.js";
import { describeTaskStore, taskRecord, untilHeard } from "../../tasks/test/task-store-contract.js";
import { clusterForSuite, type TestCluster } from "./helpers/cluster.js";
import { until } from "./helpers/waiting.js";
import { hasRedisServer, redisMissingMessage, stopAllRedis } from "../../../test/helpers/redis-server.js";

if (!hasRedisServer) console.warn(`${redisMissingMessage} (the Redis Cluster tests need it too)`);
// Nodes a failing test did not get to stop.
afterAll(stopAllRedis);

const newId = () => randomBytes(16).toString("base64url");
const task = (overrides: Partial<TaskRecord> = {}) => taskRecord(Date.now(), overrides);

/** How many keys under `prefix` each primary holds, counted on the node itself (SCAN, not through the cluster). */
async function keysPerNode(nodes: TestCluster["nodes"], prefix: string): Promise<number[]> {
  return Promise.all(
    nodes.map(async (node) => {
      const direct = createClient({ url: node.url });
      direct.on("error", () => {});
      await direct.connect();
      let count = 0;
      for await (const batch of direct.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) count += batch.length;
      direct.destroy();
      return count;
    }),
  );
}

describe.skipIf(!hasRedisServer)("on a Redis Cluster of three primaries", () => {
  const cluster = clusterForSuite();

  describeTaskStore("RedisTaskStore, two instances on two cluster clients", async (now) => {
    const [a, b] = await Promise.all([cluster.connect(), cluster.connect()]);
    const store = new RedisTaskStore({ client: a, keyPrefix: "contract:", now });
    const other = new RedisTaskStore({ client: b, keyPrefix: "contract:", now });
    return {
      store,
      other,
      async cleanup() {
        await Promise.all([store.close(), other.close()]);
        await Promise.all([a.close(), b.close()]);
      },
    };
  });

  it("RedisTaskStore spreads tasks and owners over every primary, one owner's tasks too, and announces across nodes", async () => {
    const [a, b] = await Promise.all([cluster.connect(), cluster.connect()]);
    const store = new RedisTaskStore({ client: a, keyPrefix: "spread:" });
    const other = new RedisTaskStore({ client: b, keyPrefix: "spread:" });
    const seen: string[] = [];
    other.subscribe((id) => seen.push(id));
    await untilHeard(store, seen);

    // 40 owners with 3 tasks each, created through either client at once.
    const owners = Array.from({ length: 40 }, () => `owner-${newId()}`);
    const many = owners.flatMap((owner) => [task({ owner }), task({ owner }), task({ owner })]);
    expect(await Promise.all(many.map((r, i) => (i % 2 ? store : other).create(r, { maxPerOwner: 3 })))).toEqual(many.map(() => true));
    expect(await store.create(task({ owner: owners[0]! }), { maxPerOwner: 3 })).toBe(false);
    for (const record of many) {
      expect(await other.get(record.taskId)).toEqual(record);
      expect(await other.update({ ...record, status: "completed", version: 2 })).toBe(true);
    }
    await until(() => many.every((r) => seen.filter((id) => id === r.taskId).length === 2), "the create and update of every task to be announced");

    const perNode = await keysPerNode(cluster.nodes(), "spread:");
    // Every task and every owner's set (and the probes untilHeard wrote).
    expect(perNode.reduce((x, y) => x + y)).toBeGreaterThanOrEqual(many.length + owners.length);
    for (const [i, count] of perNode.entries()) expect(count, `task keys on the primary at port ${cluster.nodes()[i]!.port}`).toBeGreaterThan(0);
    const names = taskKeys("spread:");
    const slots = new Set(await Promise.all(many.map((r) => a.clusterKeySlot(names.record(names.taskHash(r.taskId))))));
    expect(slots.size).toBeGreaterThan(many.length * 0.9);
    await Promise.all([store.close(), other.close()]);
    await Promise.all([a.close(), b.close()]);
  });

  it("RedisTaskStore counts one owner's tasks in one place while the tasks themselves land on several primaries", async () => {
    const client = await cluster.connect();
    const store = new RedisTaskStore({ client, keyPrefix: "one-owner:" });
    const owner = `owner-${newId()}`;
    const records = Array.from({ length: 30 }, () => task({ owner }));
    const results = await Promise.all(records.map((r) => store.create(r, { maxPerOwner: 25 })));
    expect(results.filter(Boolean)).toHaveLength(25);
    const stored = await Promise.all(records.map((r) => store.get(r.taskId)));
    expect(stored.filter(Boolean)).toHaveLength(25);

    const perNode = await keysPerNode(cluster.nodes(), "one-owner:");
    expect(perNode.reduce((x, y) => x + y)).toBe(25 + 1); // the stored tasks and the owner's one set
    expect(perNode.filter((count) => count > 0).length, `keys per primary: ${perNode.join(", ")}`).toBeGreaterThan(1);
    await store.close();
    await client.close();
  });

  it("RedisReplayGuard claims each state once across two cluster clients, its keys on every primary", async () => {
    const [a, b] = await Promise.all([cluster.connect(), cluster.connect()]);
    const guards = [new RedisReplayGuard({ client: a, keyPrefix: "guard:" }), new RedisReplayGuard({ client: b, keyPrefix: "guard:" })];
    const ids = Array.from({ length: 90 }, newId);
    const expiresAt = Date.now() + 60_000;
    expect(await Promise.all(ids.map((id, i) => guards[i % 2]!.claim(id, expiresAt)))).toEqual(ids.map(() => true));
    expect(await Promise.all(ids.map((id, i) => guards[(i + 1) % 2]!.claim(id, expiresAt)))).toEqual(ids.map(() => false));
    const raced = newId();
    const race = await Promise.all(Array.from({ length: 50 }, (_, i) => guards[i % 2]!.claim(raced, expiresAt)));
    expect(race.filter(Boolean)).toHaveLength(1);

    const perNode = await keysPerNode(cluster.nodes(), "guard:");
    expect(perNode.reduce((x, y) => x + y)).toBe(ids.length + 1);
    for (const [i, count] of perNode.entries()) expect(count, `claims on the primary at port ${cluster.nodes()[i]!.port}`).toBeGreaterThan(0);
    await Promise.all(guards.map((guard) => guard.close()));
    await Promise.all([a.close(), b.close()]);
  });

  it("RedisDPoPReplayCache accepts each proof once across two cluster clients, its keys on every primary", async () => {
    const [a, b] = await Promise.all([cluster.connect(), cluster.connect()]);
    const caches = [new RedisDPoPReplayCache({ client: a, keyPrefix: "dpop:" }), new RedisDPoPReplayCache({ client: b, keyPrefix: "dpop:" })];
    const proofs = Array.from({ length: 90 }, () => `${newId()}.${newId()}`);
    const expiresAt = Date.now() + 60_000;
    expect(await Promise.all(proofs.map((id, i) => caches[i % 2]!.claim(id, expiresAt)))).toEqual(proofs.map(() => true));
    expect(await Promise.all(proofs.map((id, i) => caches[(i + 1) % 2]!.claim(id, expiresAt)))).toEqual(proofs.map(() => false));
    const raced = `${newId()}.${newId()}`;
    const race = await Promise.all(Array.from({ length: 50 }, (_, i) => caches[i % 2]!.claim(raced, expiresAt)));
    expect(race.filter(Boolean)).toHaveLength(1);

    const perNode = await keysPerNode(cluster.nodes(), "dpop:");
    expect(perNode.reduce((x, y) => x + y)).toBe(proofs.length + 1);
    for (const [i, count] of perNode.entries()) expect(count, `proofs on the primary at port ${cluster.nodes()[i]!.port}`).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close()]);
  });
});
