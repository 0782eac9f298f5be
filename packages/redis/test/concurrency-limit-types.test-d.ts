import { createClient, createCluster, RESP_TYPES } from "@redis/client";
import type { ConcurrencyStore } from "@mrtr/server/middleware";
import { describe, expectTypeOf, it } from "vitest";
import { RedisConcurrencyStore, type RedisConcurrencyClient } from "@mrtr/redis/concurrency-limit";

describe("RedisConcurrencyStore", () => {
  it("is a ConcurrencyStore that takes node-redis clients and clusters, whatever their RESP version or type mapping", () => {
    expectTypeOf<RedisConcurrencyStore>().toExtend<ConcurrencyStore>();
    expectTypeOf(createClient()).toExtend<RedisConcurrencyClient>();
    expectTypeOf(createClient({ RESP: 2 })).toExtend<RedisConcurrencyClient>();
    expectTypeOf(createClient().withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer })).toExtend<RedisConcurrencyClient>();
    expectTypeOf(createCluster({ rootNodes: [] })).toExtend<RedisConcurrencyClient>();
  });

  it("refuses what is not a node-redis client", () => {
    expectTypeOf<{ eval(script: string): Promise<unknown> }>().not.toExtend<RedisConcurrencyClient>();
  });
});
