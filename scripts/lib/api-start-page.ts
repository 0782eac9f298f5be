/**
 * The API reference's start page (the site's index.html): `docs/api-start.md`,
 * written by hand (what the reference is, where a newcomer begins, each
 * starting point a `{@link}`), with its `<!-- packages -->` line replaced by
 * one line per documented package in the words of the package table of the
 * root README.md ("what it holds"), in the table's order, so the two never
 * say different things. An HTML comment opening the file is a note to its
 * editors, left out of the page.
 *
 * A documented package without a row in that table, a start page without the
 * marker, or no start page at all is a problem, and fails the build like any
 * TypeDoc warning; so does a `{@link}` of the page that names nothing (TypeDoc
 * validates the page's links with every other).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";

/** The start page's source, relative to the repository root. */
export const API_START_PAGE = "docs/api-start.md";

/** The line of the start page that the package lines replace. */
export const PACKAGES_MARKER = "<!-- packages -->";

/** The README whose package table the package lines quote, relative to the repository root. */
export const PACKAGE_TABLE_README = "README.md";

/** The start page, as TypeDoc is to read it. */
export interface ApiStartPage {
  /** Absolute path of the source (where its relative links are resolved from). */
  file: string;
  /** The Markdown, package lines in place. */
  text: string;
}

/** A built start page, or why there is none. */
export type ApiStartPageResult = { ok: true; page: ApiStartPage } | { ok: false; problems: string[] };

/**
 * The rows of the first table of `readme` whose header starts with
 * `| package |`: package name (the first cell, backticks removed) to the
 * second cell, as written.
 */
export function readmePackageTable(readme: string): Map<string, string> {
  const rows = new Map<string, string>();
  const lines = readme.split(/\r?\n/);
  const header = lines.findIndex((line) => /^\|\s*package\s*\|/i.test(line));
  if (header === -1) return rows;
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const cells = splitRow(line);
    if (cells.length < 2) continue;
    rows.set(cells[0]!.replace(/^`(.*)`$/, "$1"), cells[1]!);
  }
  return rows;
}

/** The cells of a Markdown table row (a `|` inside backticks or escaped as `\|` does not split). */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let code = false;
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === "\\" && inner[i + 1] === "|") {
      cell += "\\|";
      i++;
    } else if (c === "`") {
      code = !code;
      cell += c;
    } else if (c === "|" && !code) {
      cells.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * Rewrites the relative links of a README cell (`[text](docs/x.md)`) so they
 * name the same file from the start page's folder.
 */
function relinked(cell: string, root: string, pageDir: string): string {
  return cell.replace(/\]\(([^)\s]+)\)/g, (whole, target: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || isAbsolute(target)) return whole;
    const path = relative(pageDir, resolve(root, target)).split("\\").join("/");
    return `](${path.startsWith(".") ? path : `./${path}`})`;
  });
}

/**
 * One line per package, in the order of the README's table: its name, linked
 * to its module in the reference (`{@link name!}`, so a package missing from
 * the reference fails the build), and what the table says it is for.
 */
export function packageLines(packageNames: readonly string[], table: ReadonlyMap<string, string>, root: string, pageDir: string): { lines: string[]; missing: string[] } {
  const missing = packageNames.filter((name) => !table.has(name));
  const lines = [...table]
    .filter(([name]) => packageNames.includes(name))
    .map(([name, what]) => `- {@link ${name}! | \`${name}\`}: ${relinked(what, root, pageDir)}`);
  return { lines, missing };
}

/** The start page of the reference of the workspace at `root`, documenting `packageNames`. */
export function apiStartPage(root: string, packageNames: readonly string[]): ApiStartPageResult {
  const file = resolve(root, API_START_PAGE);
  if (!existsSync(file)) return { ok: false, problems: [`${API_START_PAGE}: the API reference's start page is missing`] };
  const source = readFileSync(file, "utf8").replace(/^\s*<!--[\s\S]*?-->\s*/, "");
  const markers = source.split(/\r?\n/).filter((line) => line.trim() === PACKAGES_MARKER).length;
  if (markers !== 1) return { ok: false, problems: [`${API_START_PAGE}: needs exactly one line "${PACKAGES_MARKER}" (where the package lines go), found ${markers}`] };
  const readmeFile = resolve(root, PACKAGE_TABLE_README);
  const table = existsSync(readmeFile) ? readmePackageTable(readFileSync(readmeFile, "utf8")) : new Map<string, string>();
  const { lines, missing } = packageLines(packageNames, table, root, dirname(file));
  if (missing.length > 0) {
    return { ok: false, problems: missing.map((name) => `${name}: no row in the package table of ${PACKAGE_TABLE_README} ("| package | what it holds |"), which the API reference's start page quotes`) };
  }
  const text = source
    .split(/\r?\n/)
    .map((line) => (line.trim() === PACKAGES_MARKER ? lines.join("\n") : line))
    .join("\n");
  return { ok: true, page: { file, text } };
}
