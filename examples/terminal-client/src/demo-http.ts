/**
 * `npm run demo`: serves the demo server over Streamable HTTP on loopback
 * ($PORT, default 3000, at /mcp) and runs the terminal client against it.
 * `--serve-only` only serves, for another client (or the conformance suite).
 */
import type { AddressInfo } from "node:net";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { connect } from "./connect.js";
import { createDemoServer } from "./demo-server.js";
import { runSession } from "./session.js";

const serveOnly = process.argv.includes("--serve-only");
const http = createNodeServer(createHttpHandler(createDemoServer()));
await new Promise<void>((resolve) => http.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
console.log(`demo server listening on ${url}`);
if (!serveOnly) {
  try {
    await runSession(connect(url));
  } finally {
    http.close();
  }
}
