/**
 * One server process of the many-instances test. It shares with its siblings
 * the requestState secrets (MRTR_STATE_SECRET, MRTR_STATE_SECRET_PREVIOUS, read
 * by secretsFromEnv) and, when REDIS_URL is set, the Redis that holds
 * single-use claims. Serves MCP at /mcp on $PORT, and GET /ready: 200 when
 * single-use requests can be served (Redis connected, or no Redis), else 503.
 *
 * Prints "listening" once it serves, "onError <name> <cause name>" for each
 * failure the server reports, and "hanging" after SIGUSR2, from which point it
 * accepts requests and never answers them (a process about to die mid-request).
 */
import { createServer as createHttpServer } from "node:http";
import { RedisReplayGuard } from "@mrtr/redis";
import { createHttpHandler, createServer, inputRequired, secretsFromEnv } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";

const yesNo = { type: "object" as const, properties: { ok: { type: "boolean" as const } }, required: ["ok"] };
const integer = { type: "object" as const, properties: { v: { type: "integer" as const } }, required: ["v"] };

const guard = process.env.REDIS_URL ? new RedisReplayGuard({ url: process.env.REDIS_URL }) : undefined;

const server = createServer({
  name: "instances",
  version: "1.0.0",
  requestState: { secrets: secretsFromEnv() },
  ...(guard && { replayGuard: guard }),
  onError: (error) => console.log(`onError ${(error as Error).name} ${((error as Error).cause as Error | undefined)?.name ?? "-"}`),
})
  .tool({
    name: "confirm",
    async handler(args, ctx) {
      const r = await ctx.elicit("confirm", { message: `Confirm ${String(args.n)}?`, requestedSchema: yesNo });
      return { content: [{ type: "text", text: `confirmed ${String(args.n)} ${String((r.content as { ok: boolean }).ok)}` }] };
    },
  })
  .tool({
    name: "shed",
    handler(args, ctx) {
      const waited = (ctx.state as number | undefined) ?? 0;
      if (waited < 2) return inputRequired({ state: waited + 1 });
      return { content: [{ type: "text", text: `shed ${String(args.n)} after ${waited}` }] };
    },
  })
  .tool({
    name: "three_rounds",
    async handler(args, ctx) {
      const n = args.n as number;
      const a = await ctx.elicit("a", { message: `A for ${n}`, requestedSchema: integer });
      const b = await ctx.elicit("b", { message: `B after ${String((a.content as { v: number }).v)}`, requestedSchema: integer });
      const c = await ctx.elicit("c", { message: `C after ${String((b.content as { v: number }).v)}`, requestedSchema: yesNo });
      return { content: [{ type: "text", text: `${n}:${String((a.content as { v: number }).v)}:${String((b.content as { v: number }).v)}:${String((c.content as { ok: boolean }).ok)}` }] };
    },
  })
  .tool({
    name: "pay",
    async handler(args, ctx) {
      await ctx.elicit("confirm", { message: `Pay order ${String(args.n)}?`, requestedSchema: yesNo });
      await ctx.consumeOnce();
      return { content: [{ type: "text", text: `paid ${String(args.n)}` }] };
    },
  });

let hanging = false;
process.on("SIGUSR2", () => {
  hanging = true;
  console.log("hanging");
});

const mcp = toNodeListener(createHttpHandler(server));
const http = createHttpServer((req, res) => {
  if (hanging) return; // accepted, never answered
  if (req.method === "GET" && req.url === "/ready") return void res.writeHead(guard === undefined || guard.ready ? 200 : 503).end();
  mcp(req, res);
});
http.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`instance ${process.pid} listening`));
