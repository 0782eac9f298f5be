/** The stdio framing (basic/transports/stdio.mdx): one message per line, bounded, whatever the chunking. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idOfTruncated, LineSplitter, type LineFrame } from "@mrtr/internal";

const encoder = new TextEncoder();

function split(chunks: Uint8Array[], max: number): LineFrame[] {
  const frames: LineFrame[] = [];
  const splitter = new LineSplitter(max, (f) => frames.push(f));
  for (const c of chunks) splitter.push(c);
  splitter.end();
  return frames;
}

/** Cuts `bytes` at the given offsets. */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.byteLength + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const p of [...points, bytes.byteLength]) {
    out.push(bytes.slice(last, p));
    last = p;
  }
  return out;
}

describe("LineSplitter", () => {
  it("gives the same lines however the stream is cut into chunks (seeded)", () => {
    const line = fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), fc.constant(""), fc.constant("{\"jsonrpc\":\"2.0\"}")).map((s) => s.replace(/[\r\n]/g, " ").replace(/^\uFEFF+/, ""));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 30 }), fc.boolean(), (lines, offsets, crlf) => {
        const text = lines.map((l) => `${l}${crlf ? "\r\n" : "\n"}`).join("");
        const frames = split(cut(encoder.encode(text), offsets), 1 << 20);
        expect(frames).toEqual(lines.map((l) => ({ kind: "line", text: l, bytes: encoder.encode(l).byteLength })));
      }),
      { seed: 21, numRuns: 400 },
    );
  });

  it("drops a line over the limit without holding it, keeps reading, and recovers the id from its start or end", () => {
    const big = `{"jsonrpc":"2.0","id":"req-7","method":"tools/call","params":{"pad":"${"x".repeat(5000)}"}}`;
    const late = `{"result":{"pad":"${"y".repeat(5000)}"},"jsonrpc":"2.0","id":42}`;
    const text = `${big}\n{"ok":1}\n${late}\r\n`;
    for (const size of [1, 7, 300, 100_000]) {
      const bytes = encoder.encode(text);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.byteLength; i += size) chunks.push(bytes.slice(i, i + size));
      expect(split(chunks, 1024)).toEqual([
        { kind: "too-long", bytes: encoder.encode(big).byteLength, id: "req-7" },
        { kind: "line", text: '{"ok":1}', bytes: 8 },
        { kind: "too-long", bytes: encoder.encode(late).byteLength, id: 42 },
      ]);
    }
  });

  it("holds at most the limit while a line without a newline streams in (100 MB in 64 KiB chunks)", () => {
    const frames: LineFrame[] = [];
    const splitter = new LineSplitter(1 << 20, (f) => frames.push(f));
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    for (let sent = 0; sent < 100 * 1024 * 1024; sent += chunk.byteLength) {
      splitter.push(chunk);
      if (sent % (8 << 20) === 0) peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    }
    splitter.push(encoder.encode('\n{"a":1}\n'));
    expect(frames).toEqual([
      { kind: "too-long", bytes: 100 * 1024 * 1024, id: undefined },
      { kind: "line", text: '{"a":1}', bytes: 7 },
    ]);
    expect(peak).toBeLessThan(8 << 20);
  });

  it("drops a byte-order mark opening a line (RFC 8259 lets parsers ignore it)", () => {
    expect(split([encoder.encode("\uFEFF{}\n")], 100)).toEqual([{ kind: "line", text: "{}", bytes: 5 }]);
  });

  it("reports a line that is not UTF-8 and reads on; a last line without a newline counts", () => {
    const frames = split([new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]), encoder.encode("tail")], 100);
    expect(frames).toEqual([
      { kind: "invalid-utf8", bytes: 4 },
      { kind: "line", text: "tail", bytes: 4 },
    ]);
  });

  it("finds an id only where a serializer puts it, never inside a string", () => {
    expect(idOfTruncated('{"jsonrpc":"2.0","id":5,"method":"x"', "")).toBe(5);
    expect(idOfTruncated('{"id":"a\\"b","jsonrpc":"2.0"', "")).toBe('a"b');
    expect(idOfTruncated('{"method":"x","params":{"id":3', "")).toBeUndefined();
    expect(idOfTruncated("", 'xx","jsonrpc":"2.0","id":"z"}')).toBe("z");
    expect(idOfTruncated("", 'a,\\"id\\":5}"}')).toBeUndefined();
    expect(idOfTruncated("", '"params":{"id":6}}')).toBeUndefined();
    expect(idOfTruncated('{"id":123456789012345678901', "")).toBeUndefined();
  });
});
