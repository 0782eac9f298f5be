/**
 * JSON Lines, streamed: yields each line of a byte source with its number,
 * holding at most one line in memory. A line longer than the limit is
 * skipped (its bytes are dropped as they arrive) and reported; bytes that are
 * not UTF-8 are reported too; the lines after either are still read.
 */
import type { ByteSource } from "./input.js";

/** One line of input. */
export type Line =
  | { line: number; text: string }
  | { line: number; error: "too-long"; bytes: number }
  | { line: number; error: "invalid-utf8" };

const NEWLINE = 0x0a;
const CR = 0x0d;

/** The lines of `source`, 1-based, without their line terminators (LF or CRLF). */
export async function* readLines(source: ByteSource, maxLineBytes: number): AsyncGenerator<Line> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let parts: Uint8Array[] = [];
  let size = 0;
  let skipped = 0;
  let skipping = false;
  let number = 0;

  const finish = (): Line => {
    number++;
    if (skipping) {
      const bytes = skipped;
      skipping = false;
      skipped = 0;
      return { line: number, error: "too-long", bytes };
    }
    let bytes = Buffer.concat(parts, size);
    parts = [];
    size = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    try {
      // A byte-order mark may open the first line only.
      const text = decoder.decode(bytes);
      return { line: number, text: number === 1 ? text.replace(/^\uFEFF/, "") : text };
    } catch {
      return { line: number, error: "invalid-utf8" };
    }
  };

  const append = (piece: Uint8Array) => {
    if (skipping) {
      skipped += piece.byteLength;
      return;
    }
    if (size + piece.byteLength > maxLineBytes) {
      skipping = true;
      skipped = size + piece.byteLength;
      parts = [];
      size = 0;
      return;
    }
    if (piece.byteLength > 0) {
      parts.push(piece);
      size += piece.byteLength;
    }
  };

  for await (const chunk of source) {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end === -1) break;
      append(chunk.subarray(start, end));
      yield finish();
      start = end + 1;
    }
    // Copy the tail: the source may reuse its buffer for the next chunk.
    if (start < chunk.byteLength) append(Uint8Array.prototype.slice.call(chunk, start));
  }
  if (size > 0 || skipping) yield finish();
}
