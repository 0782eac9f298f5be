/**
 * One server process of the many-instances test: shares nothing with its
 * siblings but the requestState secret (MRTR_STATE_SECRET). Serves on $PORT.
 */
import { createHttpHandler, createServer, inputRequired } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";

const secret = process.env.MRTR_STATE_SECRET;
if (!secret) throw new Error("MRTR_STATE_SECRET is required");

const yesNo = { type: "object" as const, properties: { ok: { type: "boolean" as const } }, required: ["ok"] };

const server = createServer({ name: "instances", version: "1.0.0", requestState: { secrets: [secret] } })
  .tool({
    name: "confirm",
    async handler(args, ctx) {
      const r = await ctx.elicit("confirm", { message: `Confirm ${String((args as { n?: number }).n)}?`, requestedSchema: yesNo });
      return { content: [{ type: "text", text: `confirmed ${String((args as { n?: number }).n)} ${String((r.content as { ok: boolean }).ok)}` }] };
    },
  })
  .tool({
    name: "shed",
    handler(args, ctx) {
      const waited = (ctx.state as number | undefined) ?? 0;
      if (waited < 2) return inputRequired({ state: waited + 1 });
      return { content: [{ type: "text", text: `shed ${String((args as { n?: number }).n)} after ${waited}` }] };
    },
  })
  .tool({
    name: "three_rounds",
    async handler(args, ctx) {
      const n = (args as { n: number }).n;
      const a = await ctx.elicit("a", { message: `A for ${n}`, requestedSchema: { type: "object", properties: { v: { type: "integer" } }, required: ["v"] } });
      const b = await ctx.elicit("b", { message: `B after ${String((a.content as { v: number }).v)}`, requestedSchema: { type: "object", properties: { v: { type: "integer" } }, required: ["v"] } });
      const c = await ctx.elicit("c", { message: `C after ${String((b.content as { v: number }).v)}`, requestedSchema: yesNo });
      return { content: [{ type: "text", text: `${n}:${String((a.content as { v: number }).v)}:${String((b.content as { v: number }).v)}:${String((c.content as { ok: boolean }).ok)}` }] };
    },
  });

const http = createNodeServer(createHttpHandler(server));
http.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`instance ${process.pid} listening`));
