/**
 * A small Unicode script detector for host labels: enough to see that a label
 * mixes Latin letters with Cyrillic or Greek lookalikes ("аpple" with a
 * Cyrillic "а"). It maps letters to scripts by code point ranges (the main
 * blocks of each script); digits, hyphens and combining marks belong to no
 * script; any other letter counts as "Other".
 */

/** A writing system a letter can belong to. "Other" is any letter outside the table. */
export type Script =
  | "Latin"
  | "Greek"
  | "Cyrillic"
  | "Armenian"
  | "Hebrew"
  | "Arabic"
  | "Devanagari"
  | "Thai"
  | "Georgian"
  | "Cherokee"
  | "Hangul"
  | "Hiragana"
  | "Katakana"
  | "Bopomofo"
  | "Han"
  | "Other";

/** Code points that belong to no single script although they sit inside a script's block. */
const NEUTRAL: ReadonlyArray<readonly [number, number]> = [
  [0x0300, 0x036f], // combining diacritical marks
  [0x0374, 0x0375], // Greek numeral signs (Common)
  [0x037e, 0x037e], // Greek question mark (Common)
  [0x0385, 0x0385],
  [0x0387, 0x0387],
  [0x0589, 0x0589], // Armenian full stop (Common)
  [0x0605, 0x0605],
  [0x060c, 0x060c],
  [0x061b, 0x061c],
  [0x061f, 0x061f],
  [0x0640, 0x0640], // Arabic tatweel (Common)
  [0x064b, 0x0655], // Arabic harakat (Inherited)
  [0x0670, 0x0670],
  [0x06dd, 0x06dd],
  [0x0964, 0x0965], // danda (Common)
  [0x0e3f, 0x0e3f], // Thai baht sign (Common)
  [0x10fb, 0x10fb],
  [0x1ab0, 0x1aff], // combining marks
  [0x1dc0, 0x1dff], // combining marks
  [0x200c, 0x200d], // zero-width joiners
  [0x20d0, 0x20ff], // combining marks for symbols
  [0x3099, 0x309c], // kana voicing marks (Inherited / Common)
  [0x30a0, 0x30a0],
  [0x30fb, 0x30fc], // katakana middle dot, prolonged sound mark (Common)
  [0xfe00, 0xfe0f], // variation selectors
  [0xfe20, 0xfe2f], // combining half marks
  [0xff70, 0xff70], // halfwidth prolonged sound mark (Common)
];

