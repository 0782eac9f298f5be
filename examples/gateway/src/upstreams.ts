import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createHttpHandler, createServer, type McpServer } from "@mrtr/server";
import { legacyHttp } from "@mrtr/server/legacy";
import { createNodeServer } from "@mrtr/server/node";
import * as z from "zod";

// The two servers the gateway puts behind one endpoint. Each knows nothing of the gateway: any MCP server would do.

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
// One process serves each upstream here, so a key of its own seals its requestState (instances of one server share a secret).
const ownKey = () => ({ secrets: [randomBytes(32).toString("base64")] });

/** `bistro`, reached with 2026-07-28: a plain tool, and one that asks two questions (two rounds). */
export function bistroServer(): McpServer {
  const server = createServer({ name: "bistro", version: "1.0.0", requestState: ownKey() });
  server.tool({ name: "menu", description: "Today's dishes.", handler: () => text("soup, risotto, tart") });
  server.tool({
    name: "book_table",
    description: "Books a table, asking how many guests and then at what time.",
    inputSchema: z.object({ day: z.string() }),
    async handler({ day }, ctx) {
      const guests = await ctx.elicit("guests", {
        message: `How many guests on ${day}?`,
        requestedSchema: { type: "object", properties: { guests: { type: "integer", minimum: 1 } }, required: ["guests"] },
      });
      if (guests.action !== "accept") return text("No table booked.");
      // Asked only once the first answer is in: a second round.
      const time = await ctx.elicit("time", {
        message: `At what time, for ${String(guests.content?.guests)}?`,
        requestedSchema: { type: "object", properties: { time: { type: "string", enum: ["19:00", "20:30"] } }, required: ["time"] },
      });
      if (time.action !== "accept") return text("No table booked.");
      return text(`Booked ${day} ${String(time.content?.time)} for ${String(guests.content?.guests)}.`);
    },
  });
  return server;
}

/** `archive`, which the gateway reaches with `initialize`, as it would most servers in use today. */
export function archiveServer(): McpServer {
  const server = createServer({ name: "archive", version: "1.0.0", requestState: ownKey() });
  server.tool({
    name: "find_letters",
    description: "Finds the letters of a year, asking which year.",
    async handler(_args, ctx) {
      // To an initialize-based client this is an elicitation/create request in the middle of the call.
      const answer = await ctx.elicit("year", {
        message: "Letters of which year?",
        requestedSchema: { type: "object", properties: { year: { type: "integer" } }, required: ["year"] },
      });
      return text(answer.action === "accept" ? `3 letters from ${String(answer.content?.year)}` : "No search made.");
    },
  });
  server.tool({ name: "purge", description: "Deletes the whole archive.", handler: () => text("archive purged") });
  return server;
}

/** An upstream listening on 127.0.0.1: its endpoint, and how to stop it. */
export interface RunningUpstream {
  url: string;
  close(): Promise<void>;
}

/** Serves `server` over Streamable HTTP at /mcp on `port` (0: any free port). */
export async function serveUpstream(server: McpServer, port = 0): Promise<RunningUpstream> {
  // legacyHttp() is what serves initialize-based clients (the default; passed here to say so, and where its options go).
  const http = createNodeServer(createHttpHandler(server, { path: "/mcp", legacy: legacyHttp() }));
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
    },
  };
}
