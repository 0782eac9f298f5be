import { createServer } from "@mrtr/server";
import * as z from "zod";

// The server both entry points serve (stdio.ts, http.ts): its name, and one tool that asks the user a question.
export const server = createServer({ name: "bistro", version: "1.0.0" });

server.tool({
  name: "book_table",
  description: "Books a table for a day, asking the user how many guests first.",
  inputSchema: z.object({ day: z.string().describe("The day to book, such as Friday") }),
  async handler({ day }, ctx) {
    // The first run stops here and the client is asked; its retry carries the answer, and this run goes on with it.
    const answer = await ctx.elicit("guests", {
      message: `How many guests on ${day}?`,
      requestedSchema: {
        type: "object",
        properties: { guests: { type: "integer", title: "Guests", minimum: 1, maximum: 12 } },
        required: ["guests"],
      },
    });
    if (answer.action !== "accept") return { content: [{ type: "text", text: "No table booked." }] };
    return { content: [{ type: "text", text: `Booked a table for ${String(answer.content?.guests)} on ${day}.` }] };
  },
});
