/**
 * Inspection of the URL of a URL-mode elicitation, before the user decides
 * whether to open it. The client shows the FULL URL with the host
 * highlighted and warns about anything that could make the user misread
 * where it leads. Nothing here fetches, resolves or opens the URL.
 *
 * Decisions:
 * - `valid` means the WHATWG `URL` parser accepts the string as an absolute
 *   URL. A client should refuse to open a URL with a `not-a-url` or
 *   `non-http-scheme` warning; every other warning is for the user to weigh.
 * - Plain `http:` to a loopback host (`localhost`, `*.localhost`,
 *   `127.0.0.0/8`, `[::1]`) gets the softer `insecure-localhost` instead of
 *   `not-https`: the traffic never leaves the machine, but the user should
 *   still know a remote server is sending them to a local service.
 * - `ip-literal` applies to every IP host, loopback included.
 * - `unusual-port` applies to any explicit port other than the scheme's
 *   default (the parser drops a default one, so `https://a.com:443` has none).
 * - `hidden-characters` (beyond the list in the brief) flags control, format
 *   and invisible characters anywhere in the given string: the parser silently
 *   drops some (tabs, newlines, a zero-width space in the host) and bidi
 *   controls reorder what the user reads, so what is shown is not where the
 *   link goes.
 * - `very-long` means more than {@link VERY_LONG_URL} UTF-16 units.
 */
import { isPunycodeLabel, labelToUnicode } from "./punycode.js";
import { isMixedScript, scriptsIn } from "./scripts.js";
import { locateHost } from "./locate-host.js";

/** What a warning is about; codes are stable, messages may change. */
export type UrlWarningCode =
  | "not-a-url"
  | "non-http-scheme"
  | "not-https"
  | "insecure-localhost"
  | "credentials"
  | "punycode"
  | "mixed-scripts"
  | "ip-literal"
  | "unusual-port"
  | "hidden-characters"
  | "very-long";

/** One reason for the user to look twice at a URL. */
export interface UrlWarning {
  /** Machine-readable kind of the warning. */
  code: UrlWarningCode;
  /** Explanation for the end user. */
  message: string;
}

/** What the client should show the user about a URL before asking to open it. */
export interface UrlInspection {
  /** The full URL exactly as the server gave it; show all of it. */
  url: string;
  /** Whether the string parses as an absolute URL. */
  valid: boolean;
  /** The URL's origin (`https://example.com:8443`); absent when invalid or opaque (`javascript:`, `data:`, `file:`). */
  origin?: string;
  /** The host name as the parser reads it: lower case, ASCII (Punycode for international names), IPv6 in brackets. Absent when there is none. */
  host?: string;
  /** The host with its Punycode labels decoded to Unicode; present only when `host` has such labels. */
  displayHost?: string;
  /** Whether the scheme is `https:`. */
  https: boolean;
  /** Everything worth a warning, in a fixed order (the order of {@link UrlWarningCode}). */
  warnings: UrlWarning[];
}

/** The three parts of a URL as given, for highlighting the host. */
export interface UrlDisplayParts {
  /** Everything before the host (scheme, slashes, user info). */
  before: string;
  /** The host as written in the URL; empty when there is none or it cannot be located. */
  host: string;
  /** Everything after the host (port, path, query, fragment). */
  after: string;
}

/** Above this many UTF-16 units a URL gets the `very-long` warning. */
export const VERY_LONG_URL = 2000;

/** The `very-long` warning's message. */
const VERY_LONG_MESSAGE = "This address is unusually long; parts of it may be hidden from view.";

/** Characters that are invisible, reorder text, or are dropped by the parser. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Z}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u3164\ufe00-\ufe0f\uffa0]/u;

/** Whether `hostname` (as `URL.hostname` gives it) is an IPv4 or IPv6 address. */
function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** Whether `hostname` names this machine. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** The scheme's name without the colon, for messages. */
function schemeName(protocol: string): string {
  return protocol.endsWith(":") ? protocol.slice(0, -1) : protocol;
}

