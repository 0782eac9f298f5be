/**
 * Builds the API reference with TypeDoc: one TypeScript program per package
 * (so `@mrtr/deprecated`'s augmentation of `@mrtr/schema` shows in its own
 * package, not in the core's), each module named by the specifier a user
 * imports, the packages merged into one site and validated together, so a
 * `{@link}` may name a symbol of another package.
 *
 * What it holds: a start page (api-start-page.ts: what each package is for,
 * in the README's words, and where to begin); every public declaration has a
 * doc comment (the rule is doc-comment-rule.ts); every `{@link}`, the start
 * page's too, resolves; every type a public declaration names is itself in
 * the reference. Any warning fails the build.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname } from "node:path";
import { stripVTControlCharacters } from "node:util";
import ts from "typescript";
import {
  Application,
  ConsoleLogger,
  LogLevel,
  MinimalSourceFile,
  normalizePath,
  OptionDefaults,
  type DocumentationEntryPoint,
  type JSONOutput,
  type TypeDocOptions,
} from "typedoc";
import { documentedPackages } from "./api-entry-points.js";
import { apiStartPage } from "./api-start-page.js";
import { guidePages, pageTitle } from "./guide-pages.js";
import { undocumentedDeclarations } from "./doc-comment-rule.js";

/** Where `npm run docs` writes the site, relative to the repository root (git-ignored). */
export const API_REFERENCE_OUT = ".cache/api";

/** What a build found. */
export interface ApiReferenceResult {
  /** Every warning and error, without terminal colours; the build fails unless this is empty. */
  problems: string[];
  /** How many modules (entry points) the reference holds. */
  modules: number;
}

/** How to build it. */
export interface ApiReferenceOptions {
  /** Folder to write the site to; without it the reference is only checked. */
  out?: string;
  /** Print nothing (the problems are still returned). */
  quiet?: boolean;
  /**
   * Document only these packages (a quicker build, for tests); the start page
   * then lists only them. Default: every documented package.
   */
  packages?: readonly string[];
}

/** TypeDoc's console logger that also keeps every warning and error. */
class CollectingLogger extends ConsoleLogger {
  readonly problems: string[] = [];
  constructor(private readonly quiet: boolean) {
    super();
  }
  override log(message: string, level: Exclude<LogLevel, LogLevel.None>): void {
    if (level >= LogLevel.Warn) this.problems.push(stripVTControlCharacters(message));
    if (!this.quiet) super.log(message, level);
  }
}

/**
 * The JSON Schema annotations schema/*.ts writes (typescript-json-schema's and
 * this project's, docs/architecture.md "The pipeline"); the generated types
 * carry them, and the reference shows them as they are.
 */
const SCHEMA_BLOCK_TAGS = ["@TJS-type", "@format", "@minimum", "@maximum", "@maxItems", "@numberType", "@anyOf"] as const;
/** The schema annotations that take no value. */
const SCHEMA_MODIFIER_TAGS = ["@typesOnly", "@nullable"] as const;

/**
 * TypeDoc's checks, all on but `notDocumented`: that rule is ours
 * (doc-comment-rule.ts), as TypeDoc's also asks for every key of a constant's
 * type.
 */
const ALL_CHECKS = {
  notExported: true,
  invalidLink: true,
  invalidPath: true,
  rewrittenLink: true,
  notDocumented: false,
  unusedMergeModuleWith: true,
} as const;

/** Every TypeDoc check off (setting "validation" changes only the keys it names). */
const NO_CHECKS = Object.fromEntries(Object.keys(ALL_CHECKS).map((check) => [check, false]));

/** The TypeDoc options of the reference, apart from the entry points (which come from the packages). */
function typedocOptions(out: string | undefined): TypeDocOptions {
  return {
    name: "mrtr",
    // Not a package's README: the merged site gets its own start page (api-start-page.ts).
    readme: "none",
    blockTags: [...OptionDefaults.blockTags, ...SCHEMA_BLOCK_TAGS],
    modifierTags: [...OptionDefaults.modifierTags, ...SCHEMA_MODIFIER_TAGS],
    excludeInternal: true,
    excludePrivate: true,
    excludeProtected: true,
    disableSources: true,
    validation: ALL_CHECKS,
    treatWarningsAsErrors: true,
    emit: out === undefined ? "none" : "docs",
    ...(out === undefined ? {} : { out }),
    logLevel: "Warn",
  };
}

