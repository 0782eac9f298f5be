/**
 * Typechecks consumer code against the installed tarballs with the
 * TypeScript of the repository, and reports each problem as one readable
 * line (file relative to the consumer, line, column, code, message).
 */
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

/** A consumer's compiler settings, named for the test that uses them. */
export interface Setup {
  label: string;
  options: ts.CompilerOptions;
}

const common: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  resolveJsonModule: true,
  forceConsistentCasingInFileNames: true,
};

/** A Node project: NodeNext, lib ES2022 only, Node's types from `nodeTypeRoots`. */
export function nodeNext(nodeTypeRoots: string): Setup {
  return {
    label: "NodeNext, lib ES2022, @types/node",
    options: {
      ...common,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts"],
      typeRoots: [nodeTypeRoots],
      types: ["node"],
    },
  };
}

/** A bundled app with the strictest optional-property rule: Bundler, lib ES2022 + DOM, Node's types. */
export function bundler(nodeTypeRoots: string): Setup {
  return {
    label: "Bundler, lib ES2022 + DOM, @types/node, exactOptionalPropertyTypes",
    options: {
      ...common,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
      typeRoots: [nodeTypeRoots],
      types: ["node"],
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
    },
  };
}

/** A fetch runtime (browser, worker, Deno): Bundler, lib ES2022 + DOM, no Node types anywhere. */
export function web(): Setup {
  return {
    label: "Bundler, lib ES2022 + DOM, no @types/node",
    options: {
      ...common,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
      typeRoots: [],
      types: [],
    },
  };
}

/** Every `node_modules/@types/node` a file under `dir` could reach by walking up. */
export function reachableNodeTypes(dir: string): string[] {
  const found: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, "node_modules/@types/node"))) found.push(join(d, "node_modules/@types/node"));
    if (dirname(d) === d) return found;
  }
}

/**
 * Checks programs with one set of options. Reported: problems in the
 * program's own files and, type-checked in full, in the declarations under
 * `checkedDirs` (the installed packages); other libraries' declarations are
 * read as far as ours use them but not judged. Files outside `own` (lib
 * files, installed declarations) are parsed once and shared by the programs
 * of one checker, which keeps many small programs fast.
 */
export class Checker {
  readonly #host: ts.CompilerHost;
  readonly #shared = new Map<string, ts.SourceFile | undefined>();
  #own = new Set<string>();

  constructor(
    readonly options: ts.CompilerOptions,
    /** Problems are reported relative to this folder. */
    readonly base: string,
    readonly checkedDirs: readonly string[] = [],
  ) {
    this.#host = ts.createCompilerHost(options);
    const getSourceFile = this.#host.getSourceFile.bind(this.#host);
    this.#host.getSourceFile = (fileName, languageVersion, onError, fresh) => {
      if (this.#own.has(fileName)) return getSourceFile(fileName, languageVersion, onError, fresh);
      if (!this.#shared.has(fileName)) this.#shared.set(fileName, getSourceFile(fileName, languageVersion, onError, fresh));
      return this.#shared.get(fileName);
    };
  }

  /** The diagnostics of a program made of `files`. */
  diagnostics(files: readonly string[]): ts.Diagnostic[] {
    this.#own = new Set(files);
    const program = ts.createProgram(files, this.options, this.#host);
    const judged = program
      .getSourceFiles()
      .filter((sf) => this.#own.has(sf.fileName) || this.checkedDirs.some((dir) => sf.fileName.startsWith(`${dir}/`)));
    return [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...judged.flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]),
    ];
  }

  /** The problems of a program made of `files`, one line each; empty when it compiles. */
  check(files: readonly string[]): string[] {
    return this.diagnostics(files).map((d) => this.format(d));
  }

  /** `file:line:column TScode: message`, the file relative to `base` unless `at` says where. */
  format(d: ts.Diagnostic, at?: { file: string; line: number; column: number }): string {
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n  ");
    if (at) return `${at.file}:${at.line}:${at.column} TS${d.code}: ${text}`;
    if (!d.file || d.start === undefined) return `TS${d.code}: ${text}`;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${relative(this.base, d.file.fileName)}:${line + 1}:${character + 1} TS${d.code}: ${text}`;
  }
}
