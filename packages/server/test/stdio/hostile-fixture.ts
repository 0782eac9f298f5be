/**
 * A stdio server process for the hostile-peer tests: `serveStdio` on this
 * process's stdin and stdout with the default limits (or MAX_QUEUED_BYTES).
 * Tool `big` answers 64 KiB of text; `count` how many requests were served.
 */
import { createServer } from "@mrtr/server";
import { serveStdio } from "@mrtr/server/stdio";

let served = 0;
const server = createServer({ name: "hostile-stdio", version: "1.0.0", requestState: { secrets: ["hostile-stdio-secret-0123456789abcdef"] } })
  .tool({ name: "big", handler: () => (served++, { content: [{ type: "text", text: "b".repeat(64 * 1024) }] }) })
  .tool({ name: "count", handler: () => ({ content: [{ type: "text", text: String(++served) }] }) });

const queued = process.env.MAX_QUEUED_BYTES ? Number(process.env.MAX_QUEUED_BYTES) : undefined;
serveStdio(server, { ...(queued !== undefined && { maxQueuedBytes: queued }) });
console.error("serving");
