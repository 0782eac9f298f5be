/**
 * One server process of the tasks many-instances test: the Tasks extension
 * on a `RedisTaskStore` at $REDIS_URL, shared with its siblings, with a lease
 * of $LEASE_MS. The principal is the `x-user` header. Serves MCP at /mcp on
 * $PORT and prints "listening"; prints "started <label>" when a task's
 * handler starts here and "stopped <label> <reason>" when its signal aborts.
 */
import { createClient } from "@redis/client";
import { createHttpHandler, createServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { RedisTaskStore } from "@mrtr/redis/tasks";
import { tasks } from "@mrtr/tasks/server";

const redis = createClient({ url: process.env.REDIS_URL });
await redis.connect();

const server = createServer({
  name: "tasks-instances",
  version: "1.0.0",
  requestState: { secrets: ["tasks-instances-secret-0123456789-abcd"] },
  principal: ({ request }) => (request as Request | undefined)?.headers.get("x-user") ?? undefined,
  extensions: [tasks({ store: new RedisTaskStore({ client: redis }), leaseMs: Number(process.env.LEASE_MS ?? 30_000) })],
});

server.tool({
  name: "approve",
  description: "Asks for an approval inside the task, then waits until cancelled or released.",
  task: { pollIntervalMs: 50 },
  async handler(args, ctx) {
    const label = String(args.label);
    console.log(`started ${label}`);
    ctx.signal.addEventListener("abort", () => console.log(`stopped ${label} ${(ctx.signal.reason as Error)?.name ?? "?"}`), { once: true });
    const answer = await ctx.elicit("approve", { message: `Approve ${label}?`, requestedSchema: { type: "object", properties: { by: { type: "string" } }, required: ["by"] } });
    const by = String((answer.content as { by?: string } | undefined)?.by);
    if (args.wait === true) await new Promise((_r, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason), { once: true }));
    return { content: [{ type: "text", text: `${label} approved by ${by} on ${process.pid}` }] };
  },
});

createNodeServer(createHttpHandler(server)).listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`instance ${process.pid} listening`));
