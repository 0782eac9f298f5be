/**
 * Punycode decoding (RFC 3492), so a host the URL parser turned into
 * `xn--` labels can be shown, and checked for lookalike letters, in the
 * Unicode form a person would read.
 */

// The parameters RFC 3492 §5 fixes for IDNA:
/** Number of digit values (a-z, 0-9). */
const BASE = 36;
/** Smallest threshold of a digit position. */
const T_MIN = 1;
/** Largest threshold of a digit position. */
const T_MAX = 26;
/** Bias adaptation skew. */
const SKEW = 38;
/** Damping of the first bias adaptation. */
const DAMP = 700;
/** Bias before the first adaptation. */
const INITIAL_BIAS = 72;
/** First non-basic code point. */
const INITIAL_N = 0x80;
/** Largest intermediate value, as in the RFC's 32-bit reference decoder. */
const MAX_INT = 0x7fffffff;
/** Largest Unicode code point. */
const MAX_CODE_POINT = 0x10ffff;

/** The ACE prefix that marks a Punycode label in a host name. */
export const ACE_PREFIX = "xn--";

/** The digit value (0..35) of one Punycode character, or `BASE` when it is not a digit. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26; // 0-9 → 26..35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41; // A-Z → 0..25
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // a-z → 0..25
  return BASE;
}

/** Bias adaptation after each decoded code point (RFC 3492 §6.1). */
function adapt(delta: number, pointCount: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : Math.floor(delta / 2);
  d += Math.floor(d / pointCount);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) / 2) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/**
 * Decodes a Punycode string (the part of a label after `xn--`) into Unicode,
 * following RFC 3492 §6.2. Returns `undefined` for input that is not valid
 * Punycode (a non-basic character before the last `-`, a bad digit, a
 * truncated number, overflow, a basic or out-of-range code point).
 */
export function decodePunycode(input: string): string | undefined {
  const output: number[] = [];
  const delimiter = input.lastIndexOf("-");
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  let pos = delimiter >= 0 ? delimiter + 1 : 0;
  while (pos < input.length) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(pos++));
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / w)) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return undefined;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    if (Math.floor(i / length) > MAX_INT - n) return undefined;
    n += Math.floor(i / length);
    i %= length;
    if (n < INITIAL_N || n > MAX_CODE_POINT) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return output.map((code) => String.fromCodePoint(code)).join("");
}

/**
 * The Unicode form of one host label: an `xn--` label decoded, any other
 * label unchanged. `undefined` when the label claims to be Punycode but does
 * not decode.
 */
export function labelToUnicode(label: string): string | undefined {
  if (!isPunycodeLabel(label)) return label;
  return decodePunycode(label.slice(ACE_PREFIX.length));
}

/** Whether a host label is written in Punycode (starts with `xn--`, any case). */
export function isPunycodeLabel(label: string): boolean {
  return label.slice(0, ACE_PREFIX.length).toLowerCase() === ACE_PREFIX;
}
