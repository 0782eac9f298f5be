/**
 * What a document gets wrong about entry points, judged against the
 * workspace's `exports` maps (test/docs/entry-points.test.ts says the rules;
 * entry-point-lists.ts reads the lists).
 */
import { UNDOCUMENTED_PACKAGES } from "../../scripts/lib/api-entry-points.js";
import { workspacePackages } from "../../scripts/lib/workspace.js";
import { entryPoints } from "../packaging/entry-points.js";
import { repoRoot } from "../helpers/paths.js";
import { entryPointLists, mentions, packageOf, packageTables, type EntryPointList } from "./entry-point-lists.js";

/** Written like a specifier, and not one: the export condition that points at a package's TypeScript source. */
const NOT_SPECIFIERS = ["@mrtr/source"];

/** What a doc may be checked against: the workspace's packages and their entry points. */
export interface Workspace {
  /** Every workspace package's name (examples and bench included). */
  names: Set<string>;
  /** The entry points of each package of packages/, by package: every specifier, and the modules (JSON documents left out). */
  exported: Map<string, { all: string[]; modules: string[] }>;
  /** The package each package README (`packages/<folder>/README.md`) is of. */
  readmes: Map<string, string>;
}

/** The workspace of this repository. */
export function readWorkspace(): Workspace {
  const all = workspacePackages(repoRoot);
  const own = all.filter((p) => p.path.startsWith("packages/"));
  return {
    names: new Set(all.map((p) => p.manifest.name)),
    exported: new Map(
      own.map((p) => {
        const entries = entryPoints(p.manifest);
        return [p.manifest.name, { all: entries.map((e) => e.specifier), modules: entries.filter((e) => !e.json).map((e) => e.specifier) }];
      }),
    ),
    readmes: new Map(own.map((p) => [`${p.path}/README.md`, p.manifest.name])),
  };
}

/** The specifiers `text` writes that are no entry point, as `doc:line: why`. */
function unknownSpecifiers(doc: string, text: string, ws: Workspace): string[] {
  return mentions(text).flatMap(({ specifier, line }) => {
    if (NOT_SPECIFIERS.includes(specifier)) return [];
    const pkg = packageOf(specifier);
    if (!ws.names.has(pkg)) return [`${doc}:${line}: ${specifier}: no workspace package is named ${pkg}`];
    const exported = ws.exported.get(pkg)?.all;
    if (specifier === pkg || exported?.includes(specifier)) return [];
    return [`${doc}:${line}: ${specifier} is not an entry point of ${pkg} (it exports ${(exported ?? [pkg]).join(", ")})`];
  });
}

/** What one list gets wrong: no package, an entry point it leaves out, one that does not exist. */
function listProblems(doc: string, list: EntryPointList, ws: Workspace): string[] {
  const where = `${doc}:${list.line}: the ${list.form}`;
  if (list.pkg === undefined) return [`${where} names no package: name it (\`@mrtr/…\`) before its subpaths`];
  const exported = ws.exported.get(list.pkg);
  if (exported === undefined) return [`${where} of ${list.pkg}: no package of packages/ is named so`];
  return [
    ...exported.modules.filter((s) => !list.named.includes(s)).map((s) => `${where} of ${list.pkg} lists its entry points but leaves out ${s}`),
    ...list.named.filter((s) => !exported.all.includes(s)).map((s) => `${where} of ${list.pkg} names ${s}, which ${list.pkg} does not export`),
  ];
}

/** A package table without a row for every documented package. */
function packageTableProblems(doc: string, text: string, ws: Workspace): string[] {
  const documented = [...ws.exported.keys()].filter((p) => !UNDOCUMENTED_PACKAGES.includes(p));
  return packageTables(text).flatMap((t) => documented.filter((p) => !t.packages.includes(p)).map((p) => `${doc}:${t.line}: the package table has no row for ${p}`));
}

/** A package README without a list of its package's entry points, when it has more than one module. */
function missingReadmeList(doc: string, lists: EntryPointList[], ws: Workspace): string[] {
  const own = ws.readmes.get(doc);
  if (own === undefined || ws.exported.get(own)!.modules.length < 2 || lists.some((l) => l.form === "entry-point table" && l.pkg === own)) return [];
  return [`${doc}: ${own} has ${ws.exported.get(own)!.modules.length} entry points but its README has no table of them (| import | for |, one specifier a row)`];
}

/** Everything `text` (the document `doc`) gets wrong about entry points. */
export function entryPointProblems(doc: string, text: string, ws: Workspace): string[] {
  const lists = entryPointLists(text, ws.readmes.get(doc));
  return [
    ...unknownSpecifiers(doc, text, ws),
    ...lists.flatMap((list) => listProblems(doc, list, ws)),
    ...packageTableProblems(doc, text, ws),
    ...missingReadmeList(doc, lists, ws),
  ];
}
