import { createServer } from "@mrtr/server";

// The server: what it is called, and its tools. No secret is needed to start (see "HTTP, secrets and the principal").
export const server = createServer({ name: "notes", version: "1.0.0" });

server.tool({
  name: "greet",
  description: "Greets the user, asking their name first.",
  async handler(_args, ctx) {
    // Asks the user through the client; a 2026-07-28 client answers by retrying, an older one by its elicitation request.
    const answer = await ctx.elicit("name", {
      message: "What is your name?",
      requestedSchema: { type: "object", properties: { name: { type: "string", title: "Your name" } }, required: ["name"] },
    });
    const name = answer.action === "accept" ? String(answer.content?.name) : "stranger";
    return { content: [{ type: "text", text: `Hello, ${name}!` }] };
  },
});