/** The compiler options a package's own tsconfig.json sets (so its types are read as its typecheck reads them). */
function compilerOptionsOf(packageDir: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(`${packageDir}/tsconfig.json`, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error(`${packageDir}/tsconfig.json: could not be read`);
  return { ...parsed.options, noEmit: true };
}

/**
 * Builds (or, without `out`, only checks) the reference of every documented
 * package of the workspace at `root`. Problems are printed as TypeDoc finds
 * them, and returned.
 */
export async function buildApiReference(root: string, options: ApiReferenceOptions = {}): Promise<ApiReferenceResult> {
  const { out, quiet = false } = options;
  const packages = documentedPackages(root).filter(({ pkg }) => options.packages?.includes(pkg.manifest.name) ?? true);
  const unknown = options.packages?.filter((name) => !packages.some(({ pkg }) => pkg.manifest.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`not documented packages of ${root}: ${unknown.join(", ")}`);
  const packageNames = packages.map(({ pkg }) => pkg.manifest.name);
  const app = await Application.bootstrap(typedocOptions(out), []);
  const logger = new CollectingLogger(quiet);
  logger.level = LogLevel.Warn;
  app.logger = logger;
  const projects: JSONOutput.ProjectReflection[] = [];
  let modules = 0;
  for (const { pkg, entries } of packages) {
    const program = ts.createProgram({ rootNames: entries.map((e) => e.source), options: compilerOptionsOf(pkg.dir) });
    // Whether it typechecks is npm test's; what TypeDoc needs is a program that parses.
    const diagnostics = [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(), ...program.getGlobalDiagnostics()];
    if (diagnostics.length > 0) {
      app.logger.error(`${pkg.manifest.name}: does not compile:\n${ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" })}`);
      continue;
    }
    const entryPoints: DocumentationEntryPoint[] = entries.map((e) => {
      const sourceFile = program.getSourceFile(e.source);
      if (!sourceFile) throw new Error(`${e.specifier}: ${e.source} is not in its package's program`);
      return { displayName: e.specifier, program, sourceFile };
    });
    modules += entryPoints.length;
    app.options.setValue("name", pkg.manifest.name);
    const project = app.converter.convert(entryPoints);
    projects.push(app.serializer.projectToObject(project, normalizePath(root)));
  }
  if (logger.problems.length > 0) return { problems: logger.problems, modules };
  app.options.setValue("name", "mrtr");
  // As TypeDoc's own "packages" mode merges: the revived project gets its
  // documents, and REVIVE lets the link resolver point a {@link} at a symbol
  // of another package.
  const merged = app.deserializer.reviveProjects("mrtr", projects, {
    projectRoot: normalizePath(root),
    registry: app.files,
    alwaysCreateEntryPointModule: true,
  });
  // The guides, beside the reference: documents of the merged site only
  // (set now, or every package would get them too), in the index's order.
  const guides = guidePages(root);
  if (!guides.ok) for (const problem of guides.problems) app.logger.error(problem);
  else if (guides.files.length > 0) app.options.setValue("projectDocuments", guides.files.map((f) => normalizePath(f)));
  app.converter.addProjectDocuments(merged);
  for (const doc of merged.documents ?? []) {
    const file = guides.ok ? guides.files.find((f) => basename(f, ".md") === doc.name) : undefined;
    if (file) doc.name = pageTitle(readFileSync(file, "utf8"), basename(file));
  }
  const start = apiStartPage(root, packageNames);
  if (!start.ok) for (const problem of start.problems) app.logger.error(problem);
  else {
    // The start page, as TypeDoc's `readme` option would give it, but from
    // the page composed in memory; its links are resolved and checked below
    // with every other.
    const file = normalizePath(start.page.file);
    merged.readme = app.converter.parseRawComment(new MinimalSourceFile(start.page.text, file), merged.files).content;
    merged.files.registerReflectionPath(file, merged);
  }
  app.trigger(Application.EVENT_PROJECT_REVIVE, merged);
  // TypeDoc looks for public types missing from the reference only among
  // those of the project's own package, and the merged project has none: so
  // once per package, then the other checks once.
  app.options.setValue("validation", { ...NO_CHECKS, notExported: true });
  for (const name of packageNames) {
    merged.packageName = name;
    app.validate(merged);
  }
  delete merged.packageName;
  app.options.setValue("validation", { ...ALL_CHECKS, notExported: false });
  app.validate(merged);
  for (const problem of undocumentedDeclarations(merged, packageNames)) app.logger.validationWarning(problem);
  if (logger.problems.length === 0 && out !== undefined) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(dirname(out), { recursive: true });
    await app.generateOutputs(merged);
  }
  return { problems: logger.problems, modules };
}
