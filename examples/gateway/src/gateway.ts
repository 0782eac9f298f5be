import type { AddressInfo } from "node:net";
import { createGateway, type Gateway, type GatewayOptions } from "@mrtr/gateway";
import { createHttpHandler, secretsFromEnv } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";

// The gateway in code: what gateway.json says, as createGateway's options, and the gateway served over HTTP.

/**
 * The gateway's options for the two upstreams at these URLs. The names
 * (`bistro`, `archive`) become the prefixes of their tools' names.
 */
export function gatewayOptions(urls: { bistro: string; archive: string }, env: NodeJS.ProcessEnv = process.env): GatewayOptions {
  return {
    name: "example-gateway",
    upstreams: {
      bistro: { url: urls.bistro },
      // Spoken to with initialize (2025-11-25), its questions turned into rounds; `auto` would find this server modern.
      archive: { url: urls.archive, era: "legacy", timeoutMs: 20_000 },
    },
    // Rules tried in order, the first that applies decides: nobody sees or calls archive_purge.
    policy: [
      { items: ["archive_purge"], effect: "deny" },
      { effect: "allow" },
    ],
    // Instances that share this secret open each other's sealed state (without it: a random key per process).
    ...(env.MRTR_STATE_SECRET && { server: { requestState: { secrets: secretsFromEnv({ env }) } } }),
  };
}

/** A gateway serving its front at http://127.0.0.1:<port>/mcp. */
export interface RunningGateway {
  gateway: Gateway;
  url: string;
  close(): Promise<void>;
}

/** Creates the gateway, lists its upstreams once (`start`), and serves it on `port` (0: any free port). */
export async function startGateway(options: GatewayOptions, port = 0): Promise<RunningGateway> {
  const gateway = createGateway(options);
  await gateway.start();
  // gateway.server is a server of @mrtr/server: served like any other.
  const http = createNodeServer(createHttpHandler(gateway.server, { path: "/mcp" }));
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  return {
    gateway,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await gateway.close();
    },
  };
}
