/**
 * The server: its identity, which change notifications it delivers, and the
 * tools, resources and prompts of the other files, over one catalogue.
 */
import { randomBytes } from "node:crypto";
import { createServer, type McpServer } from "@mrtr/server";
import { createCatalogue, type Catalogue } from "./catalogue.js";
import { addPrompts } from "./prompts.js";
import { addResources } from "./resources.js";
import { addTools } from "./tools.js";

/** A library server over `catalogue` (a fresh one by default). */
export function createLibraryServer(catalogue: Catalogue = createCatalogue()): McpServer {
  const server = createServer({
    name: "library",
    version: "1.0.0",
    instructions: "Search the catalogue with find_books before borrowing; book ids come from its results.",
    // subscriptions/listen streams: resource updates (server.notify.resourceUpdated) and list changes.
    subscriptions: { resourceUpdates: true, listChanged: true },
    // A key of this process: every round is served here. Several instances share one (secretsFromEnv()).
    requestState: { secrets: [randomBytes(32)] },
  });
  addTools(server, catalogue);
  addResources(server, catalogue);
  addPrompts(server, catalogue);
  return server;
}
