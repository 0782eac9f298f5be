/**
 * The format tests of `@mrtr/zod/checks` against ajv-formats' ("full" mode),
 * the reference every validator is held to: the same verdict on probes,
 * edge cases of each grammar, and seeded random strings built from each
 * format's own pieces (so most land near the boundary of the language).
 */
import fc from "fast-check";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { formatTest, isByte, isDate, isDateTime, isEmail, isUri, isUriTemplate, type FormatName } from "@mrtr/zod/checks";
import { FORMAT_PROBES } from "../../../test/helpers/differential.js";

/** ajv-formats' own test of a format, as ajv runs it. */
function reference(name: FormatName): (value: string) => boolean {
  const def = fullFormats[name] as unknown;
  const validate = def && typeof def === "object" && "validate" in def ? (def as { validate: unknown }).validate : def;
  if (validate instanceof RegExp) {
    return (value) => {
      validate.lastIndex = 0;
      return validate.test(value);
    };
  }
  return validate as (value: string) => boolean;
}

const EDGE_CASES: Record<FormatName, string[]> = {
  uri: [
    "https://example.com/a/b?c=d#e", "a:b", "a:", "a:/", "a://", "a:///", "urn:isbn:0451450523", "mailto:someone@example.com",
    "http://[::1]/x", "http://[::]", "http://[1::]", "http://[::ffff:192.168.0.1]", "http://[1:2:3:4:5:6:7:8]", "http://[1:2:3:4:5:6:7:8:9]",
    "http://[1:2:3:4:5:6:1.2.3.4]", "http://[1::2::3]", "http://[v1.x:y]", "http://[V1f.a]", "http://[vz.a]", "a:/[::1]", "a://[::1",
    "http://256.1.1.1", "http://user:pw@host:8080/p", "http://host:port", "http://h/%2f%zz", "http://h/%2F", "HTTP://EXAMPLE.COM",
    "1http://x", "+a:b", "a+b-c.d:x", "http://exa mple.com", "http://é.com", "http://h/?a=b?c/d#f?/", "http://h#a#b", "http://h/[x]",
    "file:///c:/x", "//example.com", "/relative", "a:b:c", "a:%", "a:%a", "a:%aa", "x:y@z", "x://y@z@w",
  ],
  "uri-template": [
    "", "file:///{path}", "https://example.com/{", "{a}", "{+a}", "{#a,b}", "{a:1}", "{a:10000}", "{a:0}", "{a*}", "{a:1*}", "{}", "{a,}",
    "{.a}", "{a.b}", "{%2Fa}", "{%zz}", "%2F", "%zz", "a b", "a\"b", "a'b", "<", ">", "\\", "^", "`", "|", "}", "é", "\u007f", "{a}{b}", "{=a;b}",
  ],
  email: [
    "someone@example.com", "a@b", "a@b.c", "a@", "@b.c", "a.b@c.d", "a..b@c.d", ".a@c.d", "a.@c.d", "a@-b.c", "a@b-.c", "a@b.c-", "a@b..c",
    "A+B/C=D?E^F`G{H|I}J~K@x.io", "a b@c.d", "é@c.d", "a@é.fr", "a@b.c.", "a@123.456",
  ],
  date: ["2026-07-28", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32", "2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "2026-04-31", "26-07-28", "2026-7-28", "2026-07-28 ", "02026-07-28"],
  "date-time": [
    "2026-07-28T12:34:56Z", "2026-07-28t12:34:56z", "2026-07-28 12:34:56Z", "2026-07-28\u00a012:34:56Z", "2026-07-28\u200212:34:56Z", "2026-07-28T12:34:56",
    "2026-07-28T12:34:56.123+02:00", "2026-07-28T12:34:56+0200", "2026-07-28T12:34:56+02", "2026-07-28T24:00:00Z", "2026-07-28T23:60:00Z",
    "2026-07-28T23:59:60Z", "2026-07-28T23:59:60.999Z", "2026-07-28T23:59:61Z", "2026-07-28T22:59:60Z", "2026-07-28T00:59:60+01:00", "2026-07-28T23:29:60-00:30",
    "2026-07-28T22:29:60-00:30", "2026-07-28T12:34:56+24:00", "2026-07-28T12:34:56+02:60", "2026-07-28TT12:34:56Z", "2026-02-30T00:00:00Z", "2026-13-45T99:00:00Z",
  ],
  byte: ["", "aGVsbG8gd29ybGQ=", "abc", "abcd", "ab==", "abc=", "a===", "@@@", "abcd\n@@@", "@@@\n", "\nabcd", "ab cd", "ab\ncd", "abcd\r\nab==", "QUJD\u2028!!"],
};

