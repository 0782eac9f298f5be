/**
 * A prompt: `recommend`, a message template with one argument, `genre`,
 * whose values the server suggests (completion/complete).
 */
import type { McpServer } from "@mrtr/server";
import type { Catalogue } from "./catalogue.js";

/** Registers the library's prompts on `server`. */
export function addPrompts(server: McpServer, catalogue: Catalogue): void {
  server.prompt({
    name: "recommend",
    title: "Recommend a book",
    description: "Asks the model to recommend a book of one genre from the catalogue.",
    arguments: [{ name: "genre", description: "A genre of the catalogue, such as fantasy", required: true }],
    complete: { genre: (value) => catalogue.genres().filter((g) => g.startsWith(value.toLowerCase())) },
    handler({ genre = "" }) {
      const titles = catalogue.genres().includes(genre) ? catalogue.ids().map((id) => catalogue.book(id)!).filter((b) => b.genre === genre) : [];
      const list = titles.map((b) => `- ${b.title} by ${b.author}`).join("\n") || "(none)";
      return {
        description: `A ${genre} recommendation`,
        messages: [{ role: "user", content: { type: "text", text: `Recommend one of these ${genre} books and say why:\n${list}` } }],
      };
    },
  });
}
