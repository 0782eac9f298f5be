/**
 * An upstream that answers a tools/call with progress reports that never
 * end: over HTTP an event stream (our server, a tool reporting progress
 * until it is given up), over stdio a process writing progress lines for
 * ever. Rule: a call through the gateway is bounded by the upstream's
 * `timeoutMs` however much progress it reports, and fails with a clear
 * error; other calls and upstreams are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, type Gateway } from "@mrtr/gateway";
import { caller, frontServer, rejection, served, stdioScript, text, textOf, toolServer, type RunningUpstream } from "./fixtures/servers.js";

/** The streaming upstreams' time limit, small (the healthy one keeps the default). */
const timeoutMs = 1_000;
/** Past this the call is taken as hanging (a hang detector, not a timing assertion): thirty times the limit, room for a loaded machine. */
const HANG_MS = 30_000;

describe("upstreams streaming progress for ever (HTTP event stream, stdio)", () => {
  let chatty: RunningUpstream;
  let ok: RunningUpstream;
  let gateway: Gateway;

  beforeAll(async () => {
    // Our server: `forever` reports progress every 20 ms until the request is given up; its stream never ends on its own.
    const server = toolServer("chatty", ["quick"], { progress: { minIntervalMs: 0 } });
    server.tool({
      name: "forever",
      async handler(_args, ctx) {
        for (let n = 1; !ctx.signal.aborted; n++) {
          ctx.progress(n, undefined, `still going (${n})`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return text("given up");
      },
    });
    chatty = await served(server);
    ok = await served(toolServer("ok", ["ping"]));
    gateway = createGateway({
      upstreams: { chatty: { url: chatty.url, timeoutMs }, pipe: { ...stdioScript("progress-forever.mjs"), start: "boot", timeoutMs }, ok: { url: ok.url } },
      server: frontServer,
    });
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    // Also ends a call still streaming, should one be.
    await gateway?.close();
    await chatty?.close();
    await ok?.close();
  });

  /** Calls `tool` of an endless upstream; while it streams, the others answer; it must end with a clear error. */
  async function boundedCall(tool: string, upstream: string, quick: string): Promise<void> {
    const client = caller(gateway.server, undefined);
    const reports: number[] = [];
    const call = client.callTool(tool, {}, { onProgress: (p) => void reports.push(p.progress) });
    void call.catch(() => undefined);
    // While it streams, the other upstream and the same upstream's other tool answer.
    expect(textOf(await client.callTool("ok_ping"))).toBe("ok:ping");
    expect(textOf(await client.callTool(quick))).toMatch(/:quick$/);
    const error = await rejection(call);
    expect(error).toMatchObject({ code: -32603, data: { reason: "upstream-failed", upstream } });
    expect(error.message).toContain(`Upstream "${upstream}"`);
    expect(error.message).toMatch(/\btime/);
    // The front saw the upstream's progress while it lasted.
    expect(reports.length).toBeGreaterThan(0);
    expect(textOf(await client.callTool("ok_ping"))).toBe("ok:ping");
  }

  // Each progress report renews the transport's exchange clock (up to its maxTimeoutMs, 10 minutes): the bound must come from the gateway.
  it("rule upstream-timeout (progress does not extend it for ever), HTTP event stream: the front call ends with a clear error naming the upstream; the others still answer", async () => {
    await boundedCall("chatty_forever", "chatty", "chatty_quick");
  }, HANG_MS);

  it("rule upstream-timeout (progress does not extend it for ever), stdio: the front call ends with a clear error naming the upstream; the others still answer", async () => {
    await boundedCall("pipe_forever", "pipe", "pipe_quick");
  }, HANG_MS);
});
