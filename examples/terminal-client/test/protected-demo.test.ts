/**
 * The demo served protected: the terminal client's connection logs in
 * headless (the callback user agent follows the authorization server's
 * redirect) and then uses the tools as the signed-in user.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "@mrtr/client";
import { callbackUserAgent } from "@mrtr/client/auth";
import { connect } from "../src/connect.js";
import { serveDemo, type ServedDemo } from "../src/serve-demo.js";

let demo: ServedDemo | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

describe("the protected demo", () => {
  it("refuses requests without a token and serves them after a headless login", async () => {
    demo = await serveDemo({ protected: true });
    const anonymous = await fetch(demo.url, { method: "POST", headers: { "content-type": "application/json", "mcp-method": "tools/list" }, body: "{}" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("resource_metadata=");

    const opened: URL[] = [];
    const userAgent = callbackUserAgent({
      redirectUri: "http://127.0.0.1:1/callback",
      open: async (url) => {
        opened.push(url);
        const response = await fetch(url, { redirect: "manual" });
        userAgent.complete(new URL(response.headers.get("location")!, url));
      },
    });
    const connection = connect(demo.url, { userAgent });
    const client = createClient({ transport: connection.transport, name: "demo-test", version: "1" });
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.searchParams.get("scope")).toBe("mcp offline_access");
    expect(opened[0]!.searchParams.get("resource")).toBe(demo.url);
  });
});
