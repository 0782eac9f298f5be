/**
 * Differences between an example and what came back from a round trip, as
 * JSON values (1 and 1.0 are the same number), and the allow-list that
 * states each known one with its reason.
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import type { Outcome } from "./harness.js";

/** One difference: `dropped` (in the example, not in the output), `added`, `changed`, or the whole case `error`ed or `missing` (no such type). */
export interface Difference {
  lang: string;
  /** `Type/name.json`. */
  example: string;
  pointer: string;
  change: "dropped" | "added" | "changed" | "error" | "missing";
  detail?: string;
}

const escape = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Where `after` differs from `before`, member by member. */
export function diff(before: unknown, after: unknown, at = ""): Omit<Difference, "lang" | "example">[] {
  if (isObject(before) && isObject(after)) {
    const out: Omit<Difference, "lang" | "example">[] = [];
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const p = `${at}/${escape(k)}`;
      if (!(k in after)) out.push({ pointer: p, change: "dropped" });
      else if (!(k in before)) out.push({ pointer: p, change: "added", detail: JSON.stringify(after[k])?.slice(0, 60) });
      else out.push(...diff(before[k], after[k], p));
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) return before.flatMap((b, i) => diff(b, after[i], `${at}/${i}`));
  return isDeepStrictEqual(before, after) ? [] : [{ pointer: at, change: "changed", detail: `${JSON.stringify(before)?.slice(0, 40)} -> ${JSON.stringify(after)?.slice(0, 40)}` }];
}

export function differences(lang: string, cases: { file: string; value: unknown }[], outcomes: Outcome[]): Difference[] {
  return cases.flatMap((c, i) => {
    const o = outcomes[i]!;
    if ("missing" in o) return [{ lang, example: c.file, pointer: "", change: "missing" as const }];
    if ("error" in o) return [{ lang, example: c.file, pointer: "", change: "error" as const, detail: o.error }];
    return diff(c.value, o.value).map((d) => ({ lang, example: c.file, ...d }));
  });
}

/** One entry of the allow-list. */
export interface KnownDifference {
  languages: string[];
  /** `Type/name.json`, or `Type/*` for every example of a type. */
  examples: string[];
  /** Covers differences at this pointer or below it. */
  pointer: string;
  change: Difference["change"];
  reason: string;
}

export function readKnown(path: string): KnownDifference[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { differences: KnownDifference[] }).differences;
}

const exampleMatches = (pattern: string, example: string) => (pattern.endsWith("/*") ? example.startsWith(pattern.slice(0, -1)) : pattern === example);
const under = (prefix: string, pointer: string) => pointer === prefix || pointer.startsWith(`${prefix}/`) || prefix === "";

export function covers(k: KnownDifference, d: Difference): boolean {
  return k.languages.includes(d.lang) && k.change === d.change && under(k.pointer, d.pointer) && k.examples.some((e) => exampleMatches(e, d.example));
}
