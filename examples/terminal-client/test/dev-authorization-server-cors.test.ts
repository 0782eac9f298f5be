/**
 * The development authorization server lets the browser origins it is told
 * about call it with fetch (a browser host's discovery, registration and
 * token requests), and no other origin.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startAuthorizationServer, type DevAuthorizationServer } from "../src/dev-authorization-server.js";

let as: DevAuthorizationServer | undefined;
afterEach(async () => {
  await as?.close();
  as = undefined;
});

const PAGE = "http://127.0.0.1:4000";

describe("the development authorization server's CORS", () => {
  it("answers a listed origin's preflight and names it on the answer", async () => {
    as = await startAuthorizationServer({ corsOrigins: [PAGE] });
    const preflight = await fetch(`${as.issuer}/register`, { method: "OPTIONS", headers: { origin: PAGE, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("content-type");
    const metadata = await fetch(`${as.issuer}/.well-known/oauth-authorization-server`, { headers: { origin: PAGE } });
    expect(metadata.headers.get("access-control-allow-origin")).toBe(PAGE);
  });

  it("gives other origins, and every origin by default, no CORS headers", async () => {
    as = await startAuthorizationServer({ corsOrigins: [PAGE] });
    const other = await fetch(`${as.issuer}/.well-known/oauth-authorization-server`, { headers: { origin: "http://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    await as.close();
    as = await startAuthorizationServer();
    const unlisted = await fetch(`${as.issuer}/.well-known/oauth-authorization-server`, { headers: { origin: PAGE } });
    expect(unlisted.headers.get("access-control-allow-origin")).toBeNull();
  });
});
