/**
 * One server instance, as one process of a fleet would run it: the same code
 * and the same requestState secret on every instance, so a retry opens on
 * whichever instance the balancer picks. Its tools: `plan_trip`, a flow of
 * three rounds, and `pay`, which redeems its retry's state once
 * (`ctx.consumeOnce()`) before it charges.
 */
import type { AddressInfo } from "node:net";
import { createHttpHandler, createServer, type ReplayGuard, type SecretInput } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";

/** What the instances of one run write down: who served which round, and every charge made. */
export interface Ledger {
  readonly served: { instance: string; tool: string; round: number; flow: string }[];
  readonly charged: { instance: string; order: string }[];
}

/** A running instance. */
export interface Instance {
  readonly name: string;
  readonly url: string;
  close(): Promise<void>;
}

const ask = (key: string) => ({ type: "object" as const, properties: { [key]: { type: "string" as const } }, required: [key] });
const yesNo = { type: "object" as const, properties: { ok: { type: "boolean" as const } }, required: ["ok"] };

/** Starts instance `name` on a free loopback port. `secrets`: the same on every instance; `replayGuard`: where single use is decided. */
export async function startInstance(name: string, options: { secrets: SecretInput[]; replayGuard?: ReplayGuard; ledger: Ledger }): Promise<Instance> {
  const { ledger } = options;
  const server = createServer({ name: "travel", version: "1.0.0", requestState: { secrets: options.secrets }, replayGuard: options.replayGuard });
  // Which instance served which round of which flow: the flow id is sealed into the state, so every instance sees the same one.
  server.use(async (call, next) => {
    if (call.flow) ledger.served.push({ instance: name, tool: call.name ?? "", round: call.flow.round, flow: call.flow.id });
    return next();
  });
  server.tool({
    name: "plan_trip",
    description: "Plans a trip, asking where to, then for how many nights: one question a round.",
    async handler(_args, ctx) {
      const where = await ctx.elicit("where", { message: "Where to?", requestedSchema: ask("city") });
      const nights = await ctx.elicit("nights", { message: `How many nights in ${String(where.content?.city)}?`, requestedSchema: ask("nights") });
      return { content: [{ type: "text", text: `${String(nights.content?.nights)} nights in ${String(where.content?.city)}` }] };
    },
  });
  server.tool({
    name: "pay",
    description: "Pays an order once the user confirms; a retry's state is redeemed at most once.",
    async handler(args, ctx) {
      const answer = await ctx.elicit("confirm", { message: `Pay order ${String(args.order)}?`, requestedSchema: yesNo });
      if (answer.content?.ok !== true) return { content: [{ type: "text", text: "not paid" }] };
      await ctx.consumeOnce(); // a replayed retry stops here, if the guard knows this state was used
      ledger.charged.push({ instance: name, order: String(args.order) });
      return { content: [{ type: "text", text: `paid ${String(args.order)}` }] };
    },
  });
  const http = createNodeServer(createHttpHandler(server, { path: "/mcp" }));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    name,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: () => new Promise<void>((resolve) => http.close(() => void server.close().then(resolve))),
  };
}
