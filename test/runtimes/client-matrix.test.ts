/**
 * Our client works inside every runtime: fixtures/client-script.ts (on the
 * packages' dist/) runs once on Node 20 (the baseline), Node 22, Node 24,
 * Bun and Deno, against servers this Node 20 process serves: a multi
 * round-trip with progress on our server; the legacy plugin against a
 * 2025-11-25 server (the official SDK 1.x, test/interop/fixtures); and
 * client credentials with DPoP-bound tokens through `withAuth`.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { startSdk1HttpServer, type Sdk1HttpServer } from "../interop/fixtures/sdk1-legacy-server.js";
import { DPOP_CLIENT, startDpopServers, type DpopServers } from "./fixtures/dpop-authorization.js";
import { fixtureServer } from "./fixtures/server.js";
import { distMissing, MATRIX, runJson, runtime, titleOf } from "./matrix.js";

const SCRIPT = "test/runtimes/fixtures/client-script.ts";
type Check = { ok: true; value: any } | { ok: false; error: string };
type Report = { runtime: string; client: string; checks: Record<string, Check> };

let mrtr: Server;
let legacy: Sdk1HttpServer;
let auth: DpopServers;
let env: Record<string, string> = {};
const runtimes = MATRIX.map(runtime);

beforeAll(async () => {
  if (runtimes.every((rt) => rt.skip !== undefined)) return;
  const missing = distMissing();
  if (missing !== undefined) throw new Error(missing);
  mrtr = createNodeServer(createHttpHandler(fixtureServer("node (test process)"), { path: "/mcp" }));
  await new Promise<void>((r) => mrtr.listen(0, "127.0.0.1", r));
  [legacy, auth] = await Promise.all([startSdk1HttpServer(), startDpopServers()]);
  env = {
    MRTR_URL: `http://127.0.0.1:${(mrtr.address() as AddressInfo).port}/mcp`,
    LEGACY_URL: legacy.url,
    AUTH_URL: auth.mcpUrl,
    AUTH_CLIENT_ID: DPOP_CLIENT.id,
    AUTH_CLIENT_SECRET: DPOP_CLIENT.secret,
  };
}, 60_000);

afterAll(async () => {
  mrtr?.closeAllConnections();
  await new Promise((r) => (mrtr ? mrtr.close(r) : r(undefined)));
  await legacy?.close();
  await auth?.close();
});

/** The value of a check that passed; a check that failed fails the test with the error the script caught. */
function valueOf(report: Report, name: string): any {
  const check = report.checks[name];
  if (check === undefined) throw new Error(`the script reported no "${name}" check: ${JSON.stringify(report)}`);
  if (!check.ok) throw new Error(`${report.runtime}: ${name} failed inside the runtime: ${check.error}`);
  return check.value;
}

for (const rt of runtimes) {
  describe.skipIf(rt.skip !== undefined)(`our client inside ${titleOf(rt)}`, () => {
    let report: Report;
    beforeAll(async () => {
      report = await runJson<Report>(rt, SCRIPT, env);
    }, 120_000);

    it("runs the packages' dist/ on the runtime named", () => {
      expect(report.runtime.split(" ")[0]).toBe(rt.name.replace(/\d+$/, ""));
      expect(report.client).toMatch(/\/packages\/client\/dist\/index\.js$/);
    });

    it("completes a multi round-trip against our server, the form handler asked once, and receives progress", () => {
      expect(valueOf(report, "mrtr")).toEqual({ greeted: "hello Ada", asked: ["Your name?"], stepped: "done", progress: [1, 2, 3] });
    });

    it("reaches a 2025-11-25 server through the legacy plugin: legacy verdict, a call, and elicitation/create answered by the same handler", () => {
      expect(valueOf(report, "legacy")).toEqual({
        verdicts: [{ era: "legacy", protocolVersion: "2025-11-25" }],
        greeted: "hello Grace",
        elicited: "hello Ada",
        asked: ["Your name?"],
      });
    });

    it("obtains a DPoP-bound token with client credentials, answers the server's nonce, and calls a protected tool as the client", () => {
      const value = valueOf(report, "auth");
      expect(value.whoami).toBe(`${auth.issuer}#${DPOP_CLIENT.id} with a bound token`);
      expect(value.events).toContain("dpop-nonce");
      expect(JSON.stringify(value)).not.toContain(DPOP_CLIENT.secret);
    });
  });
}
