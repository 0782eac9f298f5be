/**
 * A server process for the hostile-peer tests: the HTTP handler behind
 * createNodeServer on 127.0.0.1:$PORT, with limits from the environment.
 * Tool `count` answers how many times tool `run` was executed.
 */
import { createHttpHandler, createServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";

let runs = 0;
const server = createServer({ name: "hostile", version: "1.0.0", requestState: { secrets: ["hostile-fixture-secret-0123456789abcdef"] } })
  .tool({
    name: "run",
    handler: () => {
      runs++;
      return { content: [{ type: "text", text: "ran" }] };
    },
  })
  .tool({ name: "count", handler: () => ({ content: [{ type: "text", text: String(runs) }] }) })
  .tool({
    name: "ask",
    async handler(_args, ctx) {
      const r = await ctx.elicit("ok", { message: "OK?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } });
      return { content: [{ type: "text", text: JSON.stringify(r.content) }] };
    },
  });

const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const http = createNodeServer(createHttpHandler(server, { bodyTimeoutMs: number("BODY_TIMEOUT_MS") }), {
  requestTimeoutMs: number("REQUEST_TIMEOUT_MS"),
  headersTimeoutMs: number("HEADERS_TIMEOUT_MS"),
  maxConnections: number("MAX_CONNECTIONS"),
});
http.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
