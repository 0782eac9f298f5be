/**
 * Upstream tool schemas the front server cannot compile: the draft-07
 * `$schema` every SDK 1.x server with zod arguments sends (the fixture's
 * `greet`), and a hostile one (a `pattern` that is no regular expression).
 * Rule: a call to such a tool is forwarded, or refused with a clear error
 * naming the tool; never a bare "Internal error", and the upstream's other
 * tools are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, type Gateway, type GatewayWarning } from "@mrtr/gateway";
import { startSdk1HttpServer, type Sdk1HttpServer } from "../../../../test/interop/fixtures/sdk1-legacy-server.js";
import { caller, frontServer, served, textOf, toolServer, type RunningUpstream } from "./fixtures/servers.js";

describe("upstream tool schemas the front cannot compile", () => {
  let legacy: Sdk1HttpServer;
  let odd: RunningUpstream;
  let gateway: Gateway;
  const warnings: GatewayWarning[] = [];

  beforeAll(async () => {
    legacy = await startSdk1HttpServer();
    // Our server, its list bent by middleware: `odd` declares an argument whose pattern is no regular expression.
    const server = toolServer("odd", ["plain"]);
    server.use(async (call, next) => {
      if (call.method === "tools/list") {
        return {
          resultType: "complete",
          cacheScope: "public",
          ttlMs: 0,
          tools: [
            { name: "plain", inputSchema: { type: "object" } },
            { name: "odd", inputSchema: { type: "object", properties: { q: { type: "string", pattern: "([unclosed" } } } },
          ],
        };
      }
      if (call.method === "tools/call") return { resultType: "complete", content: [{ type: "text", text: `odd:${String(call.params.name)}` }] };
      return next();
    });
    odd = await served(server);
    gateway = createGateway({ upstreams: { old: { url: legacy.url }, odd: { url: odd.url } }, server: frontServer, onWarning: (w) => void warnings.push(w) });
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await legacy?.close();
    await odd?.close();
  });

  it("rule clear-errors: the upstream's plain tools are callable", async () => {
    const client = caller(gateway.server, undefined, "auto");
    expect(textOf(await client.callTool("old_slow_count"))).toBe("counted 3");
    expect(textOf(await client.callTool("odd_plain"))).toBe("odd:plain");
  });

  /** A call either answered by the upstream, or refused with an error that names the tool (not a bare "Internal error"). */
  async function forwardedOrClear(tool: string, args: Record<string, unknown>, answer: string): Promise<void> {
    const client = caller(gateway.server, undefined, "auto");
    let outcome: string;
    try {
      outcome = textOf(await client.callTool(tool, args));
    } catch (error) {
      outcome = (error as Error).message;
      expect(outcome).not.toMatch(/Internal error$/);
      expect(outcome).toContain(tool);
      return;
    }
    expect(outcome).toBe(answer);
  }

  // The front server registers the upstream's inputSchema as it came and checks arguments against it: it must read draft-07.
  it("rule clear-errors: an SDK 1.x tool whose inputSchema declares draft-07 is callable through the gateway", async () => {
    await forwardedOrClear("old_greet", { name: "Bob" }, "hello Bob");
  });

  // A tool whose schema does not compile is not offered (an item-skipped warning names it): a call is refused as unknown, naming it.
  it("rule clear-errors: a tool whose schema holds an invalid pattern is forwarded or refused clearly", async () => {
    await forwardedOrClear("odd_odd", { q: "x" }, "odd:odd");
  });
});
