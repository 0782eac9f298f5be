/**
 * `npm run api:report`: the API report of every typed entry point of every
 * published package (each `exports` subpath with a `types` condition; JSON
 * documents have none), made by API Extractor from the built `.d.ts` files
 * into `packages/<pkg>/api/<entry>.api.md` (`index` for `.`, else the
 * subpath with `/` as `-`: `request-state`, `auth-node`). `@mrtr/internal`'s
 * report is made too, though the package promises nothing (VERSIONING.md).
 *
 * `npm run api:check` (`npm run api:report -- --check`) writes nothing: it
 * exits 1 naming each entry point whose surface no longer matches its
 * committed report (with the difference), each report with no entry point
 * left, and the command that updates them. A change to the exported surface
 * therefore shows in review as a change to a report.
 *
 * Folders of packages may follow (`npm run api:report -- packages/server`):
 * only those are reported or checked. Nothing is built here: the `.d.ts`
 * files must exist (`npm run build` first), and a stale `dist/` gives a
 * stale report.
 *
 * Each package is one TypeScript program (API Extractor's `CompilerState`,
 * made once for all of its entry points, which halves the time of a
 * program per entry point): the 47 entry points take about 15 s, one after
 * another in this process (two worker processes on two cores were no
 * faster). One program for every package would be faster still, but where
 * API Extractor puts a forgotten-export warning would then depend on the
 * other packages, and a report must not change with another package's files.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
  type IConfigFile,
} from "@microsoft/api-extractor";
import { exportCondition, exportedSubpaths } from "./lib/api-entry-points.js";
import { publicPackages, readManifest } from "./lib/workspace.js";

const self = fileURLToPath(import.meta.url);
const repoRoot = resolve(dirname(self), "..");

/** The command that brings the reports up to date, printed when a check fails. */
export const UPDATE_COMMAND = "npm run api:report";

/** One typed entry point and the report that records its surface. */
export interface ReportEntryPoint {
  /** What a user imports: `@mrtr/server`, `@mrtr/server/request-state`. */
  specifier: string;
  /** The package's folder (absolute). */
  packageDir: string;
  /** The `.d.ts` file its `types` condition names (absolute). */
  types: string;
  /** The report's base name: `index`, `request-state`, `auth-node`. */
  name: string;
  /** The committed report (absolute): `<packageDir>/api/<name>.api.md`. */
  report: string;
}

/** What a run found: nothing in `changed`, `orphans`, `missingTypes` and `problems` means success. */
export interface ApiReportOutcome {
  /** Entry points whose report differs from the committed one (written, unless checking). */
  changed: ReportEntryPoint[];
  /** Committed reports (absolute) of entry points that no longer exist (deleted, unless checking). */
  orphans: string[];
  /** Entry points whose `.d.ts` is absent: nothing was run. */
  missingTypes: ReportEntryPoint[];
  /** Errors and warnings of API Extractor or of the TypeScript compiler, `specifier: text`. */
  problems: string[];
  /** The differences of the changed reports, as unified diffs (checking only). */
  diffs: string[];
  /** How many entry points were reported. */
  count: number;
}

export interface ApiReportOptions {
  /** Compare only, write and delete nothing. */
  check?: boolean;
}

