/**
 * A stdio upstream that crashes in the middle of a call: that call fails
 * with an error naming the upstream, the process is started again, and the
 * next call is served by the new process.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcessTransport } from "@mrtr/server";
import { createGateway, type Gateway, type GatewayWarning } from "@mrtr/gateway";
import { sourceArgs } from "../../../test/helpers/processes.js";
import { repoRoot } from "../../../test/helpers/paths.js";
import { frontClient, textOf } from "./helpers/upstreams.js";

const fixture = resolve(repoRoot, "packages/gateway/test/fixtures/crashing-server.ts");

describe("a supervised stdio upstream that crashes mid-call", () => {
  let gateway: Gateway;
  const warnings: GatewayWarning[] = [];
  beforeAll(async () => {
    gateway = createGateway({
      upstreams: { fragile: { command: process.execPath, args: sourceArgs(fixture), cwd: repoRoot, start: "boot", restart: { initialMs: 50, maxMs: 200 } } },
      onWarning: (w) => void warnings.push(w),
    });
    await gateway.start();
  }, 30_000);
  afterAll(() => gateway?.close(), 30_000);

  it("fails the call in flight with an error naming the upstream, restarts it, and serves the next call from the new process", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    const before = Number(textOf(await client.callTool("fragile_pid")));
    expect(before).toBeGreaterThan(0);
    const crashed = await client.callTool("fragile_crash").then(
      () => undefined,
      (e: { code?: number; message: string }) => e,
    );
    expect(crashed?.code).toBe(-32603);
    expect(crashed?.message).not.toContain("stderr");
    expect(crashed?.message).toContain('Upstream "fragile"');
    let after = before;
    for (let attempt = 0; attempt < 50 && after === before; attempt++) {
      after = await client.callTool("fragile_pid").then((r) => Number(textOf(r)), () => before);
      if (after === before) await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).not.toBe(before);
    expect(gateway.status()[0]).toMatchObject({ name: "fragile", restarts: 1, state: "up" });
    expect(warnings.map((w) => w.kind)).toEqual(expect.arrayContaining(["upstream-down", "call-failed"]));
    // The details (exit code, stderr) reach the operator's warnings, not the caller.
    expect(warnings.find((w) => w.kind === "call-failed")?.message).toContain("exited with code 3");
  });
});
