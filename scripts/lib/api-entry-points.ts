/**
 * The public entry points the API reference documents, read from each
 * published package's `exports` map (its `@mrtr/source` condition names the
 * TypeScript file behind each subpath), so a subpath a package adds is
 * documented, and held to the doc-comment rule, without editing a list.
 */
import { resolve } from "node:path";
import { publicPackages, type Manifest, type WorkspacePackage } from "./workspace.js";

/**
 * Packages the reference leaves out: `@mrtr/internal` is shared by the
 * packages and offers users nothing (no semver, see docs/architecture.md).
 */
export const UNDOCUMENTED_PACKAGES: readonly string[] = ["@mrtr/internal"];

/** One module of the reference: an import specifier and the source file behind it. */
export interface ApiEntryPoint {
  /** What a user writes: `@mrtr/server`, `@mrtr/server/node`. */
  specifier: string;
  /** Absolute path of the `.ts` file the `@mrtr/source` condition names. */
  source: string;
}

/** One subpath of a package's `exports` map: what a user imports, and the map's target for it (a path or conditions). */
export interface ExportedSubpath {
  /** `.`, `./node`. */
  subpath: string;
  /** `@mrtr/server`, `@mrtr/server/node`. */
  specifier: string;
  target: unknown;
}

/** The subpaths of a package's `exports` map, in its order (the API reference and the API reports both read them). */
export function exportedSubpaths(manifest: Manifest): ExportedSubpath[] {
  const { exports } = manifest;
  if (exports === null || typeof exports !== "object") throw new Error(`${manifest.name}: "exports" must be a map of subpaths`);
  return Object.entries(exports).map(([subpath, target]) => ({ subpath, specifier: subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, target }));
}

/** A condition of an `exports` target (`@mrtr/source`, `types`), when the target is a map of conditions naming a file for it. */
export function exportCondition(target: unknown, condition: string): string | undefined {
  const value = target !== null && typeof target === "object" ? (target as Record<string, unknown>)[condition] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The entry points of one package, in the order of its `exports` map; JSON documents are left out. */
export function packageEntryPoints(pkg: WorkspacePackage): ApiEntryPoint[] {
  const entries: ApiEntryPoint[] = [];
  for (const { subpath, specifier, target } of exportedSubpaths(pkg.manifest)) {
    if (subpath === "./package.json" || (typeof target === "string" && target.endsWith(".json"))) continue;
    const source = exportCondition(target, "@mrtr/source");
    if (source === undefined) {
      throw new Error(`${pkg.manifest.name}: export "${subpath}" has no "@mrtr/source" condition; add one naming its .ts file`);
    }
    entries.push({ specifier, source: resolve(pkg.dir, source) });
  }
  return entries;
}

/** Every published package the reference documents, with its entry points. */
export function documentedPackages(root: string): { pkg: WorkspacePackage; entries: ApiEntryPoint[] }[] {
  return publicPackages(root)
    .filter((pkg) => pkg.path.startsWith("packages/") && !UNDOCUMENTED_PACKAGES.includes(pkg.manifest.name))
    .map((pkg) => ({ pkg, entries: packageEntryPoints(pkg) }));
}
