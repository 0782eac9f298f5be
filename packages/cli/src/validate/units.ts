/**
 * The values in one input, with where each is: a `.json` file holds one JSON
 * value (an array of messages is split into its elements unless a `--type`
 * is given); anything else is JSON Lines, one value per line, read as a
 * stream. A line that is not JSON is reported and the next one read.
 */
import { readAllBounded, type ByteSource } from "../io/input.js";
import { locatePointer, parseErrorPosition, type Position } from "../io/json-locate.js";
import { readLines } from "../io/lines.js";
import type { Limits } from "./limits.js";

export type InputMode = "json" | "jsonl";

/** One value read, or why it could not be. */
export interface Unit {
  line?: number;
  column?: number;
  value?: unknown;
  /** JSON Pointer of this value inside the file's value ("" for JSONL lines and single values). */
  prefix: string;
  /** Where a pointer into the file's value lands in the file (JSON files). */
  locate?: (pointer: string) => Position;
  /** Why no value could be read. */
  problem?: { rule: string; message: string };
}

/** How to read `file` when no `--input` is given: `.json` as JSON, the rest as JSON Lines. */
export function modeOf(file: string): InputMode {
  return /\.json$/i.test(file) ? "json" : "jsonl";
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

async function* jsonUnits(source: ByteSource, limits: Limits, split: boolean): AsyncGenerator<Unit> {
  const bytes = await readAllBounded(source, limits.maxFileBytes);
  if (!bytes) {
    yield { prefix: "", problem: { rule: "file-too-large", message: `File larger than ${limits.maxFileBytes} bytes (--max-file-bytes); for many messages use JSON Lines, which streams` } };
    return;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    yield { prefix: "", problem: { rule: "invalid-utf8", message: "The file is not UTF-8" } };
    return;
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const at = parseErrorPosition(text);
    yield { ...at, prefix: "", problem: { rule: "invalid-json", message: parsed.message } };
    return;
  }
  const values = split && Array.isArray(parsed.value) ? parsed.value.map((v, i) => [v, `/${i}`] as const) : [[parsed.value, ""] as const];
  for (const [value, prefix] of values) {
    const locate = (pointer: string) => locatePointer(text, pointer);
    yield { ...locate(prefix), value, prefix, locate };
  }
}

async function* jsonlUnits(source: ByteSource, limits: Limits): AsyncGenerator<Unit> {
  for await (const line of readLines(source, limits.maxLineBytes)) {
    if ("error" in line) {
      const message =
        line.error === "too-long"
          ? `Line of ${line.bytes} bytes is longer than ${limits.maxLineBytes} (--max-line-bytes); skipped`
          : "The line is not UTF-8";
      yield { line: line.line, prefix: "", problem: { rule: line.error === "too-long" ? "line-too-long" : "invalid-utf8", message } };
      continue;
    }
    if (line.text.trim() === "") continue;
    const parsed = parseJson(line.text);
    if (!parsed.ok) {
      const at = parseErrorPosition(line.text);
      yield { line: line.line, ...(at && { column: at.column }), prefix: "", problem: { rule: "invalid-json", message: parsed.message } };
      continue;
    }
    yield { line: line.line, value: parsed.value, prefix: "" };
  }
}

/** The values of one input. */
export function readUnits(source: ByteSource, mode: InputMode, limits: Limits, splitArrays: boolean): AsyncGenerator<Unit> {
  return mode === "json" ? jsonUnits(source, limits, splitArrays) : jsonlUnits(source, limits);
}
