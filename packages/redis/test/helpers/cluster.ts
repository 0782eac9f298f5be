/** A Redis Cluster (three primaries) for the tests of one describe block, started before them and stopped after. */
import { createCluster } from "@redis/client";
import { afterAll, beforeAll } from "vitest";
import { RedisCluster } from "../../../../test/helpers/redis-server.js";

const newCluster = (cluster: RedisCluster) => createCluster({ rootNodes: cluster.nodes.map((node) => ({ url: node.url })) });

/** Call inside a describe block: registers the cluster's start and stop, and gives its nodes and connected clients. */
export function clusterForSuite(): { nodes(): RedisCluster["nodes"]; connect(): Promise<ReturnType<typeof newCluster>> } {
  let cluster: RedisCluster | undefined;
  beforeAll(async () => {
    cluster = await RedisCluster.start(3);
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return {
    nodes: () => cluster!.nodes,
    async connect() {
      const client = newCluster(cluster!);
      client.on("error", () => {});
      await client.connect();
      return client;
    },
  };
}
