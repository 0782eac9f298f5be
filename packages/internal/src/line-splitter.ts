/**
 * The stdio framing (basic/transports/stdio.mdx): one JSON-RPC message per
 * line, lines ended by `\n` (a `\r` before it is dropped), UTF-8 (a
 * byte-order mark opening a line is dropped, as RFC 8259 allows). Chunks go
 * in as they arrive; whole lines come out. A line longer than the limit is
 * never held: its bytes are counted and dropped as they arrive, and only its
 * first and last few bytes are kept, to recover the request id it carried.
 * The same framing serves any byte stream (a pipe, a socket).
 */
import { concat } from "./bytes.js";

/** One line of a newline-delimited stream. */
export type LineFrame =
  /** A line, decoded (without its `\r\n` or `\n`); `bytes` is its length in UTF-8. */
  | { kind: "line"; text: string; bytes: number }
  /** A line longer than the limit, dropped; `id` is the request id it seems to carry, when one shows at its start or end. */
  | { kind: "too-long"; bytes: number; id: string | number | undefined }
  /** A line that is not UTF-8, dropped. */
  | { kind: "invalid-utf8"; bytes: number };

const NEWLINE = 0x0a;
const CR = 0x0d;
/** How much of a dropped line's start and end is kept, to find its id. */
const EDGE = 256;

export class LineSplitter {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private parts: Uint8Array[] = [];
  private size = 0;
  /** Bytes of the line being dropped, or -1 while the current line fits. */
  private dropped = -1;
  private head: Uint8Array | undefined;
  private tail = new Uint8Array(0);

  /** `onFrame` receives each line as soon as its newline arrives. */
  constructor(
    /** Longest line in bytes, not counting its line end. */
    readonly maxLineBytes: number,
    private readonly onFrame: (frame: LineFrame) => void,
  ) {}

  /** Takes the next chunk of the stream. The chunk is not kept: what waits for its line's end is copied. */
  push(chunk: Uint8Array): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end === -1) break;
      if (this.size === 0 && this.dropped < 0 && end - start <= this.maxLineBytes + 1) {
        this.emitLine(chunk.subarray(start, end)); // the common case: a whole line inside one chunk, not copied
      } else {
        this.append(chunk.subarray(start, end));
        this.finish();
      }
      start = end + 1;
    }
    if (start < chunk.byteLength) this.append(chunk.subarray(start));
  }

  /** The stream ended: a last line without its newline is a line too. */
  end(): void {
    if (this.size > 0 || this.dropped >= 0) this.finish();
  }

  private append(piece: Uint8Array): void {
    if (this.dropped >= 0) {
      this.dropped += piece.byteLength;
      this.keepTail(piece);
      return;
    }
    // One byte of slack for a `\r` that the line end drops.
    if (this.size + piece.byteLength > this.maxLineBytes + 1) {
      const held = concat(this.parts, this.size);
      this.dropped = held.byteLength + piece.byteLength;
      this.head = (held.byteLength >= EDGE ? held : concat([held, piece])).slice(0, EDGE);
      this.tail = new Uint8Array(0);
      this.keepTail(held);
      this.keepTail(piece);
      this.parts = [];
      this.size = 0;
      return;
    }
    if (piece.byteLength > 0) {
      this.parts.push(piece.slice()); // copied: the caller's chunk is not kept
      this.size += piece.byteLength;
    }
  }

  private keepTail(piece: Uint8Array): void {
    this.tail = piece.byteLength >= EDGE ? piece.slice(piece.byteLength - EDGE) : concat([this.tail, piece]).slice(-EDGE);
  }

  private finish(): void {
    if (this.dropped >= 0) {
      let bytes = this.dropped;
      const last = this.tail[this.tail.byteLength - 1];
      if (last === CR) bytes--;
      const loose = new TextDecoder();
      const id = idOfTruncated(loose.decode(this.head), loose.decode(this.tail));
      this.dropped = -1;
      this.head = undefined;
      this.tail = new Uint8Array(0);
      this.onFrame({ kind: "too-long", bytes, id });
      return;
    }
    const line = concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    this.emitLine(line);
  }

  private emitLine(raw: Uint8Array): void {
    const line = raw.byteLength > 0 && raw[raw.byteLength - 1] === CR ? raw.subarray(0, raw.byteLength - 1) : raw;
    if (line.byteLength > this.maxLineBytes) {
      const loose = new TextDecoder();
      this.onFrame({ kind: "too-long", bytes: line.byteLength, id: idOfTruncated(loose.decode(line.subarray(0, EDGE)), loose.decode(line.subarray(-EDGE))) });
      return;
    }
    let text: string;
    try {
      text = this.decoder.decode(line);
    } catch {
      this.onFrame({ kind: "invalid-utf8", bytes: line.byteLength });
      return;
    }
    this.onFrame({ kind: "line", text, bytes: line.byteLength });
  }
}

/** `"id": <string or integer>` as the first member (after `"jsonrpc"`), where serializers put it. */
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d{1,16})\s*[,}]/;
/** `"id": <string or integer>` as the last member, right before the message's closing brace. */
const ID_AT_END = /[{,]\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d{1,16})\s*\}\s*$/;

/**
 * The request id a message too long to read seems to carry, from its first
 * and last bytes: the id as its first member (after `jsonrpc`) or its last.
 * Used only to say which request an oversized message answered or asked,
 * so the peer gets a clear error at once instead of a time-out.
 */
export function idOfTruncated(head: string, tail: string): string | number | undefined {
  const match = ID_AT_START.exec(head) ?? ID_AT_END.exec(tail);
  if (!match) return undefined;
  try {
    const id: unknown = JSON.parse(match[1]!);
    return typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}
