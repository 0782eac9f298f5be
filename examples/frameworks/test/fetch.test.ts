/**
 * The fetch-shaped recipe (src/fetch.ts) called as Deno.serve and Bun.serve
 * call theirs: a `Request` in, a `Response` out, no Node adapter and no
 * socket. Our client reaches it through a fetch that does only that.
 */
import { describe, expect, it } from "vitest";
import { fetchHandler } from "../src/fetch.js";
import { expectForeignOriginRefused, expectMrtrFlow, greetingServer } from "./mrtr-flow.js";

const { server, paths } = greetingServer();
const serve = fetchHandler(server);
const direct: typeof fetch = (input, init) => serve(new Request(input, init));
const base = "http://mcp.localhost:8000";

describe("fetch-shaped: the handler is the runtime's fetch function", () => {
  it("serves a whole MRTR flow at /mcp", async () => {
    await expectMrtrFlow(`${base}/mcp`, { fetch: direct });
    expect(paths).toEqual(["/mcp", "/mcp"]);
  });

  it("answers any other path 404 itself (its `path` option: no router in front)", async () => {
    const response = await direct(`${base}/other`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("refuses a page of another origin with 403", async () => {
    await expectForeignOriginRefused(`${base}/mcp`, direct);
  });
});
