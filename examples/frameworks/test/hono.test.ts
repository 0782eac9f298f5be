/** The Hono recipe (src/hono.ts) on Node through @hono/node-server, driven by our client. */
import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { honoApp } from "../src/hono.js";
import { close, expectForeignOriginRefused, expectMrtrFlow, greetingServer, listen } from "./mrtr-flow.js";

const { server, paths } = greetingServer();
const http = createAdaptorServer({ fetch: honoApp(createHttpHandler(server)).fetch }) as Server;
let base: string;

beforeAll(async () => {
  base = await listen(http);
});
afterAll(() => close(http));

describe("Hono: app.all(\"/mcp\", (c) => handler(c.req.raw))", () => {
  it("serves a whole MRTR flow at the route, and the handler sees the path the client called", async () => {
    await expectMrtrFlow(`${base}/mcp`);
    expect(paths).toEqual(["/mcp", "/mcp"]);
  });

  it("leaves a path outside the route to Hono, which answers its own 404", async () => {
    const response = await fetch(`${base}/other`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("404 Not Found");
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it("refuses a page of another origin with the handler's 403", async () => {
    await expectForeignOriginRefused(`${base}/mcp`);
  });
});
