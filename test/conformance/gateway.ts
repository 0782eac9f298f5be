/**
 * The gateway conformance target: an @mrtr/gateway whose one upstream is the
 * conformance fixture served over HTTP on loopback, with `namespace: false`
 * (tool and prompt names kept as the fixture names them; resources keep
 * their URIs), its front served on $PORT (default 3101) at /mcp by
 * `createHttpHandler`, which serves clients of the initialize-based
 * revisions too by default. `npm run test:conformance` runs the 2026-07-28
 * server set (`server-gateway`) and the 2025-11-25 requirement set
 * (`server-gateway-2025-11-25`) against it; the same scores as the fixture
 * alone show the gateway is transparent.
 *
 * The upstream is `$UPSTREAM_URL` (the runner starts `server.ts` in its own
 * process, with `--legacy` for the 2025-11-25 set so the fixture has the
 * tools those scenarios call); without it this process serves the fixture
 * itself on a free loopback port (`--legacy` making it dual-era), so
 * `node --import tsx test/conformance/gateway.ts [--legacy]` runs alone.
 */
import type { AddressInfo } from "node:net";
import { createGateway } from "@mrtr/gateway";
import { createHttpHandler } from "@mrtr/server";
import { legacyHttp } from "@mrtr/server/legacy";
import { createNodeServer } from "@mrtr/server/node";
import { fixtureServer } from "./fixture.js";

const randomSecret = () => crypto.getRandomValues(new Uint8Array(32)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

/** The fixture on a free loopback port of this process, as server.ts serves it; its URL. */
async function serveFixtureHere(legacy: boolean): Promise<string> {
  const handler = createHttpHandler(fixtureServer(randomSecret(), { legacy }), { allowedHosts: "loopback", ...(legacy && { legacy: legacyHttp() }) });
  const listener = createNodeServer(handler);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`;
}

const port = Number(process.env.PORT ?? 3101);
const upstreamUrl = process.env.UPSTREAM_URL ?? (await serveFixtureHere(process.argv.includes("--legacy")));
const gateway = createGateway({
  upstreams: { fixture: { url: upstreamUrl } },
  namespace: false,
  server: { requestState: { secrets: [process.env.MRTR_STATE_SECRET ?? randomSecret()] } },
  onWarning: (w) => console.error(`gateway warning (${w.kind}, ${w.upstream}): ${w.message}`),
});
await gateway.start();
const [status] = gateway.status();
if (status?.state !== "up") throw new Error(`conformance gateway: the upstream ${upstreamUrl} is ${status?.state}${status?.lastError ? `: ${status.lastError}` : ""}`);
// A local server: only loopback host names. Legacy clients are served by the handler's default.
const handler = createHttpHandler(gateway.server, { allowedHosts: "loopback" });
createNodeServer(handler).listen(port, "127.0.0.1", () => {
  console.log(`conformance gateway listening on http://127.0.0.1:${port}/mcp (upstream ${upstreamUrl}, ${status.items} items)`);
});
