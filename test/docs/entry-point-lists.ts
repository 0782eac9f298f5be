/**
 * The entry points a Markdown document names, and the lists of them it
 * gives, in the forms the docs write them:
 *
 * - an **entry-point table**: a table whose first header cell is `import` or
 *   `entry`, one specifier per row in the first cell. In a package's README
 *   it lists that package's entry points (rows of others are mentions);
 *   elsewhere, those of each package it has a row of;
 * - a **package table**: a table whose first header cell is `package`, one
 *   package per row; a row that names subpaths of its package (`/node`, or
 *   the whole `@mrtr/server/node`) lists them;
 * - an **entry-points paragraph**: one opening with `**Entry points.**`; its
 *   package is the first one it names, and `/node` is that package's.
 *
 * Fenced code blocks hold no lists, though the specifiers they import are
 * mentions like any other.
 */
import { cells } from "../helpers/markdown-table.js";

/** One specifier written in a document, with its line (1-based). */
export interface Mention {
  specifier: string;
  line: number;
}

/** A list of entry points of one package (`pkg`, undefined when a paragraph names none), from its first line. */
export interface EntryPointList {
  form: "entry-point table" | "package table row" | "entry-points paragraph";
  line: number;
  pkg: string | undefined;
  /** The entry points of `pkg` it names, as specifiers. */
  named: string[];
}

const SPECIFIER = /@mrtr\/[a-z0-9-]+(?:\/[A-Za-z0-9._-]+)*/g;

/** The package of a specifier: `@mrtr/server` of `@mrtr/server/node`. */
export const packageOf = (specifier: string) => specifier.split("/").slice(0, 2).join("/");

/** Every `@mrtr/…` specifier of `text`, code blocks included. */
export function mentions(text: string): Mention[] {
  return text.split("\n").flatMap((lineText, i) => [...lineText.matchAll(SPECIFIER)].map((m) => ({ specifier: m[0].replace(/\.+$/, ""), line: i + 1 })));
}

/** Lines outside fenced code blocks, with their numbers. */
function proseLines(text: string): { text: string; line: number }[] {
  let fenced = false;
  return text.split("\n").flatMap((lineText, i) => {
    if (/^\s*(```|~~~)/.test(lineText)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ text: lineText, line: i + 1 }];
  });
}

/** What `text` names of `pkg`: its whole specifiers, `/sub` as `pkg/sub`, `.` as `pkg`. */
function namedOf(pkg: string, text: string): string[] {
  const named: string[] = [];
  for (const [, code] of text.matchAll(/`([^`]+)`/g)) {
    if (code === ".") named.push(pkg);
    else if (/^\/[a-z][a-z0-9./-]*$/.test(code!)) named.push(pkg + code);
    else if (code!.startsWith("@mrtr/") && packageOf(code!) === pkg) named.push(code!);
  }
  return named;
}

/** The tables of `text`: the first cell of their header, and their rows' cells with lines. */
function tables(text: string): { header: string; line: number; rows: { cells: string[]; line: number }[] }[] {
  const lines = proseLines(text);
  const found: { header: string; line: number; rows: { cells: string[]; line: number }[] }[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.text.startsWith("|") || !/^\|\s*:?-{3,}/.test(lines[i + 1]!.text) || (i > 0 && lines[i - 1]!.text.startsWith("|"))) continue;
    const rows: { cells: string[]; line: number }[] = [];
    for (let j = i + 2; j < lines.length && lines[j]!.text.startsWith("|"); j++) rows.push({ cells: cells(lines[j]!.text), line: lines[j]!.line });
    found.push({ header: cells(lines[i]!.text)[0]!.toLowerCase(), line: lines[i]!.line, rows });
  }
  return found;
}

/** The one specifier a cell holds (`` `@mrtr/server/node` ``), if it holds just that. */
const specifierCell = (cell: string) => /^`(@mrtr\/[^`\s]+)`$/.exec(cell)?.[1];

/** The entry-point tables' lists: one per package with a row, or only `own`'s (the package whose README it is). */
function entryPointTables(text: string, own: string | undefined): EntryPointList[] {
  return tables(text)
    .filter((t) => t.header === "import" || t.header === "entry")
    .flatMap((t) => {
      const specifiers = t.rows.map((r) => specifierCell(r.cells[0]!)).filter((s) => s !== undefined);
      const packages = own === undefined ? [...new Set(specifiers.map(packageOf))] : [own];
      return packages.map((pkg) => ({ form: "entry-point table" as const, line: t.line, pkg, named: specifiers.filter((s) => packageOf(s) === pkg) }));
    });
}

/** The package tables' rows that name a subpath of their package (a JSON document alone does not make a list). */
function packageTableRows(text: string): EntryPointList[] {
  return tables(text)
    .filter((t) => t.header === "package")
    .flatMap((t) =>
      t.rows.flatMap((row) => {
        const pkg = specifierCell(row.cells[0]!);
        if (pkg === undefined) return [];
        const named = [pkg, ...namedOf(pkg, row.cells.slice(1).join(" | "))];
        return named.some((s) => s !== pkg && !s.endsWith(".json")) ? [{ form: "package table row" as const, line: row.line, pkg, named }] : [];
      }),
    );
}

/** The packages a package table has a row for, with the table's line. */
export function packageTables(text: string): { line: number; packages: string[] }[] {
  return tables(text)
    .filter((t) => t.header === "package")
    .map((t) => ({ line: t.line, packages: t.rows.map((r) => specifierCell(r.cells[0]!)).filter((s) => s !== undefined) }));
}

/** The paragraphs opening with `**Entry points.**`, each of the first package it names. */
function entryPointParagraphs(text: string): EntryPointList[] {
  const lists: EntryPointList[] = [];
  const lines = proseLines(text);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.text.startsWith("**Entry points.**")) continue;
    let paragraph = "";
    for (let j = i; j < lines.length && lines[j]!.text.trim() !== "" && lines[j]!.line - lines[i]!.line === j - i; j++) paragraph += ` ${lines[j]!.text}`;
    const first = mentions(paragraph)[0]?.specifier;
    const pkg = first === undefined ? undefined : packageOf(first);
    lists.push({ form: "entry-points paragraph", line: lines[i]!.line, pkg, named: pkg === undefined ? [] : namedOf(pkg, paragraph) });
  }
  return lists;
}

/** Every list of entry points `text` gives; `own` is the package whose README it is. */
export function entryPointLists(text: string, own?: string): EntryPointList[] {
  return [...entryPointTables(text, own), ...packageTableRows(text), ...entryPointParagraphs(text)].sort((a, b) => a.line - b.line);
}
