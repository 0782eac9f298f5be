import { mcpHandler } from "./server.js";

// Bun: `MRTR_STATE_SECRET=… bun src/bun.ts`.

/** The part of Bun's global this file uses (this workspace installs no Bun types). */
declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { hostname: string; port: number; idleTimeout: number; fetch(request: Request): Promise<Response> }): { port: number };
};

// idleTimeout above the server's 15 s heartbeat, so Bun does not cut an event stream that is only quiet.
const served = Bun.serve({ hostname: "127.0.0.1", port: Number(Bun.env.PORT ?? 3000), idleTimeout: 30, fetch: mcpHandler(Bun.env, { allowedHosts: "loopback" }) });
console.log(`MCP endpoint: http://127.0.0.1:${served.port}/mcp`);
