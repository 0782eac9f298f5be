/**
 * A notice board whose offer changes while clients watch: a tool list that
 * grows (`post_note` is registered later, when posting opens) and a resource,
 * `board://notes`, whose text changes with every note. The server says how
 * long lists and reads stay fresh (`cache.ttlMs`) and announces both kinds
 * of change on subscription streams.
 */
import { createServer, type McpServer, type SecretInput } from "@mrtr/server";
import * as z from "zod";

/** The resource clients follow. */
export const NOTES_URI = "board://notes";

/** The board: its server, and the two changes the example makes. */
export interface Board {
  server: McpServer;
  /** Registers the `post_note` tool: a registration while serving announces `notifications/tools/list_changed`. */
  openPosting(): void;
  /** Adds a note and announces `notifications/resources/updated` for `board://notes`. */
  post(note: string): void;
}

/** A board with one note and one tool, `read_notes`; `secret` seals requestState (without one the server makes a key of its own and says so on stderr). */
export function boardServer(secret: SecretInput): Board {
  const notes = ["Stand-up at 9:30"];
  const server = createServer({
    name: "board",
    version: "1.0.0",
    requestState: { secrets: [secret] },
    // Hints on every list and read result: fresh for a minute, for this caller only.
    cache: { ttlMs: 60_000, scope: "private" },
    // What subscription streams may ask for; server/discover declares exactly this.
    subscriptions: { listChanged: { tools: true }, resourceUpdates: true },
  });
  server.tool({ name: "read_notes", description: "Reads the board.", handler: () => ({ content: [{ type: "text", text: notes.join("\n") }] }) });
  server.resource({ uri: NOTES_URI, name: "notes", mimeType: "text/plain", handler: (uri) => ({ contents: [{ uri, mimeType: "text/plain", text: notes.join("\n") }] }) });

  function post(note: string): void {
    notes.push(note);
    server.notify.resourceUpdated(NOTES_URI); // every stream following the URI hears it
  }
  function openPosting(): void {
    server.tool({
      name: "post_note",
      description: "Pins a note to the board.",
      inputSchema: z.object({ text: z.string().min(1) }),
      handler: ({ text }) => (post(text), { content: [{ type: "text", text: `Posted: ${text}` }] }),
    });
  }
  return { server, openPosting, post };
}
