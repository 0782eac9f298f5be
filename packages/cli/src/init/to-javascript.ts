/**
 * A template as JavaScript. The templates carry no type annotations; what
 * differs is listed in REWRITES, each an exact piece of TypeScript-only text
 * and its JavaScript. Whatever TypeScript is left after them is an error
 * naming the template and the line, so a template change cannot silently
 * give a broken JavaScript project:
 *
 * - the result must parse as JavaScript (compiled by node:vm as a module
 *   body, never run): annotations, `as`, `satisfies`, `interface`, `enum`,
 *   non-null `!`, generic declarations and the like do not;
 * - no type-only import or export, no call with type arguments (`f<T>(x)`
 *   parses as two comparisons, so it is looked for);
 * - no `.ts` file name and no `tsx`: a JavaScript project has neither.
 */
import { Script } from "node:vm";

/** A TypeScript-only piece of template text and what it becomes in JavaScript. */
export interface Rewrite {
  /** The exact text in a template. */
  ts: string;
  /** Its JavaScript. */
  js: string;
  /** Why they differ. */
  why: string;
}

/** Every difference between a template and its JavaScript. */
export const REWRITES: readonly Rewrite[] = [
  { ts: `["--import", "tsx", "stdio.ts"]`, js: `["stdio.js"]`, why: "client.ts launches the stdio entry through tsx; in JavaScript node runs stdio.js alone" },
];

/** `source` (the template `template`) as JavaScript; throws, naming the template, on TypeScript it does not know how to turn into JavaScript. */
export function toJavaScript(template: string, source: string): string {
  let js = source;
  for (const r of REWRITES) js = js.split(r.ts).join(r.js);
  const problem = typeScriptLeft(template, js);
  if (problem) {
    throw new Error(
      `mrtr init: the template ${template} cannot be written as JavaScript: ${problem}. ` +
        "Keep templates to JavaScript syntax, or add the construct to REWRITES in packages/cli/src/init/to-javascript.ts.",
    );
  }
  return js;
}

/** The first TypeScript construct left in `js`, described with its line, or undefined. */
function typeScriptLeft(template: string, js: string): string | undefined {
  const checks: [RegExp, string][] = [
    [/^\s*(?:import|export)\s+type\b|^\s*(?:import|export)\s*\{[^}]*\btype\s+[\w$]/m, "a type-only import or export"],
    [/[\w$)\]]<(?:[\w$.,\s|&[\]]|<[^<>]*>)+>\(/, "a call with type arguments"],
    [/\.[cm]?tsx?\b/, "a TypeScript file name (a JavaScript project has .js files)"],
    [/\btsx\b/, "tsx (a JavaScript project runs on node alone and does not install tsx)"],
  ];
  for (const [pattern, what] of checks) {
    const m = pattern.exec(js);
    if (m) return `${what} at line ${lineAt(js, m.index)}: ${JSON.stringify(js.split("\n")[lineAt(js, m.index) - 1]!.trim())}`;
  }
  try {
    // The wrapper shares the first line, so the compiler's line numbers are the template's.
    new Script(`(async () => { "use strict"; ${asScriptBody(js)}\n})`, { filename: template });
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const line = /:(\d+)\n/.exec(error.stack ?? "")?.[1];
    return `${error.message}${line ? ` at line ${line}: ${JSON.stringify(js.split("\n")[Number(line) - 1]?.trim())}` : ""}, which is not JavaScript`;
  }
  return undefined;
}

const SPECIFIER = String.raw`(?:"[^"\n]*"|'[^'\n]*')`;
const IMPORT = new RegExp(String.raw`^import\s+(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*${SPECIFIER}\s*;?|^import\s*${SPECIFIER}\s*;?`, "gm");
const EXPORT_LIST = new RegExp(String.raw`^export\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*(?:from\s*${SPECIFIER})?\s*;?`, "gm");

/**
 * The module as the body of a script function, line for line: import
 * declarations and export lists blanked, `export` taken off declarations,
 * `import.meta` renamed. Any other module syntax is left, and fails to parse.
 */
function asScriptBody(js: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  return js
    .replace(IMPORT, blank)
    .replace(EXPORT_LIST, blank)
    .replace(/^export\s+default\s+/gm, "void ")
    .replace(/^export\s+(?=(?:const|let|var|function|async\s+function|class)\b)/gm, "")
    .replace(/\bimport\.meta\b/g, "import_meta");
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}
