/**
 * Three gateway instances behind a round-robin balancer (no affinity), one
 * modern and one legacy upstream: a modern upstream's MRTR flow completes
 * whichever instance serves each round; a legacy upstream's held call
 * retried on another instance gets the documented error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpTransport, type PendingInput } from "@mrtr/client";
import { createHttpHandler } from "@mrtr/server";
import { createGateway, type Gateway } from "@mrtr/gateway";
import { serve } from "../../../test/helpers/auth.js";
import type { Sdk1HttpServer } from "../../../test/interop/fixtures/sdk1-legacy-server.js";
import { frontClient, modernHttp, sdk1Http, textOf } from "./helpers/upstreams.js";
import { roundRobin, type RoundRobin } from "./helpers/round-robin.js";

describe("three gateway instances behind a round-robin balancer", () => {
  let modern: Awaited<ReturnType<typeof modernHttp>>;
  let legacy: Sdk1HttpServer;
  const gateways: Gateway[] = [];
  const fronts: { url: string; close(): Promise<void> }[] = [];
  let balancer: RoundRobin;

  beforeAll(async () => {
    modern = await modernHttp();
    legacy = await sdk1Http();
    const origins: string[] = [];
    for (const id of ["g1", "g2", "g3"]) {
      const gateway = createGateway({
        instanceId: id,
        upstreams: { modern: { url: modern.url }, old: { url: legacy.url } },
        // Instances of one fleet share the requestState secret (and the server's name, its audience).
        server: { requestState: { secrets: ["fleet-secret-0123456789abcdef0123456789"] } },
      });
      await gateway.start();
      gateways.push(gateway);
      const running = await serve(createHttpHandler(gateway.server));
      fronts.push(running);
      origins.push(running.url);
    }
    balancer = await roundRobin(origins);
  }, 60_000);
  afterAll(async () => {
    await balancer?.close();
    for (const f of fronts) await f.close();
    for (const g of gateways) await g.close();
    await modern?.close();
    await legacy?.close();
  }, 30_000);

  it("completes a modern upstream's two-round flow with each round on another instance", async () => {
    const { client, asked } = frontClient(httpTransport(`${balancer.url}/mcp`));
    const before = balancer.served.length;
    expect(textOf(await client.callTool("modern_two-questions"))).toBe("Ada likes green");
    expect(asked).toHaveLength(2);
    const rounds = balancer.served.slice(before);
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rounds.slice(-3)).size).toBe(3);
  });

  it("answers a legacy upstream's held call retried on another instance with HeldElsewhereError, naming both instances and the balancer setting", async () => {
    const { client } = frontClient(httpTransport(`${balancer.url}/mcp`));
    const first = await client.start("tools/call", { name: "old_ask_name" });
    expect(first.status).toBe("input_required");
    const error = await client.resume(first as PendingInput, Object.fromEntries(Object.keys((first as PendingInput).inputRequests ?? {}).map((k) => [k, { action: "accept", content: { name: "Ada" } }]))).then(
      () => undefined,
      (e: { code?: number; message: string; data?: unknown }) => e,
    );
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(/held by gateway instance g\d, not g\d/);
    expect(error?.message).toContain("affinity");
    expect(error?.data).toMatchObject({ reason: "held-elsewhere" });
  });

  it("completes the same legacy call when every round reaches the instance holding it", async () => {
    const { client, asked } = frontClient(httpTransport(`${fronts[1]!.url}/mcp`));
    expect(textOf(await client.callTool("old_ask_name"))).toBe("hello Ada");
    expect(asked).toHaveLength(1);
  });
});
