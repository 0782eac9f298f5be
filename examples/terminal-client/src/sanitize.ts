/**
 * Everything a server sends is untrusted text. Printed raw, an escape
 * sequence in a tool title or a form label could move the cursor, rewrite
 * what is on screen or change the terminal's settings. These helpers make
 * such characters visible instead (as `\u{1b}`) before anything is printed.
 */

/** Control characters (C0, DEL, C1) other than newline and tab. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu;
/** Control, format (bidi, zero-width) and other invisible characters, for URLs, where every character matters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u2000-\u200a\u202f\u205f\u3000\u3164\ufe00-\ufe0f\uffa0]/gu;
/** Bidirectional controls, which reorder the text around them. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const visible = (c: string) => `\\u{${c.codePointAt(0)!.toString(16)}}`;

/** Server text safe to print: control and bidi characters shown as `\u{…}`; newlines and tabs kept. */
export function plain(text: unknown): string {
  return String(text).replace(CONTROL, visible).replace(BIDI, visible);
}

/** Server text on one line: like {@link plain}, with line breaks shown as `\u{a}` too. */
export function oneLine(text: unknown): string {
  return plain(text).replace(/[\n\t]/g, visible);
}

/** A URL (or part of one) with every invisible character made visible, so what is shown is what the link holds. */
export function visibleUrl(text: string): string {
  return text.replace(INVISIBLE, visible);
}
