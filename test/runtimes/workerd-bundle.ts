/**
 * Bundling for workerd as wrangler does (esbuild, `platform: "browser"`,
 * `format: "esm"`, the conditions `workerd`, `worker`, `browser`), from the
 * packages' built dist/ (what users install), or from their source with
 * `source: true` (the `@mrtr/source` condition). Nothing is
 * polyfilled and no Node built-in is marked external: every `node:` (or bare
 * built-in) import is recorded with its importer, so a test can name what
 * would not load in a Worker without Node compatibility. The output is also
 * scanned for `import(…)` whose argument is not a string literal, which
 * Miniflare's module analysis refuses ("dynamic module specifiers are
 * unsupported").
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
import { build } from "esbuild";
import { repoRoot } from "../helpers/paths.js";

/** What bundling a Worker entry gave. */
export interface WorkerBundle {
  /** The output folder; `main` is the entry module inside it. */
  dir: string;
  /** The entry module's path. */
  main: string;
  /** Every output module, by its path relative to `dir`, with its text. */
  modules: Map<string, string>;
  /** Each Node built-in the bundle would import: `specifier <- importer (kind)`. */
  nodeImports: string[];
  /** Each `import(…)` of the output whose argument is not a string literal, with its module. */
  computedImports: string[];
}

const BUILTINS = new RegExp(`^(node:.*|${builtinModules.map((m) => m.replace(/[/.]/g, "\\$&")).join("|")})$`);

/** Bundles `entry` into `outDir` (emptied first); `splitting` puts lazily imported modules in chunks of their own. */
export async function bundleWorker(entry: string, outDir: string, options: { splitting?: boolean; minify?: boolean; source?: boolean } = {}): Promise<WorkerBundle> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const nodeImports: string[] = [];
  const result = await build({
    entryPoints: { worker: entry },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: [...(options.source === true ? ["@mrtr/source"] : []), "workerd", "worker", "browser"],
    external: ["cloudflare:*"],
    splitting: options.splitting ?? false,
    minify: options.minify ?? false,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    logLevel: "silent",
    plugins: [
      {
        name: "record-node-builtins",
        setup(b) {
          b.onResolve({ filter: BUILTINS }, (args) => {
            nodeImports.push(`${args.path} <- ${relative(repoRoot, args.importer)} (${args.kind})`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const modules = new Map<string, string>();
  const computedImports: string[] = [];
  for (const file of result.outputFiles) {
    const name = relative(outDir, file.path);
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.text);
    modules.set(name, file.text);
    for (const call of computedImportsOf(file.text)) computedImports.push(`${name}: ${call}`);
  }
  return { dir: outDir, main: join(outDir, "worker.mjs"), modules, nodeImports, computedImports };
}

/** The `import(` calls of `code` whose argument is not one string literal (comments inside the parentheses allowed). */
export function computedImportsOf(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?<![\w$.])import\s*\(/g)) {
    const rest = code.slice(match.index + match[0].length).replace(/^(\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*/, "");
    if (!/^(["'])(?:(?!\1)[^\\\n]|\\.)*\1\s*\)/.test(rest)) found.push(`import(${rest.slice(0, 60).replace(/\s+/g, " ")}…`);
  }
  return found;
}
