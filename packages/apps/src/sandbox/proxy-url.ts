/** The URL a host page embeds the sandbox proxy by: the proxy's address, the page's origin, the view's declared `csp`. */
import type { ViewCsp } from "../ui-meta.js";

/** The proxy's URL for a view declaring `csp` (only a plain object is sent; anything else means the restrictive default), served at `proxyUrl` for the page of `hostOrigin`. */
export function sandboxProxyUrl(proxyUrl: string | URL, hostOrigin: string, csp?: ViewCsp | unknown): string {
  const url = new URL(proxyUrl);
  url.searchParams.set("host", hostOrigin);
  if (typeof csp === "object" && csp !== null && !Array.isArray(csp)) url.searchParams.set("csp", JSON.stringify(csp));
  return url.href;
}
