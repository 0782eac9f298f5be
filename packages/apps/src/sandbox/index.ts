/**
 * `@mrtr/apps/sandbox`: the sandbox proxy of MCP Apps for web hosts
 * (SEP-1865, revision 2026-01-26, "Sandbox proxy"), served from an origin
 * other than the host page's: `createSandboxProxyHandler` is a web-standard
 * `fetch` handler giving the proxy document with the view's
 * Content-Security-Policy as a header. The page embeds it with `mountView`
 * of `@mrtr/apps/browser`.
 *
 * @module
 */
export { createSandboxProxyHandler, DEFAULT_MAX_PROXY_QUERY_LENGTH } from "./proxy-handler.js";
export { sandboxProxyUrl } from "./proxy-url.js";
export type { SandboxProxyOptions } from "./proxy-handler.js";
export { ALLOWED_VIEW_SANDBOX_TOKENS, DEFAULT_VIEW_SANDBOX } from "./proxy-page.js";
