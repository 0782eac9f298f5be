/**
 * The conformance fixture server: built only from @mrtr packages, with the
 * tools, prompt and behaviours the official suite's 2026-07-28 server
 * scenarios call. `npm run conformance:server` serves it on $PORT (default
 * 3100) at /mcp; with `--stdio` (`node --import tsx test/conformance/server.ts
 * --stdio`) the same server speaks over stdin and stdout. With `--legacy` it
 * is dual-era: clients of 2025-11-25 and 2025-06-18 (initialize, sessions)
 * are served too, through @mrtr/legacy, with the tools the suite's
 * 2025-11-25 server scenarios call and logging. The Tasks extension
 * (@mrtr/tasks) is on, with the tools of the suite's `tasks-*` scenarios.
 */
import { createHttpHandler } from "@mrtr/server";
import { legacyHttp, legacyStdio } from "@mrtr/server/legacy";
import { createNodeServer } from "@mrtr/server/node";
import { serveStdio } from "@mrtr/server/stdio";
import { fixtureServer } from "./fixture.js";

export { fixtureServer };

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const port = Number(process.env.PORT ?? 3100);
  const secret = process.env.MRTR_STATE_SECRET ?? crypto.getRandomValues(new Uint8Array(32)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
  const legacy = process.argv.includes("--legacy");
  const server = fixtureServer(secret, { legacy });
  if (process.argv.includes("--stdio")) {
    serveStdio(server, legacy ? { legacy: legacyStdio() } : {});
    console.error(`conformance fixture serving on stdio${legacy ? " (dual-era)" : ""}`);
  } else {
    // A local server: only loopback host names (the Node adapter checks this itself; Bun.serve's handler needs the option).
    const handler = createHttpHandler(server, { allowedHosts: "loopback", ...(legacy && { legacy: legacyHttp() }) });
    const listening = () => console.log(`conformance fixture listening on http://127.0.0.1:${port}/mcp${legacy ? " (dual-era)" : ""}`);
    // Under Bun, served natively (the runtime matrix's second conformance target); idleTimeout above the 15 s event-stream heartbeat.
    const bun = (globalThis as { Bun?: { serve(options: object): unknown } }).Bun;
    if (bun) {
      bun.serve({ port, hostname: "127.0.0.1", idleTimeout: 30, fetch: handler });
      listening();
    } else {
      createNodeServer(handler).listen(port, "127.0.0.1", listening);
    }
  }
}
