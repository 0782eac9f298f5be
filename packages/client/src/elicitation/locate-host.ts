/**
 * Finds where the host is written in a URL string exactly as it was given, so
 * a UI can highlight it in the full URL. The WHATWG parser only gives the
 * normalized host ("xn--pple-43d.com" for "аpple.com", "example.com" for
 * "EXAMPLE.com"), not its place in the original text, so this scans the text
 * the way the parser reads an authority, then checks the span it found: the
 * span is returned only if it parses to the very host the parser saw, so a
 * trick the scan misreads can never get a wrong part highlighted.
 */

/** Schemes the WHATWG URL standard calls "special": their authority may use `\` and any number of slashes. */
const SPECIAL_SCHEMES = new Set(["http", "https", "ws", "wss", "ftp", "file"]);

/** A span of the original string, as UTF-16 offsets: `text.slice(start, end)`. */
export interface HostSpan {
  /** Offset of the host's first character. */
  start: number;
  /** Offset just past the host's last character. */
  end: number;
}

/** Whether the parser drops this character anywhere in the input (ASCII tab or newline). */
function isStripped(code: number): boolean {
  return code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * The span of the host in `url` as given, when it can be located and it
 * denotes `hostname` (the parser's `URL.hostname` of the same string);
 * otherwise `undefined`.
 */
export function locateHost(url: string, hostname: string): HostSpan | undefined {
  if (hostname === "") return undefined;
  // The parser trims leading and trailing C0 controls and spaces, and removes
  // tabs and newlines anywhere; scan that cleaned text, remembering where each
  // of its characters sits in the original.
  let lo = 0;
  let hi = url.length;
  while (lo < hi && url.charCodeAt(lo) <= 0x20) lo++;
  while (hi > lo && url.charCodeAt(hi - 1) <= 0x20) hi--;
  const at: number[] = [];
  let text = "";
  for (let i = lo; i < hi; i++) {
    if (isStripped(url.charCodeAt(i))) continue;
    at.push(i);
    text += url[i];
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
  if (!scheme?.[1]) return undefined;
  const special = SPECIAL_SCHEMES.has(scheme[1].toLowerCase());
  let p = scheme[0].length;
  if (special) {
    while (text[p] === "/" || text[p] === "\\") p++;
  } else if (text.startsWith("//", p)) {
    p += 2;
  } else {
    return undefined;
  }
  let authorityEnd = p;
  while (authorityEnd < text.length) {
    const c = text[authorityEnd];
    if (c === "/" || c === "?" || c === "#" || (special && c === "\\")) break;
    authorityEnd++;
  }
  const lastAt = text.lastIndexOf("@", authorityEnd - 1);
  const hostStart = lastAt >= p ? lastAt + 1 : p;
  let hostEnd: number;
  if (text[hostStart] === "[") {
    const close = text.indexOf("]", hostStart);
    if (close < 0 || close >= authorityEnd) return undefined;
    hostEnd = close + 1;
  } else {
    const colon = text.indexOf(":", hostStart);
    hostEnd = colon >= 0 && colon < authorityEnd ? colon : authorityEnd;
  }
  if (hostEnd <= hostStart) return undefined;
  const start = at[hostStart];
  const last = at[hostEnd - 1];
  if (start === undefined || last === undefined) return undefined;
  if (!denotes(scheme[1], text.slice(hostStart, hostEnd), hostname)) return undefined;
  return { start, end: last + 1 };
}

/** Whether `written`, read as the host of a `scheme:` URL, is `hostname`. */
function denotes(scheme: string, written: string, hostname: string): boolean {
  try {
    return new URL(`${scheme}://${written}/`).hostname === hostname;
  } catch {
    return false;
  }
}
