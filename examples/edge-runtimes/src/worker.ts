import { mcpHandler, type EdgeEnv } from "./server.js";

// Cloudflare Workers: `npx wrangler deploy src/worker.ts --name bill-splitter --compatibility-date 2026-07-01`, then `npx wrangler secret put MRTR_STATE_SECRET --name bill-splitter`.

let handler: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: EdgeEnv): Promise<Response> {
    // Bindings arrive with the first request: the server is built once per isolate and reused while the isolate lives.
    handler ??= mcpHandler(env);
    return handler(request);
  },
};
