/** The shared internals, each against what it promises its callers. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeToken, jsonPointer, mergeCapabilities, parsePointer, readFormField, readWithin, sleep, utf8Length } from "@mrtr/internal";

const stream = (chunks: (string | Uint8Array)[], { stall = false, fail = false } = {}) =>
  new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (next !== undefined) return controller.enqueue(typeof next === "string" ? new TextEncoder().encode(next) : next);
      if (fail) return controller.error(new Error("connection reset"));
      if (stall) return new Promise<void>(() => undefined);
      controller.close();
    },
  });

describe("readWithin", () => {
  it("reads a whole body within the limit", async () => {
    const read = await readWithin(stream(["ab", "cd"]), { maxBytes: 4 });
    expect(read.ok && new TextDecoder().decode(read.bytes)).toBe("abcd");
    expect(await readWithin(null, { maxBytes: 0 })).toEqual({ ok: true, bytes: new Uint8Array(0) });
  });

  it("stops at the first byte past the limit, at a declared length past it, at the time limit and at a read error, each named", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({ pull: (c) => void (pulled++, c.enqueue(new Uint8Array(1024))) });
    expect(await readWithin(endless, { maxBytes: 4096 })).toEqual({ ok: false, failure: "too-large" });
    expect(pulled).toBeLessThan(10);
    let cancelled = false;
    const declared = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(1)), cancel: () => void (cancelled = true) });
    expect(await readWithin(declared, { maxBytes: 4, declaredLength: "5" })).toEqual({ ok: false, failure: "too-large" });
    // Nothing read, and the stream left to its owner (Node's HTTP server drains a request it was not read from).
    expect([declared.locked, cancelled]).toEqual([false, false]);
    expect(await readWithin(stream(["x"], { stall: true }), { maxBytes: 4, timeoutMs: 20 })).toEqual({ ok: false, failure: "too-slow" });
    expect(await readWithin(stream(["x"], { fail: true }), { maxBytes: 4 })).toEqual({ ok: false, failure: "failed" });
  });
});

describe("JSON Pointer", () => {
  it("escapes ~ and / and parses back what it writes (seeded)", () => {
    expect(jsonPointer(["a/b", "m~n", 0])).toBe("/a~1b/m~0n/0");
    expect(escapeToken("~/")).toBe("~0~1");
    expect(parsePointer("nope")).toBeUndefined();
    fc.assert(
      fc.property(fc.array(fc.string()), (tokens) => {
        expect(parsePointer(jsonPointer(tokens))).toEqual(tokens);
      }),
      { seed: 22, numRuns: 500 },
    );
  });
});

describe("utf8Length", () => {
  it("is TextEncoder's byte count, for any string (seeded), and stops counting past a limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
      }),
      { seed: 22, numRuns: 1000 },
    );
    expect(utf8Length("x".repeat(1000), 10)).toBe(11);
  });
});

describe("mergeCapabilities", () => {
  it("merges objects key by key into a new one, the second's other values winning, changing neither", () => {
    const a = { elicitation: { form: {} }, roots: { listChanged: false } };
    const b = { elicitation: { url: {} }, roots: { listChanged: true }, sampling: {} };
    expect(mergeCapabilities<Record<string, unknown>>(a, b)).toEqual({ elicitation: { form: {}, url: {} }, roots: { listChanged: true }, sampling: {} });
    expect(a).toEqual({ elicitation: { form: {} }, roots: { listChanged: false } });
    expect(mergeCapabilities(undefined, b)).toBe(b);
    expect(mergeCapabilities(a, undefined)).toBe(a);
  });
});

describe("readFormField", () => {
  it("reads each of the form's eight shapes as one of six kinds", () => {
    const kinds = [
      { type: "string", format: "email", minLength: 3 },
      { type: "integer", minimum: 1, default: 2 },
      { type: "number" },
      { type: "boolean", default: true },
      { type: "string", enum: ["a", "b"], enumNames: ["A", "B"] },
      { type: "string", oneOf: [{ const: "a", title: "A" }] },
      { type: "array", items: { type: "string", enum: ["x"] }, maxItems: 1 },
      { type: "array", items: { anyOf: [{ const: "x", title: "X" }] } },
    ].map((schema) => readFormField(schema));
    expect(kinds.map((k) => k?.field)).toEqual([
      { kind: "text", format: "email", minLength: 3 },
      { kind: "integer", min: 1, default: 2 },
      { kind: "number" },
      { kind: "boolean", default: true },
      { kind: "select", options: [{ value: "a", label: "A" }, { value: "b", label: "B" }] },
      { kind: "select", options: [{ value: "a", label: "A" }] },
      { kind: "multiselect", options: [{ value: "x", label: "x" }], maxItems: 1 },
      { kind: "multiselect", options: [{ value: "x", label: "X" }] },
    ]);
    expect(kinds.every((k) => k?.dropped.length === 0)).toBe(true);
  });

  it("leaves out what does not fit the form schema and says what, so a strict reader can refuse the field", () => {
    expect(readFormField({ type: "string", format: "phone", minLength: "3", default: 5 })).toEqual({ field: { kind: "text" }, dropped: ["format", "minLength", "default"] });
    expect(readFormField({ type: "string", enum: ["a", 1] })).toEqual({ field: { kind: "select", options: [{ value: "a", label: "a" }] }, dropped: ["enum"] });
    expect(readFormField({ type: "array", items: { type: "number", enum: ["x"] } })!.dropped).toEqual(["items.type"]);
    expect(readFormField({ type: "object" })).toBeUndefined();
    expect(readFormField("string")).toBeUndefined();
  });
});

describe("sleep", () => {
  it("resolves after its time, and rejects with the signal's reason when cut short, or at once when already aborted", async () => {
    await expect(sleep(1, new AbortController().signal)).resolves.toBeUndefined();
    const cut = new AbortController();
    const waiting = sleep(60_000, cut.signal);
    cut.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    await expect(sleep(60_000, AbortSignal.abort(new Error("before")))).rejects.toThrow("before");
  });
});
