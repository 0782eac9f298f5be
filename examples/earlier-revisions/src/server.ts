import { createHttpHandler, createServer } from "@mrtr/server";
import { legacyHttp } from "@mrtr/server/legacy";
import { createNodeServer } from "@mrtr/server/node";
import type { AddressInfo } from "node:net";
import * as z from "zod";

// One server, its handler written once, for clients of both eras: a 2026-07-28 client gets input_required
// and retries; a 2025-11-25 client (initialize, a session) gets an elicitation/create request in its session.
export const server = createServer({ name: "coffee-bar", version: "1.0.0" });

server.tool({
  name: "order_coffee",
  description: "Orders a coffee, asking the user which size first.",
  inputSchema: z.object({ drink: z.string().describe("The drink, such as flat white") }),
  async handler({ drink }, ctx) {
    const answer = await ctx.elicit("size", {
      message: `Which size of ${drink}?`,
      requestedSchema: {
        type: "object",
        properties: { size: { type: "string", title: "Size", enum: ["small", "large"] } },
        required: ["size"],
      },
    });
    if (answer.action !== "accept") return { content: [{ type: "text", text: "No order taken." }] };
    return { content: [{ type: "text", text: `One ${String(answer.content?.size)} ${drink}, coming up.` }] };
  },
});

/** Serves `server` over Streamable HTTP on a free loopback port: both eras on one endpoint. */
export async function startServer(): Promise<{ url: string; close(): Promise<void> }> {
  // legacyHttp() is what createHttpHandler uses by default; passing it is where its options (limits, stateless mode) go.
  const http = createNodeServer(createHttpHandler(server, { path: "/mcp", legacy: legacyHttp() }));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: () => {
      http.closeAllConnections(); // a legacy session may hold a GET stream open
      return new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
