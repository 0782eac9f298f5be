/** Paths shared by the repository's tests. */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The upstream structure file, present beside the repository in this workplace only. */
export const upstreamStructure = resolve(repoRoot, "../shared/upstream/draft-schema.structure.json");
export const hasUpstream = existsSync(upstreamStructure);
export const upstreamMissingMessage =
  "../shared/upstream/draft-schema.structure.json is absent (a clone outside the workplace): upstream comparison skipped";

/** The upstream structure of the initialize-based revision 2025-11-25, beside the repository in this workplace only. */
export const legacyUpstreamStructure = resolve(repoRoot, "../shared/upstream/legacy-2025-11-25-schema.structure.json");
export const hasLegacyUpstream = existsSync(legacyUpstreamStructure);
export const legacyUpstreamMissingMessage =
  "../shared/upstream/legacy-2025-11-25-schema.structure.json is absent (a clone outside the workplace): comparison of the 2025-11-25 schema with upstream skipped";
