/**
 * The `htu` comparison of RFC 9449 §4.3 (step 9): a proof names the URI of
 * the request it was made for, and the two must match ignoring query and
 * fragment, after syntax-based and scheme-based normalization (RFC 3986
 * §6.2.2, §6.2.3). The WHATWG URL parser does most of it (case of scheme and
 * host, default port, empty path, dot segments); what is left is the
 * percent-encoding: hex digits in upper case, unreserved characters decoded.
 */

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** `%7e` and `%7E` read `~`; other escapes keep their meaning with upper-case hex. */
function normalizeEscapes(path: string): string {
  return path.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/** The normalized form of an http(s) URI without its query and fragment, or undefined for anything else (other schemes, user info, not a URI). */
export function normalizedHtu(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username !== "" || url.password !== "") return undefined;
  return `${url.protocol}//${url.host}${normalizeEscapes(url.pathname)}`;
}
