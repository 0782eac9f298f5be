import { createClient, createCluster, RESP_TYPES } from "@redis/client";
import type { ReplayGuard } from "@mrtr/server";
import { describe, expectTypeOf, it } from "vitest";
import { RedisReplayGuard, type RedisClaimClient } from "@mrtr/redis";
import { RedisTaskStore, type RedisTaskClient } from "@mrtr/redis/tasks";
import type { TaskStore } from "@mrtr/tasks/server";

describe("what the guard accepts", () => {
  it("takes node-redis clients and clusters, whatever their RESP version or type mapping (and so does the task store)", () => {
    const clients = [
      createClient(),
      createClient({ RESP: 2 }),
      createClient().withTypeMapping({ [RESP_TYPES.SIMPLE_STRING]: Buffer, [RESP_TYPES.BLOB_STRING]: Buffer }),
      createCluster({ rootNodes: [] }),
    ] as const;
    expectTypeOf(clients[0]).toExtend<RedisClaimClient & RedisTaskClient>();
    expectTypeOf(clients[1]).toExtend<RedisClaimClient & RedisTaskClient>();
    expectTypeOf(clients[2]).toExtend<RedisClaimClient & RedisTaskClient>();
    expectTypeOf(clients[3]).toExtend<RedisClaimClient & RedisTaskClient>();
  });

  it("refuses what is not a node-redis client", () => {
    expectTypeOf<{ set(key: string, value: string): Promise<string> }>().not.toExtend<RedisClaimClient>();
  });

  it("is a ReplayGuard whose claims are asynchronous", () => {
    expectTypeOf<RedisReplayGuard>().toExtend<ReplayGuard>();
    expectTypeOf<RedisReplayGuard["claim"]>().returns.toEqualTypeOf<Promise<boolean>>();
  });
});

describe("what the task store accepts", () => {
  it("refuses a client that cannot open a subscription", () => {
    expectTypeOf<Omit<RedisTaskClient, "duplicate">>().not.toExtend<RedisTaskClient>();
  });

  it("is a TaskStore", () => {
    expectTypeOf<RedisTaskStore>().toExtend<TaskStore>();
  });
});