/** The pieces random strings of each format are built from. */
const PIECES: Record<FormatName, string[]> = {
  uri: ["http", "a", "Z", "0", "9", ":", "//", "/", "?", "#", "[", "]", "::", "ff", "1", "255", "256", ".", "v1.", "@", "%", "2F", "zz", "-", "_", "~", "!", "$", "&", "'", "(", "*", "+", ",", ";", "=", " ", "\"", "<", "é", "\\", "{"],
  "uri-template": ["{", "}", "a", "_", "0", "1", ":", "*", ",", "+", "#", ".", "/", ";", "?", "&", "=", "!", "@", "|", "%", "2F", "zz", " ", "\"", "'", "<", ">", "\\", "^", "`", "é", "\u007f", "\u0000"],
  email: ["a", "Z", "0", "@", ".", "-", "+", "_", "~", "!", "{", "|", "}", "example", "com", " ", "é", "(", "\""],
  date: ["2026", "2024", "1900", "2000", "-", "0", "1", "2", "3", "9", "02", "12", "13", "29", "30", "31", "00", " "],
  "date-time": ["2026-07-28", "2024-02-29", "2026-02-30", "T", "t", " ", "\u00a0", "12", "23", "24", "59", "60", "00", ":", ".", "5", "Z", "z", "+", "-", "01", "1"],
  byte: ["abcd", "ab", "a", "=", "==", "+/", "\n", "\r", " ", "@", "QUJD", "-", "_", "\u2028"],
};

const NAMES = Object.keys(PIECES) as FormatName[];

describe("format tests: the same verdict as ajv-formats (full mode)", () => {
  it("on the probes the differential tests use and on each grammar's edge cases", () => {
    for (const name of NAMES) {
      const ours = formatTest(name);
      const theirs = reference(name);
      for (const value of [...FORMAT_PROBES.map(([, v]) => v), ...EDGE_CASES[name]]) expect(ours(value), `${name} ${JSON.stringify(value)}`).toBe(theirs(value));
    }
  });

  it("on 20,000 seeded strings of each format's pieces, and on one-piece edits of its edge cases", () => {
    for (const name of NAMES) {
      const ours = formatTest(name);
      const theirs = reference(name);
      const piece = fc.constantFrom(...PIECES[name]);
      const built = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(""));
      const edited = fc
        .tuple(fc.constantFrom(...EDGE_CASES[name]), fc.nat(), piece, fc.constantFrom("insert", "replace", "delete"))
        .map(([seed, at, p, how]) => {
          const i = at % (seed.length + 1);
          return how === "insert" ? seed.slice(0, i) + p + seed.slice(i) : how === "replace" ? seed.slice(0, i) + p + seed.slice(i + 1) : seed.slice(0, i) + seed.slice(i + 1);
        });
      fc.assert(
        fc.property(fc.oneof(built, edited, fc.string({ maxLength: 12 })), (value) => ours(value) === theirs(value)),
        { seed: 20260728, numRuns: 20_000 },
      );
    }
  });

  it("accepts and refuses at least one string of each format (the comparison is not between two constants)", () => {
    const tests = { uri: isUri, "uri-template": isUriTemplate, email: isEmail, date: isDate, "date-time": isDateTime, byte: isByte };
    for (const name of NAMES) {
      const verdicts = EDGE_CASES[name].map(tests[name]);
      expect(verdicts, name).toContain(true);
      expect(verdicts, name).toContain(false);
    }
  });
});
