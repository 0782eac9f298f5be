/**
 * viewPolicy in a real browser: Debian's Chromium, driven headless by
 * playwright-core (nothing downloads a browser), against four local
 * node:http servers on four ports, so four origins: the host page, the
 * sandbox that serves the view, a declared origin and an undeclared one.
 *
 * The host page embeds the view in an iframe (sandboxed `allow-scripts
 * allow-same-origin`, with `allow` from viewPolicy); the sandbox serves the
 * view's document with viewPolicy's CSP as a `Content-Security-Policy`
 * response header. A header, not a `<meta http-equiv>`: it governs the
 * document from its first byte, whatever the view's HTML holds, and no
 * markup of the view can precede or undo it (a meta policy must be spliced
 * into untrusted HTML and governs only what follows it). A sandbox proxy that
 * writes the view into an about:blank frame gets the same policy by serving
 * itself with this header (the frame inherits it), as ext-apps' basic-host
 * does.
 *
 * The view's own inline script runs the probes (fetches, script tags,
 * nested iframes) and records the results and the CSP violations; the
 * servers record each request by probe id, so "blocked" means: the browser
 * refused it (a violation of the expected directive) and no server saw it.
 * A control view served without any policy shows every probe going through,
 * so each "blocked" below would fail if the policy did not block.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewPolicy, type HostPolicy } from "../../src/host/view-policy.js";
import type { ViewMeta } from "../../src/ui-meta.js";

/** Chromium on PATH and playwright-core installed, or why this file is skipped. */
async function browserSupport(): Promise<{ executablePath: string; launch: (path: string) => Promise<Browser> } | string> {
  try {
    await import("playwright-core");
  } catch {
    return "chromium-csp.test.ts: skipped, no playwright-core (npm install)";
  }
  const { findChromium, launchChromium } = await import("../../../../examples/web-host/test/chromium.js");
  const executablePath = findChromium();
  if (!executablePath) return "chromium-csp.test.ts: skipped, no chromium on PATH (Debian: apt-get install -y chromium; .ci/run installs it)";
  return { executablePath, launch: launchChromium };
}

const support = await browserSupport();
if (typeof support === "string") console.warn(support);

/** A probe the view runs: an id (seen by the servers) and a URL. */
interface Probe {
  id: string;
  url: string;
}

/** One view: its declaration and the host's policy (`policy: false`: the control, served with no CSP and `allow` as given). */
interface ViewCase {
  meta?: ViewMeta;
  hostPolicy?: HostPolicy;
  control?: { allow: string };
  fetch: Probe[];
  script: Probe[];
  frame: Probe[];
}

/** What the view recorded. */
interface ViewReport {
  inline: string;
  results: Record<string, string>;
  violations: { directive: string; blocked: string }[];
  features: Record<string, boolean | null>;
}

const FEATURES = ["camera", "microphone", "geolocation", "clipboard-write"];

/** The view's document: an inline script that records violations, runs every probe, and writes the report on <html data-report>. */
function viewHtml(c: ViewCase): string {
  const probes = JSON.stringify({ fetch: c.fetch, script: c.script, frame: c.frame, features: FEATURES }).replace(/</g, "\\u003c");
  return `<!doctype html>
<html><head><meta charset="utf-8"><script>
const violations = [];
document.addEventListener("securitypolicyviolation", (e) => violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
document.documentElement.dataset.inline = "ran";
</script></head><body><script>
const probes = ${probes};
const results = {};
const fetches = probes.fetch.map(async ({ id, url }) => {
  try {
    const response = await fetch(url);
    results[id] = response.ok && (await response.text()) === "data " + id ? "ok" : "status " + response.status;
  } catch {
    results[id] = "failed";
  }
});
const scripts = probes.script.map(({ id, url }) => new Promise((resolve) => {
  const script = document.createElement("script");
  script.src = url;
  script.onload = () => { results[id] = (window.ran || []).includes(id) ? "ran" : "loaded, did not run"; resolve(); };
  script.onerror = () => { results[id] = "failed"; resolve(); };
  document.head.append(script);
}));
const frames = probes.frame.map(({ id, url }) => new Promise((resolve) => {
  const origin = new URL(url).origin;
  const done = (result) => { if (!(id in results)) { results[id] = result; resolve(); } };
  addEventListener("message", (e) => { if (e.data && e.data.frame === id) done("loaded"); });
  document.addEventListener("securitypolicyviolation", (e) => { if (e.effectiveDirective === "frame-src" && e.blockedURI.startsWith(origin)) done("blocked"); });
  setTimeout(() => done("neither loaded nor blocked"), 4000);
  const frame = document.createElement("iframe");
  frame.src = url;
  document.body.append(frame);
}));
Promise.all([...fetches, ...scripts, ...frames]).then(() => {
  const policy = document.featurePolicy;
  const features = Object.fromEntries(probes.features.map((f) => [f, policy ? policy.allowsFeature(f) : null]));
  document.documentElement.dataset.report = JSON.stringify({ inline: document.documentElement.dataset.inline, results, violations, features });
});
</script></body></html>`;
}