/** The code point ranges of each script, checked in order. */
const RANGES: ReadonlyArray<readonly [number, number, Script]> = [
  [0x0041, 0x005a, "Latin"],
  [0x0061, 0x007a, "Latin"],
  [0x00aa, 0x00aa, "Latin"],
  [0x00ba, 0x00ba, "Latin"],
  [0x00c0, 0x00d6, "Latin"],
  [0x00d8, 0x00f6, "Latin"],
  [0x00f8, 0x02af, "Latin"], // Latin-1 letters, Latin Extended-A/B, IPA extensions
  [0x1e00, 0x1eff, "Latin"], // Latin Extended Additional
  [0x2c60, 0x2c7f, "Latin"], // Latin Extended-C
  [0xa720, 0xa7ff, "Latin"], // Latin Extended-D
  [0xab30, 0xab64, "Latin"], // Latin Extended-E
  [0xff21, 0xff3a, "Latin"], // fullwidth A-Z
  [0xff41, 0xff5a, "Latin"], // fullwidth a-z
  [0x0370, 0x03e1, "Greek"],
  [0x03f0, 0x03ff, "Greek"], // (0x03e2-0x03ef are Coptic letters: "Other")
  [0x1f00, 0x1fff, "Greek"], // Greek Extended
  [0x0400, 0x052f, "Cyrillic"], // Cyrillic and Cyrillic Supplement
  [0x1c80, 0x1c8f, "Cyrillic"], // Cyrillic Extended-C
  [0x2de0, 0x2dff, "Cyrillic"], // Cyrillic Extended-A
  [0xa640, 0xa69f, "Cyrillic"], // Cyrillic Extended-B
  [0x0530, 0x058f, "Armenian"],
  [0xfb13, 0xfb17, "Armenian"], // Armenian ligatures
  [0x0590, 0x05ff, "Hebrew"],
  [0xfb1d, 0xfb4f, "Hebrew"], // Hebrew presentation forms
  [0x0600, 0x06ff, "Arabic"],
  [0x0750, 0x077f, "Arabic"], // Arabic Supplement
  [0x08a0, 0x08ff, "Arabic"], // Arabic Extended-A
  [0xfb50, 0xfdff, "Arabic"], // Arabic presentation forms A
  [0xfe70, 0xfefc, "Arabic"], // Arabic presentation forms B
  [0x0900, 0x097f, "Devanagari"],
  [0xa8e0, 0xa8ff, "Devanagari"], // Devanagari Extended
  [0x0e00, 0x0e7f, "Thai"],
  [0x10a0, 0x10ff, "Georgian"],
  [0x1c90, 0x1cbf, "Georgian"], // Georgian Extended (Mtavruli)
  [0x2d00, 0x2d2f, "Georgian"], // Georgian Supplement
  [0x13a0, 0x13ff, "Cherokee"],
  [0xab70, 0xabbf, "Cherokee"], // Cherokee Supplement
  [0x1100, 0x11ff, "Hangul"], // Hangul Jamo
  [0x3130, 0x318f, "Hangul"], // Hangul Compatibility Jamo
  [0xa960, 0xa97f, "Hangul"], // Hangul Jamo Extended-A
  [0xac00, 0xd7ff, "Hangul"], // Hangul syllables, Jamo Extended-B
  [0x3041, 0x309f, "Hiragana"],
  [0x30a0, 0x30ff, "Katakana"],
  [0x31f0, 0x31ff, "Katakana"], // Katakana phonetic extensions
  [0xff66, 0xff9d, "Katakana"], // halfwidth katakana
  [0x3100, 0x312f, "Bopomofo"],
  [0x31a0, 0x31bf, "Bopomofo"], // Bopomofo Extended
  [0x2e80, 0x2fdf, "Han"], // CJK and Kangxi radicals
  [0x3005, 0x3005, "Han"], // ideographic iteration mark
  [0x3007, 0x3007, "Han"], // ideographic number zero
  [0x3021, 0x3029, "Han"], // Hangzhou numerals
  [0x3038, 0x303b, "Han"],
  [0x3400, 0x4dbf, "Han"], // CJK Extension A
  [0x4e00, 0x9fff, "Han"], // CJK Unified Ideographs
  [0xf900, 0xfaff, "Han"], // CJK Compatibility Ideographs
  [0x20000, 0x3134f, "Han"], // CJK Extensions B-G and supplements
];

/** Whether `code` falls in one of `ranges`. */
function inRanges(code: number, ranges: ReadonlyArray<readonly [number, number]>): boolean {
  return ranges.some(([lo, hi]) => code >= lo && code <= hi);
}

/** A letter of any script. */
const LETTER = /\p{L}/u;

/**
 * The script of one code point: a script from the table, "Other" for a letter
 * outside it, `undefined` for anything that belongs to no script (digits,
 * hyphen and other ASCII punctuation, combining marks, joiners).
 */
export function scriptOf(code: number): Script | undefined {
  if (code < 0x80 && !((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a))) return undefined;
  if (inRanges(code, NEUTRAL)) return undefined;
  const hit = RANGES.find(([lo, hi]) => code >= lo && code <= hi);
  if (hit) return hit[2];
  return LETTER.test(String.fromCodePoint(code)) ? "Other" : undefined;
}

/** The scripts of the letters in `text`, in order of first appearance. */
export function scriptsIn(text: string): Script[] {
  const seen = new Set<Script>();
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    if (script) seen.add(script);
  }
  return [...seen];
}

/**
 * The combinations of scripts that are normal in one label (Unicode UTS #39's
 * "highly restrictive" level): Japanese, Chinese with Bopomofo and Korean
 * writing each mix Han with their own scripts, and any of them with Latin.
 */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<Script>> = [
  new Set<Script>(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set<Script>(["Latin", "Han", "Bopomofo"]),
  new Set<Script>(["Latin", "Han", "Hangul"]),
];

/**
 * Whether a label mixes scripts in a way that suggests a lookalike: more than
 * one script, and not one of the usual East Asian combinations.
 */
export function isMixedScript(scripts: readonly Script[]): boolean {
  if (scripts.length <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => scripts.every((script) => allowed.has(script)));
}
