/**
 * The guides of the documentation site: `docs/guides/README.md` lists them,
 * as links in the order a newcomer reads them, and `npm run docs` puts that
 * index and each page it links into the site beside the API reference, in
 * that order, each titled by its first heading. A page of docs/guides/ the
 * index does not link, or a link to a page that does not exist, is a problem
 * and fails the build like any TypeDoc warning, so the index and the folder
 * cannot drift apart.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The guides' folder, relative to the repository root. */
export const GUIDES_DIR = "docs/guides";

/** The index of the guides, relative to the repository root. */
export const GUIDE_INDEX = `${GUIDES_DIR}/README.md`;

/** The guide pages in reading order (the index first), as absolute paths, or why they cannot be listed. */
export type GuidePagesResult = { ok: true; files: string[] } | { ok: false; problems: string[] };

/** The `.md` pages of the folder that `index` links (`[Title](name.md)`), in link order, each once. */
export function linkedPages(index: string): string[] {
  const pages: string[] = [];
  for (const m of index.matchAll(/\]\((?:\.\/)?([\w-]+\.md)(?:#[\w-]*)?\)/g)) {
    if (!pages.includes(m[1]!)) pages.push(m[1]!);
  }
  return pages;
}

/** The guide pages of the workspace at `root`, in the index's order (none without a docs/guides/ folder). */
export function guidePages(root: string): GuidePagesResult {
  const dir = resolve(root, GUIDES_DIR);
  const indexFile = resolve(root, GUIDE_INDEX);
  if (!existsSync(dir)) return { ok: true, files: [] };
  if (!existsSync(indexFile)) return { ok: false, problems: [`${GUIDE_INDEX}: the index of the guides is missing`] };
  const linked = linkedPages(readFileSync(indexFile, "utf8")).filter((page) => page !== "README.md");
  const present = readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md");
  const problems = [
    ...linked.filter((page) => !present.includes(page)).map((page) => `${GUIDE_INDEX}: links ${page}, which is not in ${GUIDES_DIR}/`),
    ...present.filter((page) => !linked.includes(page)).map((page) => `${GUIDES_DIR}/${page}: not linked from ${GUIDE_INDEX}; add it where a reader should meet it`),
  ];
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, files: [indexFile, ...linked.map((page) => resolve(dir, page))] };
}

/** A page's title: its first `# ` heading, or its file name without `.md`. */
export function pageTitle(text: string, fileName: string): string {
  return /^# (.+)$/m.exec(text)?.[1]?.trim() ?? fileName.replace(/\.md$/, "");
}
