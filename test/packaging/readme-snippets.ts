/**
 * The TypeScript blocks of a README: every ```ts (or ```typescript) fenced
 * block, except one opened with ```ts nocheck (keep that for fragments that
 * cannot stand alone).
 */
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
