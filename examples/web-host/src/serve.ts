/**
 * `npm start -w @mrtr/example-web-host`: serves the built page, the demo
 * MCP endpoints and the development authorization server on 127.0.0.1
 * ($PORT, default 4000) until Ctrl+C.
 */
import { startDevServer } from "./dev-server.js";

const server = await startDevServer({ port: Number(process.env.PORT ?? 4000) });
console.log(`mrtr browser host: open ${server.url}`);
console.log(`  demo server            ${server.endpoints.open}`);
console.log(`  protected demo server  ${server.endpoints.protected}`);
console.log(`  authorization server   ${server.authorizationServer.issuer} (development only: it approves every sign-in)`);
process.on("SIGINT", () => {
  void server.close().then(() => process.exit(0));
});
