/** The host's end of the sandbox proxy: the handshake with the proxy, and what reaches the bridge. */
import { describe, expect, it } from "vitest";
import { createSandboxChannel, type ViewBridgeWarning } from "../../src/host/index.js";

function channel(extra: { sandbox?: string } = {}) {
  const posted: Record<string, unknown>[] = [];
  const delivered: unknown[] = [];
  const warnings: ViewBridgeWarning[] = [];
  const c = createSandboxChannel({
    post: (m) => void posted.push(m),
    deliver: (m) => void delivered.push(m),
    resource: { html: "<p>v</p>", meta: { csp: { connectDomains: ["https://api.example.com"] }, permissions: { camera: {} } } },
    permissions: { camera: {} },
    onWarning: (w) => void warnings.push(w),
    ...extra,
  });
  return { c, posted, delivered, warnings };
}

const READY = { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} };

describe("createSandboxChannel", () => {
  it("answers the proxy's ready once with the view's HTML, its declared csp, the granted permissions and the inner sandbox asked for", async () => {
    const { c, posted, warnings } = channel({ sandbox: "allow-scripts allow-forms" });
    expect(c.ready).toBe(false);
    c.take(READY);
    c.take(READY);
    await c.loaded;
    expect(c.ready).toBe(true);
    expect(posted).toEqual([
      {
        jsonrpc: "2.0",
        method: "ui/notifications/sandbox-resource-ready",
        params: { html: "<p>v</p>", sandbox: "allow-scripts allow-forms", csp: { connectDomains: ["https://api.example.com"] }, permissions: { camera: {} } },
      },
    ]);
    expect(warnings.map((w) => w.reason)).toEqual(["the sandbox proxy said it was ready twice"]);
  });

  it("hands the bridge nothing before the proxy is ready, and never a sandbox-* message", () => {
    const { c, delivered, warnings } = channel();
    const init = { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} };
    c.take(init);
    c.take(READY);
    c.take({ jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready", params: { html: "x" } });
    c.take(init);
    c.take("not even an object");
    expect(delivered).toEqual([init, "not even an object"]);
    expect(warnings.map((w) => [w.reason, w.method])).toEqual([
      ["a message before the sandbox proxy was ready", "ui/initialize"],
      ["a sandbox notification the host does not take", "ui/notifications/sandbox-resource-ready"],
    ]);
  });
});
