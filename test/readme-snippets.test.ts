/**
 * The TypeScript in the package READMEs must compile. Every ```ts block of
 * the READMEs below is written to its own module in a temporary folder under
 * `.cache/readme-snippets/` (inside the repository, so `@mrtr/*` resolves
 * from the root `node_modules`, that is, against the BUILT packages: run
 * `npm run build` first) and typechecked on its own, as a user pasting it
 * would, with the options of tsconfig.base.json. A block opened with
 * ```ts nocheck is skipped: keep that for fragments that cannot stand alone.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/paths.js";

const READMES = ["schema", "zod", "server", "client", "deprecated"].map((p) => `packages/${p}/README.md`);

interface Snippet {
  readme: string;
  /** 1-based line in the README of the snippet's first code line. */
  line: number;
  code: string;
}

/** Every ```ts (or ```typescript) block of a Markdown text, except those marked `nocheck`. */
function snippetsOf(readme: string, text: string): Snippet[] {
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

describe("README snippets", () => {
  it("every TypeScript snippet in the package READMEs compiles against the built packages", () => {
    const unbuilt = ["schema", "zod", "server", "client", "deprecated"].filter((p) => !existsSync(join(repoRoot, "packages", p, "dist", "index.d.ts")));
    expect(unbuilt, "packages without dist/: run `npm run build` first").toEqual([]);

    const snippets: Snippet[] = [];
    for (const readme of READMES) {
      const checked = snippetsOf(readme, readFileSync(join(repoRoot, readme), "utf8"));
      // Each README shows code; a README that lost all of it is a mistake.
      expect(checked.length, `${readme} has no checked \`\`\`ts block`).toBeGreaterThan(0);
      snippets.push(...checked);
    }

    const cache = join(repoRoot, ".cache", "readme-snippets");
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, "run-"));
    try {
      // ES modules, as the packages are (the root package.json says so too; this makes it explicit).
      writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
      const files = new Map<string, Snippet>();
      snippets.forEach((s, n) => {
        const name = `${s.readme.split("/")[1]}-${String(n).padStart(2, "0")}-L${s.line}.ts`;
        const file = join(dir, name);
        // `export {}` keeps a snippet without imports a module, so snippets never see each other's names.
        writeFileSync(file, `${s.code}\nexport {};\n`);
        files.set(file, s);
      });

      const base = ts.readConfigFile(join(repoRoot, "tsconfig.base.json"), ts.sys.readFile);
      if (base.error) throw new Error(ts.flattenDiagnosticMessageText(base.error.messageText, "\n"));
      const parsed = ts.parseJsonConfigFileContent(base.config, ts.sys, dir);
      const options: ts.CompilerOptions = {
        ...parsed.options,
        noEmit: true,
        declaration: false,
        declarationMap: false,
        sourceMap: false,
        inlineSources: false,
      };
      expect(options.module).toBe(ts.ModuleKind.NodeNext);
      expect(options.strict).toBe(true);

      // One program per snippet: a snippet that augments a module (`declare module`, or an
      // import of @mrtr/deprecated) must not change the types the others see. Library
      // files (lib.d.ts, the packages' dist, zod) are parsed once and shared.
      const host = ts.createCompilerHost(options);
      const shared = new Map<string, ts.SourceFile | undefined>();
      const getSourceFile = host.getSourceFile.bind(host);
      host.getSourceFile = (fileName, languageVersion, onError, fresh) => {
        if (fileName.startsWith(dir)) return getSourceFile(fileName, languageVersion, onError, fresh);
        if (!shared.has(fileName)) shared.set(fileName, getSourceFile(fileName, languageVersion, onError, fresh));
        return shared.get(fileName);
      };
      const problems: string[] = [];
      for (const [file, snippet] of files) {
        const program = ts.createProgram([file], options, host);
        for (const d of ts.getPreEmitDiagnostics(program)) {
          const text = ts.flattenDiagnosticMessageText(d.messageText, "\n  ");
          if (!d.file || d.start === undefined) {
            problems.push(`${snippet.readme}:${snippet.line} TS${d.code}: ${text}`);
            continue;
          }
          const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
          if (d.file.fileName !== file) {
            problems.push(`${snippet.readme}:${snippet.line}: in ${relative(repoRoot, d.file.fileName)}:${line + 1}:${character + 1} TS${d.code}: ${text}`);
            continue;
          }
          problems.push(`${snippet.readme}:${snippet.line + line}:${character + 1} TS${d.code}: ${text}`);
        }
      }
      expect(problems, `README snippets that do not compile:\n${problems.join("\n")}`).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
