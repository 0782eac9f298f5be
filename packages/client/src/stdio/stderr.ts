/**
 * What becomes of a launched server's stderr (basic/transports/stdio.mdx: a
 * server MAY log there; a client MAY capture, forward or ignore it). It is
 * always read as it arrives, so a server that writes a lot never blocks on
 * a full pipe, and memory stays bounded: lines are cut at `MAX_LINE`, the
 * last `TAIL_LINES` are kept for error messages, and copies to this
 * process's stderr are dropped while that stream is backed up.
 */
import type { Readable } from "node:stream";

/** `"inherit"`: copied to this process's stderr; `"ignore"`: discarded unread by the OS; a function: called with each line. */
export type StderrMode = "inherit" | "ignore" | ((line: string) => void);

/** Longest stderr line handed on, in UTF-16 units; longer ones are cut. */
const MAX_LINE = 8 * 1024;
/** Lines kept for the error of a server that exits. */
const TAIL_LINES = 20;
/** Bytes this process's stderr may hold unwritten before copies are dropped. */
const FORWARD_LIMIT = 1024 * 1024;

/** Reads a child's stderr as `mode` says and keeps its last lines. */
export class StderrReader {
  private readonly decoder = new TextDecoder();
  private partial = "";
  private cutting = false;
  private readonly tail: string[] = [];

  constructor(
    stream: Readable,
    private readonly mode: Exclude<StderrMode, "ignore">,
  ) {
    stream.on("data", (chunk: Buffer) => this.take(chunk));
    stream.on("end", () => this.flush());
    stream.on("error", () => undefined);
  }

  /** The last lines the server wrote, oldest first. */
  lines(): string[] {
    return this.partial ? [...this.tail, this.partial].slice(-TAIL_LINES) : [...this.tail];
  }

  private take(chunk: Buffer): void {
    if (this.mode === "inherit" && process.stderr.writableLength < FORWARD_LIMIT) process.stderr.write(chunk);
    const text = this.decoder.decode(chunk, { stream: true });
    let start = 0;
    for (;;) {
      const end = text.indexOf("\n", start);
      if (end === -1) break;
      this.add(text.slice(start, end));
      this.line();
      start = end + 1;
    }
    this.add(text.slice(start));
  }

  private add(piece: string): void {
    if (this.cutting) return;
    this.partial += piece;
    if (this.partial.length > MAX_LINE) {
      this.partial = `${this.partial.slice(0, MAX_LINE)}…`;
      this.cutting = true;
    }
  }

  private line(): void {
    const line = this.partial.endsWith("\r") ? this.partial.slice(0, -1) : this.partial;
    this.partial = "";
    this.cutting = false;
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    if (typeof this.mode === "function") {
      try {
        this.mode(line);
      } catch {
        // A failing listener must not stop the reading.
      }
    }
  }

  private flush(): void {
    this.add(this.decoder.decode());
    if (this.partial) this.line();
  }
}
