// A server whose tool shows an interactive view (MCP Apps): appView registers the ui:// resource with its HTML
// and security policy, checked at registration, and the tools it renders, each with its _meta.ui.
import { randomBytes, randomUUID } from "node:crypto";
import { appView } from "@mrtr/apps/server";
import { createServer, type McpServer } from "@mrtr/server";
import * as z from "zod";
import { POLL_VIEW_HTML, POLL_VIEW_URI, STYLE_ORIGIN } from "./poll-view.js";

/** A poll and its votes, as the tools return it in structuredContent (the view draws it). */
interface Poll {
  pollId: string;
  question: string;
  options: string[];
  votes: Record<string, number>;
}

const tally = (poll: Poll) => poll.options.map((o) => `${o} ${poll.votes[o] ?? 0}`).join(", ");

/** The poll server; polls are kept in memory here (a real server keeps them in its database). */
export function createPollServer(): McpServer {
  const server = createServer({
    name: "polls",
    version: "1.0.0",
    // No tool here asks the user anything, so no request state outlives this process: a key of its own will do.
    requestState: { secrets: [randomBytes(32).toString("base64url")] },
  });
  const polls = new Map<string, Poll>();
  const board = appView(server, {
    uri: POLL_VIEW_URI,
    name: "Poll board",
    description: "A poll with a button per option and the votes so far",
    html: POLL_VIEW_HTML,
    // Its security policy: the only origin it loads from, and the one browser permission it would like.
    csp: { resourceDomains: [STYLE_ORIGIN] },
    permissions: { clipboardWrite: {} },
    prefersBorder: true,
  });
  board.tool({
    name: "start_poll",
    description: "Starts a poll; hosts that render views show it as a board the user votes on.",
    inputSchema: z.object({ question: z.string().min(1), options: z.array(z.string().min(1)).min(2).max(6) }),
    handler: ({ question, options }) => {
      const poll: Poll = { pollId: randomUUID(), question, options, votes: {} };
      polls.set(poll.pollId, poll);
      // The text is for the model and for hosts without views; structuredContent is for the view.
      return { content: [{ type: "text", text: `Poll started: ${question} (${options.join(", ")}).` }], structuredContent: { ...poll } };
    },
  });
  board.tool({
    name: "cast_vote",
    description: "Serves the poll board view: records one vote.",
    visibility: ["app"], // called by the view only; hosts keep it out of the model's tools
    inputSchema: z.object({ pollId: z.string(), option: z.string() }),
    handler: ({ pollId, option }) => {
      const poll = polls.get(pollId);
      // A view is untrusted input like any client: check what it sends.
      if (!poll || !poll.options.includes(option)) return { content: [{ type: "text", text: "No such poll or option." }], isError: true };
      poll.votes[option] = (poll.votes[option] ?? 0) + 1;
      return { content: [{ type: "text", text: `Voted ${option}: ${tally(poll)}.` }], structuredContent: { ...poll } };
    },
  });
  board.tool({
    name: "close_poll",
    description: "Closes a poll and gives its final tally.",
    visibility: ["model"], // the model's: a view may not call it
    inputSchema: z.object({ pollId: z.string() }),
    handler: ({ pollId }) => {
      const poll = polls.get(pollId);
      if (!poll) return { content: [{ type: "text", text: "No such poll." }], isError: true };
      polls.delete(pollId);
      return { content: [{ type: "text", text: `Closed: ${tally(poll)}.` }] };
    },
  });
  return server;
}
