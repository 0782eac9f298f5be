/**
 * The TypeScript blocks of a README or a doc page: every ```ts (or
 * ```typescript) fenced block, except one opened with ```ts nocheck (keep
 * that for fragments that cannot stand alone) or ```ts file=PATH (the block
 * is that repository file, checked where the file is: its workspace
 * typechecks it with the packages it needs, and test/docs/readme-files.test.ts
 * holds the block equal to it), and how to compile them.
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

/** A TypeScript block with the words after its language (`nocheck`, `file=PATH`). */
export interface FencedBlock extends Snippet {
  flags: string[];
}

/** Every ```ts and ```typescript block of a document, checked or not. */
export function typescriptBlocks(readme: string, text: string): FencedBlock[] {
  const lines = text.split(/\r?\n/);
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ts|typescript)\b(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const flags = open[4]!.trim().split(/\s+/).filter(Boolean);
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.trimStart().startsWith(fence)) end++;
    if (end === lines.length) throw new Error(`${readme}:${i + 1}: code block is not closed`);
    blocks.push({ readme, line: start + 1, code: lines.slice(start, end).join("\n"), flags });
    i = end;
  }
  return blocks;
}

/** The repository file a block is (```ts file=PATH), if it names one. */
export function blockFile(block: FencedBlock): string | undefined {
  return block.flags.find((f) => f.startsWith("file="))?.slice("file=".length);
}

/** The blocks compiled against the installed packages: all but `nocheck` ones and those that are a repository file. */
export function snippetsOf(readme: string, text: string): Snippet[] {
  return typescriptBlocks(readme, text)
    .filter((b) => !b.flags.includes("nocheck") && blockFile(b) === undefined)
    .map(({ readme, line, code }) => ({ readme, line, code }));
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
