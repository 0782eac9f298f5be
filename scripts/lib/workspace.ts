/**
 * The npm workspaces of the repository, read from the root package.json's
 * `workspaces` (entries are folders, or `folder/*` for every folder below
 * it that holds a package.json), and which of them are published.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The fields of a package.json this repository's scripts read. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: Record<string, unknown> | string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface WorkspacePackage {
  /** Absolute folder. */
  dir: string;
  /** Folder relative to the repository root, with `/`. */
  path: string;
  manifest: Manifest;
}

export const DEPENDENCY_FIELDS = ["dependencies", "peerDependencies", "optionalDependencies", "devDependencies"] as const;

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
}

/** Every workspace package, in the order of `workspaces` and then by folder name. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const patterns = (readManifest(root).workspaces ?? []) as string[];
  const paths: string[] = [];
  for (const pattern of patterns) {
    if (pattern.endsWith("/*")) {
      const parent = pattern.slice(0, -2);
      for (const entry of readdirSync(resolve(root, parent), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.isDirectory() && existsSync(resolve(root, parent, entry.name, "package.json"))) paths.push(`${parent}/${entry.name}`);
      }
    } else if (/[*?[{]/.test(pattern)) {
      throw new Error(`workspaces entry "${pattern}": only folders and "folder/*" are understood here`);
    } else {
      paths.push(pattern);
    }
  }
  return paths.map((path) => ({ dir: resolve(root, path), path, manifest: readManifest(resolve(root, path)) }));
}

/** The workspace packages that are published: every one not marked `private`. */
export function publicPackages(root: string): WorkspacePackage[] {
  return workspacePackages(root).filter((p) => p.manifest.private !== true);
}
