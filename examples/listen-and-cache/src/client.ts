/**
 * The watching client: its cache is on (the default), and a client
 * middleware counts the requests that actually leave it, by method. A list
 * or read served from the cache sends nothing, so the counts show what the
 * cache saved.
 */
import { createClient, type McpClient, type Transport } from "@mrtr/client";

/** A client and how many requests of each method it has sent. */
export interface CountingClient {
  client: McpClient;
  sent: Record<string, number>;
}

/** A client of the board that counts what it sends. */
export function boardClient(transport: Transport): CountingClient {
  const sent: Record<string, number> = {};
  const client = createClient({
    name: "board-watcher",
    version: "1.0.0",
    transport,
    // Every request that goes out passes here (each round of a flow too); cache hits never do.
    middleware: [
      (call, next) => {
        sent[call.method] = (sent[call.method] ?? 0) + 1;
        return next();
      },
    ],
  });
  return { client, sent };
}
