/**
 * `ui/open-link`: the view asks the host to open a URL. Only `http:` and
 * `https:` URLs are put to the host (`javascript:`, `data:`, `file:` and the
 * like are refused: a view must not run code or reach files through the
 * host); the host asks its user, and anything but `true` is a refusal.
 */
import type { ViewRequestMethod } from "./bridge-core.js";
import { quote, RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";
import { checkObject, stringField } from "./param-checks.js";

const SCHEMES = ["http:", "https:"];

/** The URL parsed when it is an absolute `http:` or `https:` URL; else the error to answer. */
export function linkUrl(text: string): URL | RpcError {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return new RpcError(VIEW_BRIDGE_ERROR_CODES.invalidParams, `Invalid URL: ${quote(text)} is not an absolute URL.`);
  }
  if (SCHEMES.includes(url.protocol)) return url;
  return new RpcError(VIEW_BRIDGE_ERROR_CODES.refused, `Policy violation: the host opens only http: and https: links (not ${url.protocol}).`);
}

/** `ui/open-link`. */
export const openLink: ViewRequestMethod = {
  check: (params) => checkObject(params, stringField("url", true)),
  async serve(params, core) {
    const { onOpenLink } = core.options;
    if (!onOpenLink) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.methodNotFound, "This host does not open links (ui/open-link).");
    const url = linkUrl(params.url as string);
    if (url instanceof RpcError) throw url;
    if ((await onOpenLink(url.href)) !== true) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.refused, "Link opening denied.", { url: url.href });
    return {};
  },
};
