/**
 * The resources: a fixed one (the opening hours), and a template for every
 * book (`library://books/{id}`), whose `id` variable completes. Reading a
 * book that does not exist is a protocol error; `borrow_book` announces a
 * book's change to the clients following its URI.
 */
import { McpInvalidParamsError, type McpServer } from "@mrtr/server";
import type { Catalogue } from "./catalogue.js";

/** The URI of a book's resource. */
export function bookUri(id: string): string {
  return `library://books/${encodeURIComponent(id)}`;
}

/** Registers the library's resources on `server`. */
export function addResources(server: McpServer, catalogue: Catalogue): void {
  server.resource({
    uri: "library://opening-hours",
    name: "opening-hours",
    title: "Opening hours",
    mimeType: "text/plain",
    handler: (uri) => ({ contents: [{ uri, mimeType: "text/plain", text: "Monday to Saturday, 9:00 to 18:00." }] }),
  });

  server.resourceTemplate({
    uriTemplate: "library://books/{id}",
    name: "book",
    title: "A book of the catalogue",
    mimeType: "application/json",
    // Suggestions for {id} as the user types it (completion/complete).
    complete: { id: (value) => catalogue.ids().filter((id) => id.startsWith(value)) },
    handler(uri, { id = "" }) {
      const book = catalogue.book(id);
      // Not a result the model should reason about: the URI names nothing, so the request itself is wrong.
      if (book === undefined) throw new McpInvalidParamsError(`Resource not found: ${uri}`, { uri });
      const loan = catalogue.loanOf(id);
      const record = { ...book, onLoan: loan !== undefined, ...(loan !== undefined && { weeks: loan }) };
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(record) }] };
    },
  });
}
