/**
 * Upstreams that never answer: an HTTP server that accepts every request and
 * never responds, one that answers its lists but never a tools/call, and
 * the same two over stdio (a process that never writes a byte, one that
 * reads a tools/call and drops it). Rule: an upstream that never answers is
 * bounded by its `timeoutMs`: the gateway still starts (that upstream down,
 * with the reason), the others work, and a call to it fails with a clear
 * error instead of hanging.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, type Gateway, type GatewayWarning } from "@mrtr/gateway";
import { caller, frontServer, rawHttp, rejection, served, stdioScript, textOf, toolServer, type RunningUpstream } from "./fixtures/servers.js";

/** The time limit of the upstreams that never answer: small, so a hang ends soon (the healthy one keeps the default). */
const timeoutMs = 1_000;

describe("upstreams that never answer (HTTP and stdio)", () => {
  let mute: RunningUpstream;
  let stall: RunningUpstream;
  let ok: RunningUpstream;
  let gateway: Gateway;
  const warnings: GatewayWarning[] = [];

  beforeAll(async () => {
    // Accepts every request (headers read) and never writes a byte back.
    mute = await rawHttp(() => true);
    // Our server answers discover and tools/list; a tools/call is accepted and never answered.
    stall = await rawHttp((method) => method === "tools/call", toolServer("stall", ["stall"]));
    ok = await served(toolServer("ok", ["ping"]));
    gateway = createGateway({
      upstreams: {
        mute: { url: mute.url, timeoutMs: 300 },
        stall: { url: stall.url, timeoutMs },
        quiet: { ...stdioScript("silent.mjs"), start: "boot", timeoutMs },
        "pipe-stall": { ...stdioScript("hangs-on-call.mjs"), start: "boot", timeoutMs },
        ok: { url: ok.url },
      },
      server: frontServer,
      onWarning: (w) => void warnings.push(w),
    });
    // The rule's first half: start() resolves although two upstreams never answer.
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([mute, stall, ok].map((u) => u?.close()));
  });

  it("rule upstream-timeout: start() resolves, the mute HTTP upstream is down with its reason, the others are up", () => {
    const status = Object.fromEntries(gateway.status().map((s) => [s.name, s]));
    expect(status.mute).toMatchObject({ state: "down", items: 0 });
    expect(status.mute!.lastError).toMatch(/server\/discover.*300 ms/);
    expect(warnings.filter((w) => w.kind === "upstream-down").map((w) => w.upstream)).toContain("mute");
    expect(status.ok).toMatchObject({ state: "up", items: 1 });
    expect(status.stall).toMatchObject({ state: "up", items: 1 });
    expect(status["pipe-stall"]).toMatchObject({ state: "up", items: 1 });
  });

  it("rule upstream-timeout: the stdio upstream that never writes (its process running) is down in status() with its reason, and offers nothing", () => {
    const quiet = gateway.status().find((s) => s.name === "quiet")!;
    expect(quiet).toMatchObject({ state: "down", items: 0 });
    expect(quiet.lastError).toMatch(/server\/discover.*1000 ms/);
    expect(warnings.filter((w) => w.kind === "upstream-down").map((w) => w.upstream)).toContain("quiet");
  });

  it("rule upstream-timeout: the others work; what the mute upstream never listed is refused as unknown", async () => {
    const client = caller(gateway.server, undefined);
    const names = (await client.listAllTools()).map((t) => t.name).sort();
    expect(names).toEqual(["ok_ping", "pipe-stall_stall", "stall_stall"]);
    expect(textOf(await client.callTool("ok_ping"))).toBe("ok:ping");
    expect(await rejection(client.callTool("mute_ping"))).toMatchObject({ code: -32602 });
  });

  it("rule upstream-timeout: a call the HTTP upstream accepts and never answers fails with a clear error naming the upstream and that it ran out of time", async () => {
    const client = caller(gateway.server, undefined);
    const error = await rejection(client.callTool("stall_stall"));
    expect(error).toMatchObject({ code: -32603, data: { reason: "upstream-failed", upstream: "stall" } });
    expect(error.message).toMatch(/Upstream "stall".*\btime/);
    // Others unaffected, during and after.
    expect(textOf(await client.callTool("ok_ping"))).toBe("ok:ping");
  }, 10_000);

  it("rule upstream-timeout: a call the stdio upstream reads and never answers fails with a clear error naming the upstream and that it ran out of time", async () => {
    const client = caller(gateway.server, undefined);
    const error = await rejection(client.callTool("pipe-stall_stall"));
    expect(error).toMatchObject({ code: -32603, data: { reason: "upstream-failed", upstream: "pipe-stall" } });
    expect(error.message).toMatch(/Upstream "pipe-stall".*\btime/);
    expect(textOf(await client.callTool("ok_ping"))).toBe("ok:ping");
  }, 10_000);
});
