import { createClient, createCluster, RESP_TYPES } from "@redis/client";
import type { ReplayGuard } from "@mrtr/server";
import { describe, expectTypeOf, it } from "vitest";
import { RedisReplayGuard, type RedisClaimClient } from "@mrtr/redis";

describe("what the guard accepts", () => {
  it("takes node-redis clients and clusters, whatever their RESP version or type mapping", () => {
    expectTypeOf(createClient()).toExtend<RedisClaimClient>();
    expectTypeOf(createClient({ RESP: 2 })).toExtend<RedisClaimClient>();
    expectTypeOf(createClient().withTypeMapping({ [RESP_TYPES.SIMPLE_STRING]: Buffer })).toExtend<RedisClaimClient>();
    expectTypeOf(createCluster({ rootNodes: [] })).toExtend<RedisClaimClient>();
  });

  it("refuses what is not a node-redis client", () => {
    expectTypeOf<{ set(key: string, value: string): Promise<string> }>().not.toExtend<RedisClaimClient>();
  });

  it("is a ReplayGuard whose claims are asynchronous", () => {
    expectTypeOf<RedisReplayGuard>().toExtend<ReplayGuard>();
    expectTypeOf<RedisReplayGuard["claim"]>().returns.toEqualTypeOf<Promise<boolean>>();
  });
});
