/**
 * Header values with leading or trailing whitespace, as workerd hands them
 * over (Node and most fetch runtimes strip it when they parse): RFC 9110
 * §5.5 says the OWS is not part of the value, so `Mcp-Name: " t "` names
 * the tool `t`. Found by the official suite run against the fixture in
 * workerd (npm run test:conformance, set server-workerd).
 */
import { describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { request, server } from "../helpers.js";

/** Headers that keep the whitespace around each value, as a runtime that does not strip it would give them. */
class PaddedHeaders extends Headers {
  override get(name: string): string | null {
    const value = super.get(name);
    return value === null ? null : ` \t${value} `;
  }
}

/** A request whose headers are read through `PaddedHeaders`. */
function padded(real: Request): Request {
  const headers = new PaddedHeaders(real.headers);
  return new Proxy(real, {
    get(target, key) {
      if (key === "headers") return headers;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("header values with surrounding whitespace", () => {
  it("are read without it: Mcp-Method and Mcp-Name match the body, and the call is served", async () => {
    const mcp = server().tool({ name: "t", handler: () => ({ content: [{ type: "text", text: "ok" }] }) });
    const message = request("tools/call", { name: "t", arguments: {} });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-method": "tools/call", "mcp-name": "t", "mcp-protocol-version": "2026-07-28" };
    const response = await createHttpHandler(mcp)(padded(new Request("http://localhost/mcp", { method: "POST", headers, body: JSON.stringify(message) })));
    expect(response.status).toBe(200);
    expect((await response.json()).result.content).toEqual([{ type: "text", text: "ok" }]);
  });
});
