import { mcpHandler } from "./server.js";

// Deno: `MRTR_STATE_SECRET=… deno run --allow-net --allow-env src/deno.ts` (Deno Deploy sets the variable in its settings).

/** The part of Deno's global this file uses (this workspace installs no Deno types). */
declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(options: { hostname: string; port: number }, handler: (request: Request) => Promise<Response>): unknown;
};

const env = Deno.env.toObject();
Deno.serve({ hostname: "127.0.0.1", port: Number(env.PORT ?? 3000) }, mcpHandler(env, { allowedHosts: "loopback" }));
