/**
 * The sandbox proxy asked with a hand-made URL (Node, no browser): anyone
 * can request the proxy, with any query, so its handler must never let the
 * query widen the policy. A URL declaring more than the host policy allows
 * still yields a Content-Security-Policy without the disallowed origins;
 * entries that try to smuggle directives or wildcards in are dropped; a
 * `host` the proxy does not serve is answered 400. Each refusal is paired
 * with its control: the same request to a handler without a host policy
 * (the origins are in the header), or with a host it serves (200).
 */
import { describe, expect, it } from "vitest";
import { createSandboxProxyHandler } from "../../src/sandbox/index.js";

const HOST = "https://host.example";
const ALLOWED = "https://allowed.example";
const EVIL = "https://evil.example";
const PROXY = "https://proxy.example/sandbox";

/** A GET of the proxy with `query` as written by hand. */
const get = (query: Record<string, string>, method = "GET") => new Request(`${PROXY}?${new URLSearchParams(query)}`, { method });

/** The two policies the proxy sends: the view's, then its frame-ancestors. */
function policiesOf(response: Response): string[] {
  return (response.headers.get("content-security-policy") ?? "").split(", ");
}

const wide = JSON.stringify({ connectDomains: [ALLOWED, EVIL], resourceDomains: [EVIL, ALLOWED], frameDomains: [EVIL], baseUriDomains: [EVIL] });

describe("the sandbox proxy asked with a hand-made URL", () => {
  const narrowing = createSandboxProxyHandler({ hostOrigins: [HOST], hostPolicy: { allowOrigins: [ALLOWED] } });
  const open = createSandboxProxyHandler({ hostOrigins: [HOST] });

  it("a csp wider than the host policy allows yields a header without the disallowed origin", async () => {
    const response = narrowing(get({ host: HOST, csp: wide }));
    expect(response.status).toBe(200);
    const [view, ancestors] = policiesOf(response);
    expect(view).not.toContain(EVIL);
    expect(view).toContain(`connect-src ${ALLOWED};`);
    expect(view).toContain(`script-src 'self' 'unsafe-inline' ${ALLOWED};`);
    expect(view).toContain("frame-src 'none'");
    expect(view).toContain("base-uri 'none'");
    expect(ancestors).toBe(`frame-ancestors ${HOST}`);
  });

  it("control: without a host policy the same URL's origins are in the header", () => {
    const [view] = policiesOf(open(get({ host: HOST, csp: wide })));
    expect(view).toContain(`connect-src ${ALLOWED} ${EVIL};`);
    expect(view).toContain(`frame-src ${EVIL};`);
    expect(view).toContain(`base-uri ${EVIL}`);
  });

  it("entries that would add directives, keywords, wildcards or another policy are dropped, whatever the host policy", () => {
    const smuggled = JSON.stringify({
      connectDomains: [`${EVIL}; script-src *`, `${EVIL}, default-src *`, "'unsafe-eval'", "*", "https:", "data:", `${EVIL}/path`, `${EVIL} 'unsafe-eval'`],
      resourceDomains: ["'unsafe-eval'", "'strict-dynamic'", "blob:"],
      extraDirective: ["*"],
    });
    for (const handler of [narrowing, open]) {
      const response = handler(get({ host: HOST, csp: smuggled }));
      expect(response.status).toBe(200);
      const policies = policiesOf(response);
      expect(policies).toHaveLength(2);
      const [view] = policies;
      expect(view).toContain("connect-src 'none'");
      for (const forbidden of [EVIL, "unsafe-eval", "strict-dynamic", "blob:", " * ", "*;", "extraDirective"]) expect(view).not.toContain(forbidden);
      expect(view!.split("; ").map((d) => d.split(" ")[0])).toEqual(["default-src", "script-src", "style-src", "connect-src", "img-src", "font-src", "media-src", "frame-src", "object-src", "base-uri"]);
    }
  });

  it("a host the proxy does not serve is answered 400, with no document and no policy", async () => {
    for (const host of [EVIL, `${HOST}.evil.example`, "http://host.example", `${HOST}/`, `${HOST}"</script><script>alert(1)//`, "null", ""]) {
      const response = open(get({ host, csp: wide }));
      expect(response.status, host).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(await response.text()).not.toContain("<script");
    }
  });

  it("control: the host it serves gets the proxy document, bound to that host alone", async () => {
    const response = open(get({ host: HOST }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = await response.text();
    expect(body).toContain(JSON.stringify(HOST));
    expect(body).not.toContain(EVIL);
  });

  it("with several hosts, leaving `host` out is a 400 (the proxy will not guess whom to post to); with one, it means that one", () => {
    const two = createSandboxProxyHandler({ hostOrigins: [HOST, "https://other-host.example"] });
    expect(two(get({})).status).toBe(400);
    expect(two(get({ host: "https://other-host.example" })).status).toBe(200);
    expect(open(get({})).status).toBe(200);
  });

  it("a csp that is not a JSON object is a 400; other methods a 405; an overlong query a 414", () => {
    for (const csp of ["not json", "[]", "null", "42", '"https://evil.example"']) expect(open(get({ host: HOST, csp })).status, csp).toBe(400);
    expect(open(get({ host: HOST }, "POST")).status).toBe(405);
    const small = createSandboxProxyHandler({ hostOrigins: [HOST], maxQueryLength: 200 });
    expect(small(get({ host: HOST, csp: JSON.stringify({ connectDomains: Array.from({ length: 20 }, (_, i) => `https://a${i}.example`) }) })).status).toBe(414);
  });
});
