/**
 * The Node adapter reads our handler's requests itself (its second face, no
 * web `Request`): CORS must be applied there exactly as on the fetch face.
 * Each case is asked of both, on a real loopback port and directly.
 */
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { request, server } from "../helpers.js";

const APP = "http://127.0.0.1:5173";
const mcp = server().tool({ name: "ping_tool", handler: () => ({ content: [] }) });
const handler = createHttpHandler(mcp, { cors: { origins: [APP], credentials: true } });
let http: Server;
let endpoint: string;

beforeAll(async () => {
  http = createNodeServer(handler);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve()))));

/** The status and the CORS-related headers of an answer. */
function seen(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-") || name === "vary"));
  return { status: response.status, headers };
}

/** `init` asked through the Node adapter and of the handler directly: both answers, seen. */
async function both(init: RequestInit) {
  const viaNode = seen(await fetch(endpoint, init));
  const direct = seen(await handler(new Request(endpoint, init)));
  return { viaNode, direct };
}

const list = request("tools/list");
const postInit = (origin: string): RequestInit => ({
  method: "POST",
  headers: { origin, "content-type": "application/json", "mcp-method": "tools/list", "mcp-protocol-version": "2026-07-28" },
  body: JSON.stringify(list),
});

describe("CORS through the Node adapter's own reading", () => {
  it("answers a preflight as the fetch face does", async () => {
    const { viaNode, direct } = await both({ method: "OPTIONS", headers: { origin: APP, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect(viaNode.status).toBe(204);
    expect(viaNode.headers["access-control-allow-origin"]).toBe(APP);
    expect(viaNode).toEqual(direct);
  });

  it("refuses a preflight from another origin as the fetch face does", async () => {
    const { viaNode, direct } = await both({ method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(viaNode.status).toBe(403);
    expect(viaNode.headers["access-control-allow-origin"]).toBeUndefined();
    expect(viaNode).toEqual(direct);
  });

  it("gives a JSON answer the same headers, credentials included", async () => {
    const { viaNode, direct } = await both(postInit(APP));
    expect(viaNode.status).toBe(200);
    expect(viaNode.headers["access-control-allow-credentials"]).toBe("true");
    expect(viaNode).toEqual(direct);
  });

  it("gives the adapter's own refusals (TRACE, which a web Request cannot carry: 501) the headers an allowed page needs to read them", async () => {
    const refused = await raw("TRACE", APP);
    expect(refused.status).toBe(501);
    expect(refused.headers["access-control-allow-origin"]).toBe(APP);
    expect(refused.headers["access-control-allow-credentials"]).toBe("true");
    const other = await raw("TRACE", "https://evil.example");
    expect(other.status).toBe(501);
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

/** A request sent with node:http (for methods fetch refuses to send): its status and headers. */
function raw(method: string, origin: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(endpoint, { method, headers: { origin } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}