/** `.` is `index`; `./auth/node` is `auth-node`. */
export function reportName(subpath: string): string {
  return subpath === "." ? "index" : subpath.replace(/^\.\//, "").replaceAll("/", "-");
}

/** The entry points of the package in `packageDir` that have a `types` condition, in the order of its `exports`. */
export function packageEntryPoints(packageDir: string): ReportEntryPoint[] {
  return exportedSubpaths(readManifest(packageDir)).flatMap(({ subpath, specifier, target }) => {
    const types = exportCondition(target, "types");
    if (types === undefined) return [];
    const name = reportName(subpath);
    return [{ specifier, packageDir, types: resolve(packageDir, types), name, report: join(packageDir, "api", `${name}.api.md`) }];
  });
}

/** Every typed entry point of every published package under `packages/`. */
export function workspaceEntryPoints(root: string = repoRoot): ReportEntryPoint[] {
  return publicPackages(root)
    .filter((pkg) => pkg.path.startsWith("packages/"))
    .flatMap((pkg) => packageEntryPoints(pkg.dir));
}

/** API Extractor's messages about release tags, documentation and links: not the report's business. */
const NOT_ABOUT_THE_SURFACE = [
  "ae-missing-release-tag",
  "ae-incompatible-release-tags",
  "ae-internal-missing-underscore",
  "ae-internal-mixed-release-tag",
  "ae-different-release-tags",
  "ae-undocumented",
  "ae-unresolved-link",
  "ae-unresolved-inheritdoc-reference",
  "ae-unresolved-inheritdoc-base",
  "ae-setter-with-docs",
  "ae-extra-release-tag",
  "ae-misplaced-package-tag",
  "ae-cyclic-inherit-doc",
];

/**
 * API Extractor's configuration for one entry point: the report only (no doc
 * model, no rollup, no TSDoc metadata), with LF line ends, and only the
 * messages that are about the surface. `ae-forgotten-export` (a type a
 * signature names that the entry point does not export) is written into the
 * report, and so is that type's declaration, so a change to it is a change
 * to the report. Release tags, TSDoc syntax and `{@link}` targets are not
 * the report's business (`npm run docs` holds the comments to their rules).
 */
function extractorConfig(entry: ReportEntryPoint, tempFolder: string): ExtractorConfig {
  const configObject: IConfigFile = {
    projectFolder: entry.packageDir,
    mainEntryPointFilePath: entry.types,
    bundledPackages: [],
    newlineKind: "lf",
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2022", "DOM", "DOM.Iterable"],
          strict: true,
          skipLibCheck: true,
          esModuleInterop: true,
        },
        files: [entry.types],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: entry.name,
      reportFolder: dirname(entry.report),
      reportTempFolder: tempFolder,
      includeForgottenExports: true,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Warning },
        "ae-forgotten-export": { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        ...Object.fromEntries(NOT_ABOUT_THE_SURFACE.map((id) => [id, { logLevel: ExtractorLogLevel.None }])),
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
  return ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: undefined,
    packageJsonFullPath: join(entry.packageDir, "package.json"),
  });
}

/** Console messages about the report file itself: the outcome says the same. */
const REPORT_FILE_MESSAGES = new Set([
  "console-api-report-not-copied",
  "console-api-report-copied",
  "console-api-report-created",
  "console-api-report-unchanged",
  "console-writing-api-report",
]);

/** The reports of one package's entry points, on one TypeScript program; written with `localBuild` unless checking. */
function reportPackage(entries: ReportEntryPoint[], check: boolean, tempRoot: string): Pick<ApiReportOutcome, "changed" | "problems" | "diffs"> {
  const outcome: Pick<ApiReportOutcome, "changed" | "problems" | "diffs"> = { changed: [], problems: [], diffs: [] };
  const tempFolder = mkdtempSync(join(tempRoot, `${basename(entries[0]!.packageDir)}-`));
  let compilerState: CompilerState | undefined;
  for (const entry of entries) {
    if (!check) mkdirSync(dirname(entry.report), { recursive: true });
    const config = extractorConfig(entry, tempFolder);
    compilerState ??= CompilerState.create(config, { additionalEntryPoints: entries.map((e) => e.types) });
    const messageCallback = (message: ExtractorMessage) => {
      message.handled = true;
      if (message.messageId === "console-api-report-diff") outcome.diffs.push(`${entry.specifier}: ${message.text}`);
      else if (REPORT_FILE_MESSAGES.has(message.messageId)) return;
      else if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning) {
        outcome.problems.push(`${entry.specifier}: ${message.formatMessageWithLocation(entry.packageDir)}`);
      }
    };
    const result = Extractor.invoke(config, { compilerState, localBuild: !check, messageCallback, printApiReportDiff: check });
    if (result.apiReportChanged) outcome.changed.push(entry);
  }
  return outcome;
}

/** The `*.api.md` files in the `api/` folders of these packages that no entry point reports into. */
function orphanReports(entries: ReportEntryPoint[]): string[] {
  const wanted = new Set(entries.map((e) => e.report));
  const folders = [...new Set(entries.map((e) => dirname(e.report)))];
  return folders.flatMap((folder) =>
    existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".api.md")).map((f) => join(folder, f)).filter((f) => !wanted.has(f)) : [],
  );
}

