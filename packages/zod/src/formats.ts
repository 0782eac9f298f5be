/**
 * The string formats the protocol's schema uses, decided exactly as
 * ajv-formats decides them in its "full" mode (the reference the differential
 * tests hold every validator to), without its table of every other format:
 * each test is its own export, so a bundle carries only the ones it calls.
 *
 * - `uri`: RFC 3986's `URI` (scheme, hierarchical part, query, fragment),
 *   ASCII letters in any case. As in the reference, dec-octets may have
 *   leading zeros, the port is any run of digits, and the authority may
 *   follow a single slash as well as two.
 * - `uri-template`: RFC 6570 level 4 (literals, `{op var:len,var*}`), with
 *   variable names of letters, digits, `_` and percent-escapes.
 * - `email`: a dot-atom local part (RFC 5322 `atext`), `@`, then two or more
 *   host labels (letters, digits, inner hyphens).
 * - `date`, `date-time`: RFC 3339 `full-date` and `date-time` (separator `T`,
 *   `t` or one whitespace character; a zone is required), calendar days
 *   checked, a leap second allowed only at 23:59 UTC.
 * - `byte`: base64 with padding; as in the reference, the test runs line by
 *   line, and any line that is whole base64 (an empty line too) passes.
 *
 * The differential tests compare every test here with ajv-formats' on
 * probes, edge cases and seeded random strings.
 */

/** The string formats the protocol's schema uses. */
export type FormatName = "uri" | "uri-template" | "email" | "date" | "date-time" | "byte";

// --- uri: RFC 3986 section 3, appendix A -------------------------------------

const HEX = "[0-9a-f]";
const PCT_ENCODED = `%${HEX}{2}`;
/** unreserved and sub-delims. */
const PLAIN = "a-z0-9\\-._~!$&'()*+,;=";
const PCHAR = `(?:[${PLAIN}:@]|${PCT_ENCODED})`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const DEC_OCTET = "(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)";
const IPV4 = `(?:${DEC_OCTET}\\.){3}${DEC_OCTET}`;
const H16 = `${HEX}{1,4}`;
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
/** The nine forms of IPv6address: `::` standing for none or more groups at each place. */
const IPV6 = /* @__PURE__ */ (() => {
  const before = (i: number) => (i === 0 ? "" : i === 1 ? "::" : `(?:(?:${H16}:){0,${i - 2}}${H16})?::`);
  const forms = [0, 1, 2, 3, 4, 5, 6].map((i) => `${before(i)}(?:${H16}:){${6 - i}}${LS32}`);
  forms.push(`${before(7)}${H16}`, before(8));
  return `(?:${forms.join("|")})`;
})();
const IP_FUTURE = `v${HEX}+\\.[${PLAIN}:]+`;
const IP_LITERAL = `\\[(?:${IPV6}|${IP_FUTURE})\\]`;
/** reg-name, which also covers IPv4address. */
const REG_NAME = `(?:[${PLAIN}]|${PCT_ENCODED})*`;
const USERINFO = `(?:[${PLAIN}:]|${PCT_ENCODED})*`;
const AUTHORITY = `(?:${USERINFO}@)?(?:${IP_LITERAL}|${REG_NAME})(?::\\d*)?`;
const HIER_PART = `(?:\\/\\/?${AUTHORITY}(?:\\/${SEGMENT})*|\\/(?:${SEGMENT_NZ}(?:\\/${SEGMENT})*)?|${SEGMENT_NZ}(?:\\/${SEGMENT})*)`;
const QUERY = `(?:[${PLAIN}:@/?]|${PCT_ENCODED})*`;
const URI = /* @__PURE__ */ new RegExp(`^[a-z][a-z0-9+\\-.]*:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`, "i");

/** `uri`: an absolute URI (RFC 3986). */
export function isUri(value: string): boolean {
  return URI.test(value);
}

// --- uri-template: RFC 6570 section 2 ----------------------------------------

const VARCHARS = `(?:[a-z0-9_]|${PCT_ENCODED})+`;
const VARSPEC = `${VARCHARS}(?::[1-9][0-9]{0,3}|\\*)?`;
const EXPRESSION = `\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\}`;
const LITERAL = `[^\\x00-\\x20"'<>%\\\\^\`{|}]|${PCT_ENCODED}`;
const URI_TEMPLATE = /* @__PURE__ */ new RegExp(`^(?:${LITERAL}|${EXPRESSION})*$`, "i");

/** `uri-template`: a URI template (RFC 6570). */
export function isUriTemplate(value: string): boolean {
  return URI_TEMPLATE.test(value);
}

// --- email ---------------------------------------------------------------------

const ATEXT = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
const EMAIL = /* @__PURE__ */ new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${LABEL}$`, "i");

/** `email`: `local@host.domain`. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

// --- date, date-time: RFC 3339 section 5.6 ---------------------------------------

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** hour, minute, second (with fraction), then the zone: Z, or sign, hours and optional minutes. */
const TIME = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(z|([+-])(\d{2})(?::?(\d{2}))?)?$/i;

/** Days in `month` (1-12) of `year`, by the Gregorian calendar. */
function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `date`: `YYYY-MM-DD`, a day that exists. */
export function isDate(value: string): boolean {
  const m = FULL_DATE.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(Number(m[1]), month);
}

/** RFC 3339 `full-time`, zone required. */
function isFullTime(value: string): boolean {
  const m = TIME.exec(value);
  if (!m || m[4] === undefined) return false;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3]);
  const sign = m[5] === "-" ? -1 : 1;
  const zoneHour = Number(m[6] ?? 0);
  const zoneMinute = Number(m[7] ?? 0);
  if (zoneHour > 23 || zoneMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // Otherwise only a leap second: 23:59:60 once moved to UTC (minute -1 borrowing an hour).
  const utcMinute = minute - zoneMinute * sign;
  const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** `date-time`: a date, `T` (or `t`, or a whitespace character), a time with its zone. */
export function isDateTime(value: string): boolean {
  const parts = value.split(/t|\s/i);
  return parts.length === 2 && isDate(parts[0]!) && isFullTime(parts[1]!);
}

// --- byte: base64 ------------------------------------------------------------------

const BASE64_LINE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/m;

/** `byte`: base64 (RFC 4648, padded); see the module comment for lines. */
export function isByte(value: string): boolean {
  return BASE64_LINE.test(value);
}

const TESTS: Readonly<Record<FormatName, (value: string) => boolean>> = {
  uri: isUri,
  "uri-template": isUriTemplate,
  email: isEmail,
  date: isDate,
  "date-time": isDateTime,
  byte: isByte,
};

/**
 * The test of a format by name (all of them come with it; import the
 * `is…` function itself to carry one).
 */
export function formatTest(name: FormatName): (value: string) => boolean {
  const test = TESTS[name];
  if (!test) throw new Error(`no format test for ${String(name)}`);
  return test;
}
