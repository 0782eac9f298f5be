/**
 * `npm run demo`: serves the demo server over Streamable HTTP on loopback
 * ($PORT, default 3000, at /mcp) and runs the terminal client against it.
 * `--serve-only` only serves, for another client (or the conformance suite).
 * `--protected` (or MRTR_DEMO_AUTH=1) protects it with OAuth: a development
 * authorization server starts beside it, and the client logs in through the
 * browser (the URL is printed; MRTR_OPEN_URLS=1 opens it).
 * `--stdio` launches the demo server as a child process instead and talks to
 * it over its stdin and stdout, as hosts run local servers.
 */
import { fileURLToPath } from "node:url";
import { connect, connectStdio } from "./connect.js";
import { serveDemo } from "./serve-demo.js";
import { runSession } from "./session.js";

if (process.argv.includes("--stdio")) {
  const connection = connectStdio(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./serve-stdio.ts", import.meta.url))]);
  try {
    await runSession(connection);
  } finally {
    await connection.close?.();
  }
  process.exit(0);
}

const serveOnly = process.argv.includes("--serve-only");
const protectedMode = process.argv.includes("--protected") || process.env.MRTR_DEMO_AUTH === "1";
const demo = await serveDemo({ port: Number(process.env.PORT ?? 3000), protected: protectedMode });
console.log(`demo server listening on ${demo.url}${demo.issuer ? ` (protected; authorization server ${demo.issuer})` : ""}`);
if (!serveOnly) {
  const connection = connect(demo.url);
  try {
    await runSession(connection);
  } finally {
    await connection.close?.();
    await demo.close();
  }
}
