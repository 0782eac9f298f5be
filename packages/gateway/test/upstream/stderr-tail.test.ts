/**
 * StderrTail, the bounded ring buffer of an upstream's stderr: the latest
 * lines within the byte bound, a line longer than the bound cut to fit.
 */
import { describe, expect, it } from "vitest";
import { cutToBytes, StderrTail } from "../../src/upstream/stderr-tail.js";

describe("StderrTail", () => {
  it("keeps the latest lines within maxBytes, newlines counted, dropping the oldest", () => {
    const tail = new StderrTail(10);
    for (const line of ["one", "two", "three", "four"]) tail.push(line);
    expect(tail.text()).toBe("three\nfour");
    tail.push("abcdefghij");
    expect(tail.text()).toBe("abcdefghij");
  });

  it("cuts a line longer than the bound, at a character boundary, marking it with …", () => {
    const tail = new StderrTail(8);
    tail.push("ééééééééé"); // 18 bytes
    expect(tail.text()).toBe("éé…");
    expect(Buffer.byteLength(tail.text())).toBeLessThanOrEqual(8);
    expect(cutToBytes("short", 8)).toBe("short");
  });

  it("stays within its bound over a million lines", () => {
    const tail = new StderrTail(1024);
    for (let i = 0; i < 1_000_000; i++) tail.push(`line ${i}`);
    expect(Buffer.byteLength(tail.text())).toBeLessThanOrEqual(1024);
    expect(tail.text().endsWith("line 999999")).toBe(true);
  });

  it("gives the latest whole lines that fit for a warning", () => {
    const tail = new StderrTail(100);
    for (const line of ["first", "second", "third"]) tail.push(line);
    expect(tail.last(12)).toBe("second\nthird");
    expect(tail.last(4)).toBe("t…");
    expect(tail.last(3)).toBe("");
  });

  it("keeps nothing with a bound of 0", () => {
    const tail = new StderrTail(0);
    tail.push("anything");
    expect(tail.text()).toBe("");
  });
});
