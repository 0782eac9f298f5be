import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locatePointer, parseErrorPosition, positionAt, syntaxErrorOffset } from "../src/io/json-locate.js";
import { readLines, type Line } from "../src/io/lines.js";

async function collect(chunks: Uint8Array[], max: number): Promise<Line[]> {
  const out: Line[] = [];
  for await (const line of readLines((async function* () { yield* chunks; })(), max)) out.push(line);
  return out;
}

/** `bytes` cut at the given offsets. */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.slice(prev, p));
    prev = p;
  }
  return out;
}

describe("readLines", () => {
  it("yields the same lines as splitting the whole text, however the bytes are chunked (fast-check, fixed seed)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: "grapheme" }).map((s) => s.replace(/[\r\n]/g, "")), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), fc.boolean(), async (lines, offsets, crlf) => {
        const text = lines.map((l) => l + (crlf ? "\r\n" : "\n")).join("");
        const got = await collect(cut(Buffer.from(text), offsets), 1 << 20);
        expect(got).toEqual(lines.map((l, i) => ({ line: i + 1, text: l })));
      }),
      { seed: 20260728, numRuns: 300 },
    );
  });

  it("skips a line over the limit without buffering it, reports its size, and reads on", async () => {
    const text = `short\n${"x".repeat(100)}\nnext\nlast-without-newline`;
    const got = await collect(cut(Buffer.from(text), [3, 20, 50, 90, 104]), 10);
    expect(got).toEqual([
      { line: 1, text: "short" },
      { line: 2, error: "too-long", bytes: 100 },
      { line: 3, text: "next" },
      { line: 4, error: "too-long", bytes: 20 },
    ]);
  });

  it("reports bytes that are not UTF-8 and a multi-byte character cut across chunks is whole", async () => {
    const bytes = Buffer.concat([Buffer.from("é€\n"), Buffer.from([0xc3, 0x28, 0x0a]), Buffer.from("ok")]);
    expect(await collect(cut(bytes, [1, 3]), 100)).toEqual([
      { line: 1, text: "é€" },
      { line: 2, error: "invalid-utf8" },
      { line: 3, text: "ok" },
    ]);
  });
});

/** Every JSON Pointer of a value, with the value there. */
function pointers(value: unknown, at = ""): [string, unknown][] {
  const out: [string, unknown][] = [[at, value]];
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) out.push(...pointers(v, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  }
  return out;
}

const offsetOf = (text: string, line: number, column: number) => text.split("\n").slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;

describe("locatePointer", () => {
  it("lands on the first character of the value each pointer names, in any formatting (fast-check, fixed seed)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        for (const [pointer, v] of pointers(JSON.parse(text))) {
          const { line, column } = locatePointer(text, pointer);
          const rest = text.slice(offsetOf(text, line, column));
          expect(rest.startsWith(JSON.stringify(v)?.[0] ?? ""), `${pointer} in ${text}`).toBe(true);
          expect(JSON.parse(prefixValue(rest, v))).toEqual(v);
        }
      }),
      { seed: 20260728, numRuns: 300 },
    );
  });

  it("lands on the nearest existing ancestor for a missing member", () => {
    const text = '{\n  "a": {\n    "b": 1\n  }\n}';
    expect(locatePointer(text, "/a/missing")).toEqual({ line: 2, column: 8 });
    expect(locatePointer(text, "/nope/deeper")).toEqual({ line: 1, column: 1 });
  });

  it("finds where a text JSON.parse refuses goes wrong", () => {
    expect(parseErrorPosition('{\n  "a": oops\n}')).toEqual({ line: 2, column: 8 });
    expect(parseErrorPosition('[1, 2,]')).toEqual({ line: 1, column: 7 });
    expect(parseErrorPosition('{"a": 1} x')).toEqual({ line: 1, column: 10 });
    expect(parseErrorPosition(`{"a": "${String.fromCharCode(1)}"}`)).toEqual({ line: 1, column: 7 });
    expect(parseErrorPosition("[".repeat(100_000))).toEqual({ line: 1, column: 100_001 });
    expect(positionAt("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });

  it("agrees with JSON.parse on which texts are JSON (fast-check, fixed seed)", () => {
    const texts = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v, null, 1)),
      fc.jsonValue().chain((v) => fc.tuple(fc.constant(JSON.stringify(v)), fc.nat(), fc.constantFrom("", ",", "]", "}", '"', "x", ":", " ", "\\")).map(([t, at, ch]) => t.slice(0, at % (t.length + 1)) + ch + t.slice(at % (t.length + 1)))),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let ok = true;
        try {
          JSON.parse(text);
        } catch {
          ok = false;
        }
        expect(syntaxErrorOffset(text) === undefined, text).toBe(ok);
      }),
      { seed: 20260728, numRuns: 2000 },
    );
  });
});

/** The JSON text of `v` at the start of `rest` (re-serialised compactly, so formatting does not matter). */
function prefixValue(rest: string, v: unknown): string {
  // Parse progressively longer prefixes until one is `v`'s text.
  for (let end = 1; end <= rest.length; end++) {
    try {
      const parsed = JSON.parse(rest.slice(0, end));
      if (JSON.stringify(parsed) === JSON.stringify(v)) return JSON.stringify(parsed);
    } catch {
      // keep going
    }
  }
  return "undefined-marker";
}