/** The entry points grouped by package, in order. */
function byPackage(entries: ReportEntryPoint[]): ReportEntryPoint[][] {
  const groups = new Map<string, ReportEntryPoint[]>();
  for (const entry of entries) groups.set(entry.packageDir, [...(groups.get(entry.packageDir) ?? []), entry]);
  return [...groups.values()];
}

/**
 * Reports (or, with `check`, compares) the given entry points, and finds the
 * reports in their `api/` folders that no entry point makes any more
 * (deleted unless checking). Runs nothing when a `.d.ts` is missing.
 */
export async function apiReport(entries: ReportEntryPoint[], options: ApiReportOptions = {}): Promise<ApiReportOutcome> {
  const check = options.check ?? false;
  const outcome: ApiReportOutcome = { changed: [], orphans: [], missingTypes: [], problems: [], diffs: [], count: entries.length };
  outcome.missingTypes = entries.filter((e) => !existsSync(e.types));
  if (outcome.missingTypes.length > 0) return outcome;
  const tempRoot = mkdtempSync(join(tmpdir(), "mrtr-api-report-"));
  let results: Pick<ApiReportOutcome, "changed" | "problems" | "diffs">[];
  try {
    results = byPackage(entries).map((group) => reportPackage(group, check, tempRoot));
  } finally {
    rmSync(tempRoot, { recursive: true, force: true });
  }
  for (const r of results) {
    outcome.changed.push(...r.changed);
    outcome.problems.push(...r.problems);
    outcome.diffs.push(...r.diffs);
  }
  outcome.orphans = orphanReports(entries);
  if (!check) for (const orphan of outcome.orphans) unlinkSync(orphan);
  return outcome;
}

/** Where output goes; the tests collect it. */
export interface Output {
  log(text: string): void;
  error(text: string): void;
}

/**
 * The command: `[--check] [PACKAGE_DIR…]` (every published package when none
 * is named). Prints what it found and returns the exit code (0 or 1).
 */
export async function main(args: string[], output: Output = console, root: string = repoRoot): Promise<number> {
  const check = args.includes("--check");
  const dirs = args.filter((a) => !a.startsWith("--"));
  const entries = dirs.length > 0 ? dirs.flatMap((d) => packageEntryPoints(resolve(root, d))) : workspaceEntryPoints(root);
  const shown = (file: string) => relative(root, file) || file;
  const outcome = await apiReport(entries, { check });
  if (outcome.missingTypes.length > 0) {
    output.error(`API reports are made from the built .d.ts files; missing:\n${outcome.missingTypes.map((e) => `  ${shown(e.types)} (${e.specifier})`).join("\n")}`);
    output.error("Run `npm run build` first.");
    return 1;
  }
  for (const problem of outcome.problems) output.error(problem);
  if (check) {
    for (const diff of outcome.diffs) output.error(diff);
    const stale = [
      ...outcome.changed.map((e) => `  ${e.specifier}: ${shown(e.report)} ${existsSync(e.report) ? "differs from the exported surface" : "is missing"}`),
      ...outcome.orphans.map((f) => `  ${shown(f)}: no such entry point any more`),
    ];
    if (stale.length > 0) {
      output.error(`API reports are stale (${stale.length} of ${outcome.count + outcome.orphans.length}):\n${stale.join("\n")}`);
      output.error(`Fix: run \`${UPDATE_COMMAND}\` and commit the reports (with a changeset saying whether the change is a patch, a minor or a major).`);
      return 1;
    }
  } else {
    for (const e of outcome.changed) output.log(`wrote ${shown(e.report)} (${e.specifier})`);
    for (const f of outcome.orphans) output.log(`deleted ${shown(f)}`);
  }
  if (outcome.problems.length > 0) {
    output.error(`API Extractor: ${outcome.problems.length} problem(s) above.`);
    return 1;
  }
  output.log(`${outcome.count} API reports ${check ? "are up to date" : "current"}.`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === self) process.exitCode = await main(process.argv.slice(2));
