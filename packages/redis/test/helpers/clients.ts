/** Redis clients for the tests: reconnecting every 50 ms while Redis is away, their errors (the tests provoke them) swallowed. */
import { createClient } from "@redis/client";

/** A client of `url`, not yet connected, that retries every 50 ms while Redis is away. */
export const newClient = (url: string) => createClient({ url, socket: { reconnectStrategy: () => 50 } });

/** A client of the tests. */
export type Client = ReturnType<typeof newClient>;

/** A connected client of `url`. */
export async function connected(url: string): Promise<Client> {
  const client = newClient(url);
  client.on("error", () => {});
  await client.connect();
  return client;
}