interface Origin {
  server: Server;
  url: string;
  /** The probe ids of the requests it received. */
  seen: string[];
}

const cases = new Map<string, ViewCase>();
let host: Origin, sandbox: Origin, declared: Origin, undeclared: Origin;
let browser: Browser | undefined;

/** A server on 127.0.0.1 (a port of its own) answering the probes, plus the host page and view documents. */
async function listen(): Promise<Origin> {
  const origin: Origin = { server: undefined as unknown as Server, url: "", seen: [] };
  origin.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin.url);
    const probe = url.searchParams.get("probe");
    if (probe) origin.seen.push(probe);
    const send = (type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(200, { "content-type": type, "cache-control": "no-store", "access-control-allow-origin": "*", ...headers });
      res.end(body);
    };
    const [, kind, name = ""] = url.pathname.split("/");
    const view = cases.get(decodeURIComponent(name));
    if (kind === "data") send("text/plain", `data ${probe}`);
    else if (kind === "script.js") send("text/javascript", `(window.ran = window.ran || []).push(${JSON.stringify(probe)});`);
    else if (kind === "frame") send("text/html", `<!doctype html><script>parent.postMessage({ frame: ${JSON.stringify(probe)} }, "*");</script>`);
    else if (kind === "host" && view) {
      const allow = view.control ? view.control.allow : viewPolicy(view.meta, view.hostPolicy).allow;
      send("text/html", `<!doctype html><iframe id="view" sandbox="allow-scripts allow-same-origin" allow="${allow}" src="${sandbox.url}/view/${encodeURIComponent(name)}"></iframe>`);
    } else if (kind === "view" && view) {
      send("text/html", viewHtml(view), view.control ? {} : { "content-security-policy": viewPolicy(view.meta, view.hostPolicy).csp });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => origin.server.listen(0, "127.0.0.1", resolve));
  origin.url = `http://127.0.0.1:${(origin.server.address() as AddressInfo).port}`;
  return origin;
}

