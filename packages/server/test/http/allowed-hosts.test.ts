/**
 * `allowedHosts` of the fetch handler: on a runtime where the handler cannot
 * see its listening address (Bun, Deno), `"loopback"` answers only
 * localhost, 127.x.y.z and [::1], which stops DNS rebinding as the Node
 * adapter does for a loopback listener. Web `Request`s, no sockets.
 */
import { describe, expect, it } from "vitest";
import { createHttpHandler, type HttpHandlerOptions } from "@mrtr/server";
import { request, server } from "../helpers.js";

function post(url: string): Request {
  const message = request("tools/list");
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-method": "tools/list", "mcp-protocol-version": "2026-07-28" };
  return new Request(url, { method: "POST", headers, body: JSON.stringify(message) });
}

const mcp = () => server().tool({ name: "t", handler: () => ({ content: [{ type: "text", text: "ok" }] }) });
const statusAt = async (options: HttpHandlerOptions, url: string) => (await createHttpHandler(mcp(), options)(post(url))).status;

describe("allowedHosts", () => {
  it('"loopback" serves localhost, 127.x.y.z and [::1] on any port, and refuses any other host name with 403 (a rebound domain)', async () => {
    for (const url of ["http://localhost:3000/mcp", "http://127.0.0.1/mcp", "http://127.9.8.7:8080/mcp", "http://[::1]:3000/mcp", "http://LOCALHOST:1/mcp"]) {
      expect(await statusAt({ allowedHosts: "loopback" }, url), url).toBe(200);
    }
    for (const url of ["http://evil.example:3000/mcp", "http://localhost.evil.example/mcp", "http://127.0.0.1.nip.io/mcp", "http://10.0.0.1/mcp"]) {
      const response = await createHttpHandler(mcp(), { allowedHosts: "loopback" })(post(url));
      expect(response.status, url).toBe(403);
      expect((await response.json()).error.message).toMatch(/^Host not allowed/);
    }
  });

  it("a list matches host[:port] case aside, a function decides by itself, and by default every host is served", async () => {
    expect(await statusAt({ allowedHosts: ["MCP.example.com"] }, "https://mcp.example.com/mcp")).toBe(200);
    expect(await statusAt({ allowedHosts: ["mcp.example.com"] }, "https://mcp.example.com:8443/mcp")).toBe(403);
    expect(await statusAt({ allowedHosts: ["mcp.example.com:8443"] }, "https://mcp.example.com:8443/mcp")).toBe(200);
    expect(await statusAt({ allowedHosts: (host) => host.endsWith(".internal") }, "http://a.internal/mcp")).toBe(200);
    expect(await statusAt({ allowedHosts: (host) => host.endsWith(".internal") }, "http://a.example/mcp")).toBe(403);
    expect(await statusAt({}, "http://evil.example/mcp")).toBe(200);
  });

  it("refuses at creation what is not a host list", () => {
    for (const allowedHosts of ["any", [""], [3], "localhost"]) {
      expect(() => createHttpHandler(server(), { allowedHosts: allowedHosts as never })).toThrow(/allowedHosts must be "loopback", a list of host names/);
    }
  });
});
