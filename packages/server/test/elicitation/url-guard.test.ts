/**
 * The URL-mode guard (client/elicitation.mdx, "Safe URL Handling"): https
 * (http only on loopback), no credentials in the URL, no secret-looking
 * parameters or bearer tokens; explicit exceptions; applied to both handler
 * styles before a question leaves.
 */
import { describe, expect, it } from "vitest";
import { inputRequired } from "@mrtr/server";
import { assertSafeUrl, ConnectLinks, UnsafeUrlError } from "@mrtr/server/elicitation";
import { errorOf, request, resultOf, server } from "../helpers.js";

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl";

describe("assertSafeUrl", () => {
  it("lets https URLs and loopback http through", () => {
    for (const url of ["https://example.com/connect?flow=abc", "http://localhost:3000/c", "http://127.0.0.1/c", "http://[::1]:8080/c", "https://example.com/c?token_count=3"]) {
      expect(() => assertSafeUrl(url), url).not.toThrow();
    }
  });

  it("refuses other schemes, http off loopback, credentials, secret-looking parameters and bearer tokens", () => {
    const bad: [string, RegExp][] = [
      ["javascript:alert(1)", /only https/],
      ["http://example.com/connect", /must be reached over https/],
      ["https://user:pass@example.com/", /user name or password/],
      ["https://example.com/c?password=hunter2", /"password" looks like a secret/],
      ["https://example.com/c?api_key=k", /"api_key" looks like a secret/],
      ["https://example.com/c?access_token=t", /looks like a secret/],
      ["https://example.com/c#token=t", /fragment parameter "token"/],
      [`https://example.com/c?state=${JWT}`, /bearer token/],
    ];
    for (const [url, reason] of bad) expect(() => assertSafeUrl(url), url).toThrow(reason);
    expect(() => assertSafeUrl("https://example.com/c?password=x")).toThrow(UnsafeUrlError);
  });

  it("allows named exceptions, and never credentials", () => {
    expect(() => assertSafeUrl("http://staging.internal/c", { http: true })).not.toThrow();
    expect(() => assertSafeUrl("https://example.com/c?pin_code_hint=1", { params: ["pin_code_hint"] })).not.toThrow();
    expect(() => assertSafeUrl("https://a:b@example.com/", { http: true, params: ["a"] })).toThrow(UnsafeUrlError);
  });

  it("passes the links ConnectLinks makes", async () => {
    const links = new ConnectLinks({ secret: "connect-links-secret-0123456789abcdef", baseUrl: "https://example.com/connect" });
    const url = await links.createUrl({ elicitationId: "e1", principal: "alice" });
    expect(() => assertSafeUrl(url)).not.toThrow();
  });
});

describe("the guard inside the server, both styles", () => {
  const caps = { elicitation: { url: {} } };

  it("refuses ctx.elicitUrl with an unsafe URL: -32603 to the client, the reason to onError; the override lets it through", async () => {
    const errors: unknown[] = [];
    const s = server({ onError: (e) => errors.push(e) })
      .tool({ name: "leaky", handler: async (_a, ctx) => (await ctx.elicitUrl("u", { message: "Go", url: "http://user:pw@example.com/?password=x" }), { content: [] }) })
      .tool({ name: "staging", handler: async (_a, ctx) => (await ctx.elicitUrl("u", { message: "Go", url: "http://staging.test/c" }, { allowUrl: { http: true } }), { content: [] }) });
    expect(errorOf(await s.handle(request("tools/call", { name: "leaky" }, caps))).code).toBe(-32603);
    expect(errors[0]).toBeInstanceOf(UnsafeUrlError);
    expect(resultOf(await s.handle(request("tools/call", { name: "staging" }, caps))).resultType).toBe("input_required");
  });

  it("refuses an unsafe URL in low-level inputRequired() too, with the same per-key override", async () => {
    const ask = (options?: Record<string, { allowUrl: { params: string[] } }>) =>
      server().tool({
        name: "t",
        handler: () =>
          inputRequired({
            inputRequests: { u: { method: "elicitation/create", params: { mode: "url", message: "Go", url: "https://example.com/c?password_hint=1" } } },
            ...(options && { options }),
          }),
      });
    expect(errorOf(await ask().handle(request("tools/call", { name: "t" }, caps))).code).toBe(-32603);
    expect(resultOf(await ask({ u: { allowUrl: { params: ["password_hint"] } } }).handle(request("tools/call", { name: "t" }, caps))).resultType).toBe("input_required");
  });
});
