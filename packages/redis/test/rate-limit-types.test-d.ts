import { createClient, createCluster, RESP_TYPES } from "@redis/client";
import type { RateLimitStore } from "@mrtr/server/middleware";
import { describe, expectTypeOf, it } from "vitest";
import { RedisRateLimitStore, type RedisRateLimitClient } from "@mrtr/redis/rate-limit";

describe("RedisRateLimitStore", () => {
  it("is a RateLimitStore that takes node-redis clients and clusters, whatever their RESP version or type mapping", () => {
    expectTypeOf<RedisRateLimitStore>().toExtend<RateLimitStore>();
    expectTypeOf(createClient()).toExtend<RedisRateLimitClient>();
    expectTypeOf(createClient({ RESP: 2 })).toExtend<RedisRateLimitClient>();
    expectTypeOf(createClient().withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer })).toExtend<RedisRateLimitClient>();
    expectTypeOf(createCluster({ rootNodes: [] })).toExtend<RedisRateLimitClient>();
  });

  it("refuses what is not a node-redis client", () => {
    expectTypeOf<{ eval(script: string): Promise<unknown> }>().not.toExtend<RedisRateLimitClient>();
  });
});
