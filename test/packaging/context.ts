/** What the packaging suite's global setup prepares and every test reads (`inject("packaging")`). */
import { inject } from "vitest";
import type { Manifest } from "../../scripts/lib/workspace.js";
import { cases } from "../helpers/cases.js";

export interface PackedPackage {
  name: string;
  version: string;
  /** The package's folder in the repository. */
  repoDir: string;
  /** The .tgz `npm pack` wrote. */
  tarball: string;
  /** The tarball unpacked: the folder holding its package.json. */
  unpacked: string;
  /** The package.json inside the tarball. */
  manifest: Manifest;
}

/** A project outside the workspace with every tarball installed, and the external peers at one end of their ranges. */
export interface Consumer {
  /** Which end of their ranges the external peers are at ("tools": the project of the command-line packages). */
  end: "newest" | "lowest" | "tools";
  /** "newest peers", "lowest peers" or "tools". */
  label: string;
  dir: string;
  /** Each external peer dependency (zod) and the version installed. */
  peers: Record<string, string>;
}

export type NodeFloor = { version: string; binary: string } | { skipped: string };

export interface PackagingContext {
  root: string;
  /** The temporary folder (under os.tmpdir()) that holds everything below. */
  work: string;
  packages: PackedPackage[];
  /** Projects with the libraries (every package without a `bin`). */
  consumers: Consumer[];
  /** A project with every tarball, for packages with a `bin` (absent when there is none). */
  tools: Consumer | undefined;
  /** A typeRoots folder holding @types/node (the repository's version), outside every consumer. */
  nodeTypeRoots: string;
  /** The lowest Node version the packages' `engines` allow, to run the end-to-end call on. */
  nodeFloor: NodeFloor;
}

declare module "vitest" {
  export interface ProvidedContext {
    packaging: PackagingContext;
  }
}

export function packaging(): PackagingContext {
  const ctx = inject("packaging");
  // Suites run per package and per consumer: none of either is a broken setup, not a pass.
  cases(ctx.packages, "the packed packages");
  cases(ctx.consumers, "the consumer projects");
  return ctx;
}
