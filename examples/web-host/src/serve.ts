/**
 * `npm start -w @mrtr/example-web-host`: serves the built page, the demo
 * MCP endpoints and the development authorization server on 127.0.0.1
 * ($PORT, default 4000), and the sandbox proxy of MCP Apps views on
 * localhost ($SANDBOX_PORT, default $PORT + 1, or a free port when $PORT is 0),
 * until Ctrl+C.
 */
import { startDevServer } from "./dev-server.js";

const port = Number(process.env.PORT ?? 4000);
const server = await startDevServer({ port, sandboxPort: Number(process.env.SANDBOX_PORT ?? (port === 0 ? 0 : port + 1)) });
console.log(`mrtr browser host: open ${server.url}`);
console.log(`  demo server            ${server.endpoints.open}`);
console.log(`  protected demo server  ${server.endpoints.protected}`);
console.log(`  apps demo server       ${server.endpoints.apps} (a tool with an MCP Apps view)`);
console.log(`  sandbox proxy          ${server.sandboxProxyUrl} (views run here, another origin than the page)`);
console.log(`  authorization server   ${server.authorizationServer.issuer} (development only: it approves every sign-in)`);
process.on("SIGINT", () => {
  void server.close().then(() => process.exit(0));
});
