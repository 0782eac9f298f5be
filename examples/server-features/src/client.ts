/**
 * A client of the library server in the same process: no socket, no child
 * process, the messages still go through JSON both ways. Its form handler
 * stands in for a user who answers `weeks` to every form.
 */
import { createClient, type McpClient } from "@mrtr/client";
import { inProcessTransport, type McpServer } from "@mrtr/server";

/** A client of `server` whose user answers `weeks` to the borrowing form, or declines when `weeks` is undefined. */
export function createLibraryClient(server: McpServer, weeks: number | undefined): McpClient {
  return createClient({
    name: "library-client",
    version: "1.0.0",
    transport: inProcessTransport(server),
    elicitation: { form: async () => (weeks === undefined ? { action: "decline" } : { action: "accept", content: { weeks } }) },
  });
}
