/** The Express recipe (src/express.ts) on a Node server, driven by our client. */
import { createServer as createNodeHttpServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { expressApp } from "../src/express.js";
import { close, expectForeignOriginRefused, expectMrtrFlow, greetingServer, listen } from "./mrtr-flow.js";

const { server, paths } = greetingServer();
const http = createNodeHttpServer(expressApp(createHttpHandler(server)));
let base: string;

beforeAll(async () => {
  base = await listen(http);
});
afterAll(() => close(http));

describe("Express: app.all(\"/mcp\", toNodeListener(handler))", () => {
  it("serves a whole MRTR flow at the route, and the handler sees the path the client called", async () => {
    await expectMrtrFlow(`${base}/mcp`);
    expect(paths).toEqual(["/mcp", "/mcp"]);
  });

  it("leaves a path outside the route to Express, which answers its own 404", async () => {
    const response = await fetch(`${base}/other`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/Cannot POST \/other/);
  });

  it("keeps express.json() for the app's own routes after the endpoint", async () => {
    const response = await fetch(`${base}/echo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: 1 }) });
    expect(await response.json()).toEqual({ a: 1 });
  });

  it("refuses a page of another origin with the handler's 403", async () => {
    await expectForeignOriginRefused(`${base}/mcp`);
  });
});
