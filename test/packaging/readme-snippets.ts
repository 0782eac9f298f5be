/**
 * The TypeScript blocks of a README or a doc page: every ```ts (or
 * ```typescript) fenced block, except one opened with ```ts nocheck (keep
 * that for fragments that cannot stand alone), and how to compile them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Checker } from "./typecheck.js";

export interface Snippet {
  /** The README, as reported (a path relative to the repository). */
  readme: string;
  /** 1-based line in the README of the snippet's first code line. */
  line: number;
  code: string;
}

export function snippetsOf(readme: string, text: string): Snippet[] {
  const lines = text.split(/\r?\n/);
  const checked: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ts|typescript)\b(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const flags = open[4]!.trim().split(/\s+/);
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.trimStart().startsWith(fence)) end++;
    if (end === lines.length) throw new Error(`${readme}:${i + 1}: code block is not closed`);
    if (!flags.includes("nocheck")) checked.push({ readme, line: start + 1, code: lines.slice(start, end).join("\n") });
    i = end;
  }
  return checked;
}

/**
 * Compiles each snippet as its own module in `dir` (so snippets never see
 * each other's names, and one that augments a module changes nothing for the
 * others); the problems, each placed at its line in the document.
 */
export function compileSnippets(checker: Checker, dir: string, snippets: Snippet[]): string[] {
  mkdirSync(dir, { recursive: true });
  return snippets.flatMap((snippet, n) => {
    const file = join(dir, `snippet-${n}-L${snippet.line}.ts`);
    // `export {}` keeps a snippet without imports a module.
    writeFileSync(file, `${snippet.code}\nexport {};\n`);
    return checker.diagnostics([file]).map((d) => {
      if (d.file?.fileName !== file || d.start === undefined) return checker.format(d);
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      return checker.format(d, { file: snippet.readme, line: snippet.line + line, column: character + 1 });
    });
  });
}