/** Loads case `name` in a fresh context and returns what its view recorded. */
async function run(name: string, c: ViewCase): Promise<ViewReport> {
  cases.set(name, c);
  const context = await browser!.newContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${host.url}/host/${encodeURIComponent(name)}`);
    const html = page.frameLocator("#view").locator("html[data-report]");
    await html.waitFor({ state: "attached" });
    return JSON.parse((await html.getAttribute("data-report"))!) as ViewReport;
  } finally {
    await context.close();
  }
}

/** The probes of one case: a fetch, a script and a frame to each of `origins`, ids prefixed by the case. */
function probes(name: string, kinds: { fetch?: Origin[]; script?: Origin[]; frame?: Origin[] }): Pick<ViewCase, "fetch" | "script" | "frame"> {
  const label = (o: Origin) => (o === sandbox ? "self" : o === declared ? "declared" : "undeclared");
  const make = (kind: string, path: string, list: Origin[] = []) => list.map((o) => ({ id: `${name}.${kind}.${label(o)}`, url: `${o.url}/${path}?probe=${name}.${kind}.${label(o)}` }));
  return { fetch: make("fetch", "data", kinds.fetch), script: make("script", "script.js", kinds.script), frame: make("frame", "frame", kinds.frame) };
}

/** Asserts the browser blocked probe `id` under `directive` and no server received it. */
function expectBlocked(report: ViewReport, id: string, directive: string, result = "failed") {
  expect(report.results[id], id).toBe(result);
  const url = [...cases.values()].flatMap((c) => [...c.fetch, ...c.script, ...c.frame]).find((p) => p.id === id)!.url;
  expect(report.violations.some((v) => v.directive === directive && v.blocked !== "" && url.startsWith(v.blocked)), `${id}: a ${directive} violation`).toBe(true);
  for (const origin of [host, sandbox, declared, undeclared]) expect(origin.seen, `${id} reached ${origin.url}`).not.toContain(id);
}

/** Asserts probe `id` went through and the server at `origin` received it. */
function expectThrough(report: ViewReport, id: string, result: string, origin: Origin) {
  expect(report.results[id], id).toBe(result);
  expect(origin.seen).toContain(id);
}

describe.skipIf(typeof support === "string")("viewPolicy's CSP and allow in Chromium", () => {
  beforeAll(async () => {
    [host, sandbox, declared, undeclared] = await Promise.all([listen(), listen(), listen(), listen()]);
    if (typeof support !== "string") browser = await support.launch(support.executablePath);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([host, sandbox, declared, undeclared].map((o) => o && new Promise((resolve) => o.server.close(resolve))));
  });

  it("control: served without a policy, every probe goes through (so each block below is the policy's doing)", async () => {
    // `allow` as the revision's construction joins it (spaces): Chromium reads "microphone" as an origin and grants neither.
    const c: ViewCase = { control: { allow: "camera microphone" }, ...probes("control", { fetch: [declared, undeclared, sandbox], script: [declared, undeclared], frame: [declared, undeclared] }) };
    const report = await run("control", c);
    expect(report.inline).toBe("ran");
    expectThrough(report, "control.fetch.declared", "ok", declared);
    expectThrough(report, "control.fetch.undeclared", "ok", undeclared);
    expectThrough(report, "control.fetch.self", "ok", sandbox);
    expectThrough(report, "control.script.declared", "ran", declared);
    expectThrough(report, "control.script.undeclared", "ran", undeclared);
    expectThrough(report, "control.frame.declared", "loaded", declared);
    expectThrough(report, "control.frame.undeclared", "loaded", undeclared);
    expect(report.violations).toEqual([]);
    expect(report.features).toEqual({ camera: false, microphone: false, geolocation: false, "clipboard-write": false });
  });

  it("no csp declared (the restrictive default): inline scripts run; every fetch, foreign script and nested frame is blocked", async () => {
    const c: ViewCase = { meta: { prefersBorder: true }, ...probes("default", { fetch: [declared, undeclared, sandbox], script: [undeclared], frame: [declared] }) };
    const report = await run("default", c);
    expect(report.inline).toBe("ran");
    expectBlocked(report, "default.fetch.declared", "connect-src");
    expectBlocked(report, "default.fetch.undeclared", "connect-src");
    expectBlocked(report, "default.fetch.self", "connect-src");
    expectBlocked(report, "default.script.undeclared", "script-src-elem");
    expectBlocked(report, "default.frame.declared", "frame-src", "blocked");
    expect(report.features).toEqual({ camera: false, microphone: false, geolocation: false, "clipboard-write": false });
  });

  it("declared origins: fetch, script and frame from them go through; the undeclared origin, the view's own origin for fetch, and injected entries are blocked", async () => {
    const d = () => declared.url;
    const meta: ViewMeta = {
      csp: {
        // Entries that fail the origin check would widen the policy if spliced in: refused, and the browser shows it.
        connectDomains: [d(), `${d()}; frame-src *`, "*", `${undeclared.url}/data`, "'unsafe-eval'"],
        resourceDomains: [d(), `${d()} ${undeclared.url}`],
        frameDomains: [d(), `${d()},${undeclared.url}`],
      },
      permissions: { camera: {}, clipboardWrite: {} },
    };
    const c: ViewCase = { meta, ...probes("declared", { fetch: [declared, undeclared, sandbox], script: [declared, undeclared], frame: [declared, undeclared] }) };
    const report = await run("declared", c);
    expect(report.inline).toBe("ran");
    expectThrough(report, "declared.fetch.declared", "ok", declared);
    expectBlocked(report, "declared.fetch.undeclared", "connect-src");
    expectBlocked(report, "declared.fetch.self", "connect-src");
    expectThrough(report, "declared.script.declared", "ran", declared);
    expectBlocked(report, "declared.script.undeclared", "script-src-elem");
    expectThrough(report, "declared.frame.declared", "loaded", declared);
    expectBlocked(report, "declared.frame.undeclared", "frame-src", "blocked");
    // `allow` joined by "; ": what was asked for, and only that.
    expect(report.features).toEqual({ camera: true, microphone: false, geolocation: false, "clipboard-write": true });
    const policy = viewPolicy(meta);
    expect(policy.allow).toBe("camera; clipboard-write");
    expect(policy.refused).toHaveLength(6);
    expect(policy.csp).not.toContain(undeclared.url);
  });

  it("an origin declared for connect only: not a script or frame origin too", async () => {
    const c: ViewCase = { meta: { csp: { connectDomains: [declared.url] } }, ...probes("connect-only", { fetch: [declared], script: [declared], frame: [declared] }) };
    const report = await run("connect-only", c);
    expectThrough(report, "connect-only.fetch.declared", "ok", declared);
    expectBlocked(report, "connect-only.script.declared", "script-src-elem");
    expectBlocked(report, "connect-only.frame.declared", "frame-src", "blocked");
  });

  it("the host narrows: what it does not allow is blocked though declared, and permissions it does not grant are off", async () => {
    const meta: ViewMeta = { csp: { connectDomains: [declared.url], resourceDomains: [declared.url], frameDomains: [declared.url] }, permissions: { camera: {}, clipboardWrite: {} } };
    const c: ViewCase = { meta, hostPolicy: { allowOrigins: ["http://127.0.0.1:1"], permissions: { clipboardWrite: true } }, ...probes("narrowed", { fetch: [declared], script: [declared], frame: [declared] }) };
    const report = await run("narrowed", c);
    expect(report.inline).toBe("ran");
    expectBlocked(report, "narrowed.fetch.declared", "connect-src");
    expectBlocked(report, "narrowed.script.declared", "script-src-elem");
    expectBlocked(report, "narrowed.frame.declared", "frame-src", "blocked");
    expect(report.features).toEqual({ camera: false, microphone: false, geolocation: false, "clipboard-write": true });
  });
});
