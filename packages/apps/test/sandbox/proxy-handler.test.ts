/**
 * The sandbox proxy's handler, without a browser: what it serves and with
 * which headers, and what it refuses.
 */
import { describe, expect, it } from "vitest";
import { RESTRICTIVE_DEFAULT_CSP, viewPolicy } from "../../src/host/view-policy.js";
import { createSandboxProxyHandler, sandboxProxyUrl } from "../../src/sandbox/index.js";

const HOST = "http://127.0.0.1:4000";
const PROXY = "http://localhost:4001/sandbox";
const handler = createSandboxProxyHandler({ hostOrigins: [HOST] });
const get = (url: string, init?: RequestInit) => handler(new Request(url, init));

describe("createSandboxProxyHandler", () => {
  it("serves the proxy document with the view's CSP, built from the declared csp, as a header, and frame-ancestors naming the host pages", async () => {
    const csp = { connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] };
    const response = get(sandboxProxyUrl(PROXY, HOST, csp));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe(`${viewPolicy({ csp }).csp}, frame-ancestors ${HOST}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await response.text();
    expect(html).toContain(`(${JSON.stringify(HOST)}, "allow-scripts"`);
    expect(html).toContain("ui/notifications/sandbox-");
  });

  it("gives the restrictive default when no csp is declared, and never a policy looser than its host policy", () => {
    expect(get(sandboxProxyUrl(PROXY, HOST)).headers.get("content-security-policy")).toBe(`${RESTRICTIVE_DEFAULT_CSP}, frame-ancestors ${HOST}`);
    const narrow = createSandboxProxyHandler({ hostOrigins: [HOST], hostPolicy: { allowOrigins: ["https://api.example.com"] } });
    const header = narrow(new Request(sandboxProxyUrl(PROXY, HOST, { connectDomains: ["https://api.example.com", "https://evil.example.net"] }))).headers.get("content-security-policy")!;
    expect(header).toContain("connect-src https://api.example.com;");
    expect(header).not.toContain("evil.example.net");
  });

  it("refuses a host origin it does not serve, a csp that is not a JSON object, other methods and over-long queries, saying what to do", async () => {
    const unknown = get(sandboxProxyUrl(PROXY, "http://127.0.0.1:9999"));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toMatch(/host must name one of the host origins this proxy serves \(http:\/\/127\.0\.0\.1:4000\)/);
    for (const csp of ["not json", "[1]", '"x"', "null"]) {
      const bad = get(`${PROXY}?host=${encodeURIComponent(HOST)}&csp=${encodeURIComponent(csp)}`);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toMatch(/csp must be the JSON of the view's _meta.ui.csp/);
    }
    const post = get(sandboxProxyUrl(PROXY, HOST), { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const long = get(sandboxProxyUrl(PROXY, HOST, { connectDomains: Array.from({ length: 2000 }, (_, i) => `https://h${i}.example.com`) }));
    expect(long.status).toBe(414);
    const head = get(sandboxProxyUrl(PROXY, HOST), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("needs a host origin when it serves several pages, and takes the one named", () => {
    const two = createSandboxProxyHandler({ hostOrigins: [HOST, "https://chat.example.com"] });
    expect(two(new Request(`${PROXY}`)).status).toBe(400);
    expect(two(new Request(sandboxProxyUrl(PROXY, "https://chat.example.com"))).status).toBe(200);
  });

  it("throws a TypeError for host origins that are not origins, and a bad maxQueryLength", () => {
    for (const hostOrigins of [[], ["*"], ["http://127.0.0.1:4000/"], ["javascript:alert(1)"], ["https://a.example.com/path"], "https://a.example.com"]) {
      expect(() => createSandboxProxyHandler({ hostOrigins: hostOrigins as string[] })).toThrow(TypeError);
    }
    expect(() => createSandboxProxyHandler({ hostOrigins: [HOST], maxQueryLength: 0 })).toThrow(/maxQueryLength must be a positive integer/);
  });
});

describe("sandboxProxyUrl", () => {
  it("names the host page's origin and sends only a plain-object csp (anything else means the restrictive default)", () => {
    const url = new URL(sandboxProxyUrl(PROXY, HOST, { connectDomains: ["https://a.example.com"] }));
    expect(url.searchParams.get("host")).toBe(HOST);
    expect(JSON.parse(url.searchParams.get("csp")!)).toEqual({ connectDomains: ["https://a.example.com"] });
    for (const csp of [undefined, null, "https://a.example.com", ["https://a.example.com"]]) expect(new URL(sandboxProxyUrl(PROXY, HOST, csp)).searchParams.has("csp")).toBe(false);
  });
});
