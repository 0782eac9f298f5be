/**
 * The sandbox proxy document: a blank page whose only script is
 * `sandboxProxyMain`, bound to one host origin. Served by
 * `createSandboxProxyHandler` with the view's Content-Security-Policy as a
 * response header; the inner view document inherits it.
 */
import { PERMISSION_FEATURES } from "../host/view-policy.js";
import { sandboxProxyMain } from "./proxy-script.js";

/** The inner iframe's `sandbox` when the host asks for none: scripts, in an opaque origin (no storage, no reach into this document). */
export const DEFAULT_VIEW_SANDBOX = "allow-scripts";

/**
 * The `sandbox` tokens a host may ask for the inner iframe
 * (`sandbox-resource-ready`'s `sandbox`); others are dropped, and a list
 * without `allow-scripts` gives the default. No top navigation, no popups
 * that escape the sandbox, and no `allow-same-origin`: the view would share
 * the proxy's origin, which every view of the page shares, so it could
 * script its proxy and other views' and read their storage.
 */
export const ALLOWED_VIEW_SANDBOX_TOKENS = ["allow-scripts", "allow-forms", "allow-popups", "allow-modals", "allow-downloads", "allow-pointer-lock"] as const;

/**
 * A no-op `__name`: transpilers that keep function names (esbuild's
 * `keepNames`, which tsx turns on) wrap the script's inner functions in calls
 * to a helper of the module, absent from the page.
 */
const NAME_SHIM = "var __name = function (f) { return f; };";

/** The proxy document for a host page of `hostOrigin` (an origin that `isHostOrigin` accepted). */
export function sandboxProxyPage(hostOrigin: string): string {
  const args = [hostOrigin, DEFAULT_VIEW_SANDBOX, ALLOWED_VIEW_SANDBOX_TOKENS, PERMISSION_FEATURES].map((value) => JSON.stringify(value).replace(/</g, "\\u003c")).join(", ");
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}</style>
</head><body><script>${NAME_SHIM}(${String(sandboxProxyMain)})(${args});</script></body></html>
`;
}

/** Whether `value` is an origin a proxy can post to: `http:` or `https:`, a host, an optional port, nothing else. */
export function isHostOrigin(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 256) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}
