/**
 * The public entry points the API reference documents, read from each
 * published package's `exports` map (its `@mrtr/source` condition names the
 * TypeScript file behind each subpath), so a subpath a package adds is
 * documented, and held to the doc-comment rule, without editing a list.
 */
import { resolve } from "node:path";
import { publicPackages, type WorkspacePackage } from "./workspace.js";

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

/** The entry points of one package, in the order of its `exports` map; JSON documents are left out. */
export function packageEntryPoints(pkg: WorkspacePackage): ApiEntryPoint[] {
  const { exports } = pkg.manifest;
  if (exports === undefined || typeof exports === "string") {
    throw new Error(`${pkg.manifest.name}: "exports" must be a map of subpaths with an "@mrtr/source" condition each`);
  }
  const entries: ApiEntryPoint[] = [];
  for (const [subpath, target] of Object.entries(exports)) {
    if (subpath === "./package.json" || (typeof target === "string" && target.endsWith(".json"))) continue;
    const source = target && typeof target === "object" ? (target as Record<string, unknown>)["@mrtr/source"] : undefined;
    if (typeof source !== "string") {
      throw new Error(`${pkg.manifest.name}: export "${subpath}" has no "@mrtr/source" condition; add one naming its .ts file`);
    }
    entries.push({
      specifier: subpath === "." ? pkg.manifest.name : `${pkg.manifest.name}/${subpath.slice(2)}`,
      source: resolve(pkg.dir, source),
    });
  }
  return entries;
}

/** Every published package the reference documents, with its entry points. */
export function documentedPackages(root: string): { pkg: WorkspacePackage; entries: ApiEntryPoint[] }[] {
  return publicPackages(root)
    .filter((pkg) => pkg.path.startsWith("packages/") && !UNDOCUMENTED_PACKAGES.includes(pkg.manifest.name))
    .map((pkg) => ({ pkg, entries: packageEntryPoints(pkg) }));
}
