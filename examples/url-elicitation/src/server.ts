// A tool that needs the user to finish a step in their browser (URL-mode elicitation): connecting a calendar.
// The link it sends is the server's connect page, bound to the user who called (ConnectLinks); the tool ends
// once that page says the step is done, so "accept" from the client (consent) is not taken as completion.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, inputRequired, type McpServer } from "@mrtr/server";
import * as z from "zod";
import type { ConnectPage } from "./connect-page.js";

const MESSAGE = "Connect your calendar: sign in to your calendar provider on the page this link opens.";

/** The URL-mode question of the tool; every round must ask exactly this under the key "connect". */
const connectQuestion = (url: string) => ({ message: MESSAGE, url });

/** The calendar server: `connect_calendar` sends the user to `page`. */
export function createCalendarServer(page: ConnectPage): McpServer {
  const server = createServer({
    name: "calendar",
    version: "1.0.0",
    // One process here. With several instances, give each the same secrets (secretsFromEnv()), and the connect
    // page's ConnectLinks the same secret too: a retry, or the browser's visit, may reach any of them.
    requestState: { secrets: [randomBytes(32).toString("base64url")] },
    // Who calls. Behind `protect` (@mrtr/server/auth) it is the access token's subject by default; in this
    // example the host passes its signed-in user with each in-process request.
    principal: ({ request }) => (request as { user?: string } | undefined)?.user,
  });
  server.tool({
    name: "connect_calendar",
    description: "Connects the user's calendar, through a page the user opens in their browser.",
    inputSchema: z.object({}),
    // What the first round seals into requestState: the link it made, so later rounds ask the same question.
    stateSchema: z.object({ id: z.string(), url: z.string() }),
    async handler(_args, ctx) {
      if (ctx.principal === undefined) return { content: [{ type: "text", text: "Sign in first." }], isError: true };
      if (ctx.state === undefined) {
        // A connect link is new each time one is made (its own id and expiry), so it is made once, here, and
        // kept in the sealed state; the question is asked in the low-level style for this first round.
        const id = randomUUID();
        const url = await page.links.createUrl({ principal: ctx.principal, elicitationId: id, purpose: "calendar" });
        const connect = { method: "elicitation/create", params: { mode: "url", ...connectQuestion(url) } } as const;
        return inputRequired({ inputRequests: { connect }, state: { id, url } });
      }
      const { id, url } = ctx.state;
      // The same question, in the re-run style: it returns the user's answer. After an accept, `completed` is
      // asked; while it says false, the round asks again and the client polls (without asking the user again).
      const answer = await ctx.elicitUrl("connect", connectQuestion(url), { completed: () => page.isConnected(id) });
      if (answer.action !== "accept") {
        return { content: [{ type: "text", text: `No calendar connected: you ${answer.action === "decline" ? "declined" : "cancelled"}.` }] };
      }
      return { content: [{ type: "text", text: `Calendar connected for ${ctx.principal}.` }], structuredContent: { connected: true } };
    },
  });
  return server;
}
