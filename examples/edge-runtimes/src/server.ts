import { createHttpHandler, createServer, secretsFromEnv, type HttpHandlerOptions, type McpServer } from "@mrtr/server";
import { legacyHttp } from "@mrtr/server/legacy";

// The whole server, on web standards only (Request in, Response out): no Node API, so every runtime runs this module as it is.

/** The variables the module reads: MRTR_STATE_SECRET (and MRTR_STATE_SECRET_PREVIOUS while rotating). */
export type EdgeEnv = Readonly<Record<string, string | undefined>>;

/** A server whose one tool asks a question. Its requestState is sealed with the secret every instance shares. */
export function billServer(env: EdgeEnv): McpServer {
  // No shared memory between instances (isolates, cold starts): the retry carries its sealed state, and the secret opens it anywhere.
  const server = createServer({ name: "bill-splitter", version: "1.0.0", requestState: { secrets: secretsFromEnv({ env }) } });
  server.tool({
    name: "split_bill",
    description: "Splits a bill, asking how many people share it.",
    // A JSON Schema: where code generation is forbidden (Workers) the server checks it with its interpreted validator, by itself.
    inputSchema: { type: "object", properties: { amount: { type: "number", exclusiveMinimum: 0 } }, required: ["amount"] },
    async handler(args, ctx) {
      const answer = await ctx.elicit("people", {
        message: `How many people share ${String(args.amount)}?`,
        requestedSchema: { type: "object", properties: { people: { type: "integer", minimum: 1 } }, required: ["people"] },
      });
      if (answer.action !== "accept") return { content: [{ type: "text", text: "Not split." }] };
      const share = Number(args.amount) / Number(answer.content?.people);
      return { content: [{ type: "text", text: `Each pays ${share.toFixed(2)}.` }] };
    },
  });
  return server;
}

/**
 * The fetch handler every runtime serves: `(Request) => Promise<Response>`
 * at /mcp. `allowedHosts: "loopback"` for a server on a developer's machine
 * (a fetch runtime cannot see the address it listens on); the public host
 * names when deployed.
 */
export function mcpHandler(env: EdgeEnv, options: Pick<HttpHandlerOptions, "allowedHosts"> = {}): (request: Request) => Promise<Response> {
  // Initialize-based clients served without sessions, which would live in one isolate's memory while requests go to any.
  return createHttpHandler(billServer(env), { path: "/mcp", legacy: legacyHttp({ mode: "stateless" }), ...options });
}