/**
 * Inspects the URL of a URL-mode elicitation: parses it with the WHATWG `URL`
 * class and lists what the user should be warned about. Never throws, never
 * fetches.
 */
export function inspectUrl(url: string): UrlInspection {
  const warnings: UrlWarning[] = [];
  const add = (code: UrlWarningCode, message: string): void => {
    warnings.push({ code, message });
  };
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    add("not-a-url", "This is not a valid web address. Do not open it.");
    if (url.length > VERY_LONG_URL) add("very-long", VERY_LONG_MESSAGE);
    return { url, valid: false, https: false, warnings };
  }

  const protocol = parsed.protocol.toLowerCase();
  const hostname = parsed.hostname;
  const labels = hostname.startsWith("[") ? [] : hostname.split(".");
  const punycode = labels.some(isPunycodeLabel);
  const unicodeLabels = labels.map((label) => labelToUnicode(label) ?? label);
  const displayHost = punycode ? unicodeLabels.join(".") : undefined;
  const loopback = isLoopback(hostname);

  if (protocol !== "http:" && protocol !== "https:") {
    add("non-http-scheme", `This is a "${schemeName(protocol)}:" link, not a web page address. Do not open it.`);
  }
  if (protocol === "http:") {
    if (loopback) {
      add(
        "insecure-localhost",
        "This address points to a service on your own computer, over an unencrypted connection. Open it only if you expect to.",
      );
    } else {
      add("not-https", "This address does not use a secure connection (https). Information you enter there could be read by others.");
    }
  }
  if (parsed.username !== "" || parsed.password !== "") {
    add("credentials", `This address contains a user name or password before the real site. The site it opens is ${hostname}.`);
  }
  if (punycode) {
    add(
      "punycode",
      `This address uses international characters that can imitate another site. Its host reads as "${displayHost}" and is really ${hostname}.`,
    );
  }
  const mixed = unicodeLabels.map(scriptsIn).find(isMixedScript);
  if (mixed) {
    add(
      "mixed-scripts",
      `This address mixes letters from different alphabets (${mixed.join(", ")}), a common trick to imitate another site.`,
    );
  }
  if (hostname !== "" && isIpLiteral(hostname)) {
    add("ip-literal", `This address uses a bare IP address (${hostname}) instead of a site name, so you cannot tell whose site it is.`);
  }
  if (parsed.port !== "") {
    add("unusual-port", `This address uses an unusual port (${parsed.port}).`);
  }
  if (HIDDEN.test(url)) {
    add("hidden-characters", "This address contains invisible or control characters, so it may lead somewhere other than it appears.");
  }
  if (url.length > VERY_LONG_URL) {
    add("very-long", VERY_LONG_MESSAGE);
  }

  const inspection: UrlInspection = { url, valid: true, https: protocol === "https:", warnings };
  if (parsed.origin !== "null") inspection.origin = parsed.origin;
  if (hostname !== "") inspection.host = hostname;
  if (displayHost !== undefined) inspection.displayHost = displayHost;
  return inspection;
}

/**
 * Splits the URL exactly as given into the text before the host, the host as
 * written, and the rest, so a UI can show the whole URL with the host
 * highlighted: `before + host + after === inspection.url` always. When the
 * URL has no host, or the host cannot be located with certainty in the text,
 * `host` and `after` are empty and `before` is the whole URL: nothing is
 * highlighted rather than the wrong thing; show `inspection.host` instead.
 */
export function formatUrlForDisplay(inspection: UrlInspection): UrlDisplayParts {
  const { url } = inspection;
  const span = inspection.valid && inspection.host !== undefined ? locateHost(url, inspection.host) : undefined;
  if (!span) return { before: url, host: "", after: "" };
  return { before: url.slice(0, span.start), host: url.slice(span.start, span.end), after: url.slice(span.end) };
}
