/**
 * The script of the sandbox proxy document (MCP Apps, SEP-1865, revision
 * 2026-01-26, "Sandbox proxy"). It runs in the browser, inside the proxy
 * frame the host embeds from another origin, and is put in the page as its
 * source text (`String(sandboxProxyMain)`): it must stay self-contained,
 * referring to nothing outside its own body.
 *
 * What it does, and nothing more:
 * 1. tells the host it is ready (`ui/notifications/sandbox-proxy-ready`,
 *    posted to the host's origin only);
 * 2. on the host's first `ui/notifications/sandbox-resource-ready`, puts the
 *    view's HTML in an inner `srcdoc` iframe, sandboxed (`allow-scripts`
 *    unless the host asks for other allowed tokens) and with `allow` from
 *    the view's permissions (never more than this frame was given);
 * 3. forwards every other message: from the host (the parent window, from
 *    `hostOrigin`) to the view, from the view (the inner frame's window) to
 *    the host; a `ui/notifications/sandbox-*` message is never forwarded,
 *    and messages from anything else are ignored;
 * 4. once the view's frame is created, adds `frame-src 'none'` to this
 *    document's own policy (a `<meta>`): the view's document keeps the
 *    policy it inherited (its declared `frameDomains` for frames it embeds),
 *    but its own frame, which this document embeds, can no longer be
 *    navigated anywhere. Else a view declaring a frame origin could navigate
 *    itself there, and the new document, outside the view's policy and in
 *    the same opaque origin, would take its place at the bridge.
 *
 * The view's Content-Security-Policy is this document's (a response header
 * the proxy handler sets): a `srcdoc` document inherits its parent's policy.
 */

/** Runs the proxy; `allowedSandboxTokens` are the inner sandbox tokens the host may ask for (the rest are dropped). */
export function sandboxProxyMain(hostOrigin: string, defaultSandbox: string, allowedSandboxTokens: readonly string[], features: Readonly<Record<string, string>>): void {
  const PREFIX = "ui/notifications/sandbox-";
  let inner: HTMLIFrameElement | undefined;
  const methodOf = (data: unknown): unknown => (typeof data === "object" && data !== null ? (data as { method?: unknown }).method : undefined);
  const isSandboxMessage = (data: unknown): boolean => {
    const method = methodOf(data);
    return typeof method === "string" && method.startsWith(PREFIX);
  };
  const sandboxOf = (asked: unknown): string => {
    if (typeof asked !== "string") return defaultSandbox;
    const tokens = asked.split(/\s+/).filter((token) => allowedSandboxTokens.includes(token));
    return tokens.includes("allow-scripts") ? [...new Set(tokens)].join(" ") : defaultSandbox;
  };
  const allowOf = (permissions: unknown): string => {
    if (typeof permissions !== "object" || permissions === null) return "";
    return Object.keys(features)
      .filter((name) => Object.prototype.hasOwnProperty.call(permissions, name))
      .map((name) => features[name])
      .join("; ");
  };
  const load = (params: unknown): void => {
    const { html, sandbox, permissions } = (typeof params === "object" && params !== null ? params : {}) as Record<string, unknown>;
    if (inner || typeof html !== "string") return;
    const frame = document.createElement("iframe");
    inner = frame;
    frame.setAttribute("sandbox", sandboxOf(sandbox));
    const allow = allowOf(permissions);
    if (allow !== "") frame.setAttribute("allow", allow);
    frame.setAttribute("title", "MCP App view");
    frame.style.cssText = "border:0;width:100%;height:100%;display:block";
    frame.srcdoc = html;
    document.body.appendChild(frame);
    const lock = document.createElement("meta");
    lock.httpEquiv = "Content-Security-Policy";
    lock.content = "frame-src 'none'";
    document.head.appendChild(lock);
  };
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source === window.parent && event.origin === hostOrigin) {
      if (methodOf(event.data) === `${PREFIX}resource-ready`) load((event.data as { params?: unknown }).params);
      else if (!isSandboxMessage(event.data) && inner?.contentWindow) inner.contentWindow.postMessage(event.data, "*");
    } else if (inner && event.source === inner.contentWindow && !isSandboxMessage(event.data)) {
      window.parent.postMessage(event.data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: "2.0", method: `${PREFIX}proxy-ready`, params: {} }, hostOrigin);
}
