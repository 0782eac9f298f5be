/**
 * The conformance fixture as a Cloudflare Worker module: the same server as
 * server.ts serves on Node and Bun, over the web-standard handler, made on
 * the first request (its secret is the Worker's `MRTR_STATE_SECRET`
 * binding). `npm run test:conformance` bundles it as wrangler would and runs
 * the server set against it in workerd, through Miniflare.
 */
import { createHttpHandler } from "@mrtr/server";
import { fixtureServer } from "./fixture.js";

let handle: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: { MRTR_STATE_SECRET: string }): Promise<Response> {
    // A local server: only loopback host names (the handler cannot see the listening address).
    handle ??= createHttpHandler(fixtureServer(env.MRTR_STATE_SECRET), { allowedHosts: "loopback" });
    return handle(request);
  },
};
