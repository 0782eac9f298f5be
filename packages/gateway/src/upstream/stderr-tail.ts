/**
 * The latest stderr of a stdio upstream, kept for diagnosis within a byte
 * bound: lines go in at the end and the oldest fall out once the bound is
 * passed, and a single line longer than the bound is cut to fit, so memory
 * stays bounded whatever the process writes.
 */

/** Marks a line cut short. */
const CUT = "…";

/** A ring buffer of the latest lines, at most `maxBytes` UTF-8 bytes (newlines between them counted). */
export class StderrTail {
  #lines: string[] = [];
  #sizes: number[] = [];
  #head = 0;
  #bytes = 0;

  constructor(
    /** The bound, in bytes. */
    readonly maxBytes: number,
  ) {}

  /** Adds one line, dropping the oldest ones until the whole fits. */
  push(line: string): void {
    if (this.maxBytes <= 0) return;
    const kept = cutToBytes(line, this.maxBytes);
    const size = Buffer.byteLength(kept) + 1; // its newline
    this.#lines.push(kept);
    this.#sizes.push(size);
    this.#bytes += size;
    while (this.#bytes - 1 > this.maxBytes && this.#head < this.#lines.length - 1) this.#dropOldest();
    if (this.#head > 1024 && this.#head * 2 > this.#lines.length) this.#compact();
  }

  /** The kept lines, oldest first, joined by newlines. */
  text(): string {
    return this.#lines.slice(this.#head).join("\n");
  }

  /** The latest whole lines that fit in `bytes` bytes (or the latest line alone, cut to fit), oldest first. */
  last(bytes: number): string {
    const out: string[] = [];
    let used = 0;
    for (let i = this.#lines.length - 1; i >= this.#head; i--) {
      used += this.#sizes[i]!;
      if (used - 1 > bytes) {
        if (out.length === 0) out.push(cutToBytes(this.#lines[i]!, bytes));
        break;
      }
      out.push(this.#lines[i]!);
    }
    return out.reverse().join("\n");
  }

  #dropOldest(): void {
    this.#bytes -= this.#sizes[this.#head]!;
    this.#lines[this.#head] = "";
    this.#head++;
  }

  #compact(): void {
    this.#lines = this.#lines.slice(this.#head);
    this.#sizes = this.#sizes.slice(this.#head);
    this.#head = 0;
  }
}

/** `line` if it takes at most `maxBytes` UTF-8 bytes, else its start cut to fit, ending in `…`. */
export function cutToBytes(line: string, maxBytes: number): string {
  if (line.length <= maxBytes / 3 || Buffer.byteLength(line) <= maxBytes) return line;
  const room = maxBytes - Buffer.byteLength(CUT);
  if (room <= 0) return "";
  const start = Buffer.from(line.slice(0, maxBytes)).subarray(0, room).toString("utf8").replace(/\uFFFD+$/, "");
  return `${start}${CUT}`;
}
