/**
 * `npm start -w @mrtr/example-web-host`: serves the built page, the demo
 * MCP endpoints and the development authorization server on 127.0.0.1
 * ($PORT, default 4000), and the sandbox proxy of MCP Apps views on
 * localhost ($SANDBOX_PORT, default $PORT + 1, or a free port when $PORT is 0),
 * until Ctrl+C.
 *
 * With CROSS_ORIGIN=1, the MCP endpoints move to a server of their own on
 * localhost ($MCP_PORT, default $PORT + 2, or a free port when $PORT is 0),
 * another origin and host name than the page's, reached with CORS; the
 * protected one takes DPoP-bound tokens only (dev-server.ts).
 */
import { startDevServer } from "./dev-server.js";

const port = Number(process.env.PORT ?? 4000);
const next = (offset: number) => (port === 0 ? 0 : port + offset);
const crossOrigin = process.env.CROSS_ORIGIN === "1" || process.env.CROSS_ORIGIN === "true";
const server = await startDevServer({
  port,
  sandboxPort: Number(process.env.SANDBOX_PORT ?? next(1)),
  ...(crossOrigin && { crossOrigin: { port: Number(process.env.MCP_PORT ?? next(2)) } }),
});
const where = server.crossOrigin ? ` (another origin than the page's: CORS for ${new URL(server.url).origin})` : "";
console.log(`mrtr browser host: open ${server.url}`);
console.log(`  demo server            ${server.endpoints.open}${where}`);
console.log(`  protected demo server  ${server.endpoints.protected}${server.crossOrigin ? " (DPoP-bound tokens only)" : ""}`);
console.log(`  apps demo server       ${server.endpoints.apps} (a tool with an MCP Apps view)`);
console.log(`  sandbox proxy          ${server.sandboxProxyUrl} (views run here, another origin than the page)`);
console.log(`  authorization server   ${server.authorizationServer.issuer} (development only: it approves every sign-in${server.crossOrigin ? "; it issues DPoP-bound tokens" : ""})`);
process.on("SIGINT", () => {
  void server.close().then(() => process.exit(0));
});
