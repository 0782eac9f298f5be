import { createClient, createCluster } from "@redis/client";
import type { DPoPReplayCache } from "@mrtr/server/auth";
import { describe, expectTypeOf, it } from "vitest";
import { RedisDPoPReplayCache, type RedisDPoPReplayCacheOptions } from "@mrtr/redis/dpop";

describe("RedisDPoPReplayCache", () => {
  it("is a DPoPReplayCache that takes node-redis clients and clusters", () => {
    expectTypeOf<RedisDPoPReplayCache>().toExtend<DPoPReplayCache>();
    expectTypeOf(createClient()).toExtend<RedisDPoPReplayCacheOptions["client"]>();
    expectTypeOf(createCluster({ rootNodes: [] })).toExtend<RedisDPoPReplayCacheOptions["client"]>();
  });
});
