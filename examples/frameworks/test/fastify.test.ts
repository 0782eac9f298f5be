/** The Fastify recipe (src/fastify.ts) listening on 127.0.0.1, driven by our client. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { fastifyApp } from "../src/fastify.js";
import { expectForeignOriginRefused, expectMrtrFlow, greetingServer } from "./mrtr-flow.js";

const { server, paths } = greetingServer();
const app = fastifyApp(createHttpHandler(server));
let base: string;

beforeAll(async () => {
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

describe("Fastify: a plugin with a parser that leaves the body unread, reply.hijack() and toNodeListener", () => {
  it("serves a whole MRTR flow at the route, and the handler sees the path the client called", async () => {
    await expectMrtrFlow(`${base}/mcp`);
    expect(paths).toEqual(["/mcp", "/mcp"]);
  });

  it("hands the handler the body whatever its content type, or none, so the handler's own answer comes back", async () => {
    for (const headers of [{ "content-type": "text/plain" }, {}] as Record<string, string>[]) {
      const response = await fetch(`${base}/mcp`, { method: "POST", headers, body: "{oops" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
    }
  });

  it("leaves a path outside the route to Fastify, which answers its own 404", async () => {
    const response = await fetch(`${base}/other`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, message: "Route POST:/other not found" });
  });

  it("keeps Fastify's JSON parser on the app's own routes", async () => {
    const response = await fetch(`${base}/echo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: 1 }) });
    expect(await response.json()).toEqual({ a: 1 });
  });

  it("refuses a page of another origin with the handler's 403", async () => {
    await expectForeignOriginRefused(`${base}/mcp`);
  });
});
