/**
 * JSON Lines, streamed: yields each line of a byte source with its number,
 * holding at most one line in memory, by the one line framing the packages
 * share (`LineSplitter` of @mrtr/internal). A line longer than the limit is
 * skipped (its bytes are dropped as they arrive) and reported; bytes that are
 * not UTF-8 are reported too; the lines after either are still read.
 */
import { LineSplitter, type LineFrame } from "@mrtr/internal";
import type { ByteSource } from "./input.js";

/** One line of input. */
export type Line =
  | { line: number; text: string }
  | { line: number; error: "too-long"; bytes: number }
  | { line: number; error: "invalid-utf8" };

/** The lines of `source`, 1-based, without their line terminators (LF or CRLF). */
export async function* readLines(source: ByteSource, maxLineBytes: number): AsyncGenerator<Line> {
  let number = 0;
  let ready: Line[] = [];
  const toLine = (frame: LineFrame): Line => {
    number++;
    if (frame.kind === "line") return { line: number, text: frame.text };
    if (frame.kind === "too-long") return { line: number, error: "too-long", bytes: frame.bytes };
    return { line: number, error: "invalid-utf8" };
  };
  const splitter = new LineSplitter(maxLineBytes, (frame) => ready.push(toLine(frame)));
  for await (const chunk of source) {
    splitter.push(chunk);
    const lines = ready;
    ready = [];
    yield* lines;
  }
  splitter.end();
  yield* ready;
}
