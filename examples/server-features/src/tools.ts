/**
 * The tools: `find_books`, read-only, whose structured result is described
 * by an `outputSchema`; and `borrow_book`, which asks the user a question
 * with a form and answers with a tool error the model can act on when the
 * book cannot be lent.
 */
import type { CallToolResult } from "@mrtr/schema";
import type { HandlerResult, McpServer } from "@mrtr/server";
import * as z from "zod";
import type { Catalogue } from "./catalogue.js";
import { bookUri } from "./resources.js";

const BookSummary = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  year: z.number().int(),
  onLoan: z.boolean(),
});

/** A text result; with `isError`, a tool error: the model reads it and can try something else. */
function text(message: string, isError = false): HandlerResult<CallToolResult> {
  return { content: [{ type: "text", text: message }], ...(isError && { isError }) };
}

/** Registers the catalogue's tools on `server`. */
export function addTools(server: McpServer, catalogue: Catalogue): void {
  server.tool({
    name: "find_books",
    title: "Find books",
    description: "Searches the library catalogue by words of a title or an author's name.",
    inputSchema: z.object({ query: z.string().min(1).describe("Words of the title or the author's name") }),
    // Checked on every complete result, and shown in tools/list so a client can read structuredContent by it.
    outputSchema: z.object({ books: z.array(BookSummary) }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler({ query }) {
      const books = catalogue.search(query).map((b) => ({ ...b, onLoan: catalogue.loanOf(b.id) !== undefined }));
      const lines = books.map((b) => `${b.id}: ${b.title} (${b.author}, ${b.year})${b.onLoan ? ", on loan" : ""}`);
      // The text is for models and people; structuredContent is the same answer for programs.
      return { content: [{ type: "text", text: lines.join("\n") || "No book matches." }], structuredContent: { books } };
    },
  });

  server.tool({
    name: "borrow_book",
    title: "Borrow a book",
    description: "Lends a book of the catalogue to the user, for as many weeks as they choose.",
    inputSchema: z.object({ id: z.string().describe("The book's id, as find_books gives it") }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async handler({ id }, ctx) {
      const book = catalogue.book(id);
      if (book === undefined) return text(`No book has the id "${id}". Search with find_books first.`, true);
      if (catalogue.loanOf(id) !== undefined) return text(`"${book.title}" is on loan. Choose another book.`, true);
      // The first round ends here with input_required; the retry runs the handler again and gets the answer.
      const answer = await ctx.elicit("weeks", {
        message: `For how many weeks do you want "${book.title}"?`,
        requestedSchema: {
          type: "object",
          properties: { weeks: { type: "integer", title: "Weeks", minimum: 1, maximum: 4, default: 2 } },
          required: ["weeks"],
        },
      });
      if (answer.action !== "accept") return text("Nothing was borrowed.");
      // Side effects after the last question: they happen once, in the round that completes.
      const weeks = Number(answer.content?.weeks);
      catalogue.lend(id, weeks);
      server.notify.resourceUpdated(bookUri(id));
      return text(`You borrowed "${book.title}" for ${weeks} weeks.`);
    },
  });
}
