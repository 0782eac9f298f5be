/**
 * The UTF-8 length of a string in bytes, without encoding it (a lone
 * surrogate counts as U+FFFD, three bytes, as TextEncoder writes it).
 * Counting stops once past `limit`: enough to tell that a string is too long.
 */
export function utf8Length(text: string, limit = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
