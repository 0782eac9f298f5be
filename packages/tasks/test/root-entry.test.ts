/**
 * The root entry of @mrtr/tasks holds types and zod-free checks only: an app
 * that validates with the checks pays for no zod. The validators are
 * @mrtr/tasks/zod.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../test/helpers/paths.js";

/** Every module specifier imported or re-exported by `file` and the relative modules it reaches. */
function importsFrom(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file)) return out;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const [, spec] of text.matchAll(/\bfrom\s+"([^"]+)"/g)) {
    if (spec!.startsWith(".")) for (const s of importsFrom(resolve(dirname(file), spec!.replace(/\.js$/, ".ts")), seen)) out.add(s);
    else out.add(spec!);
  }
  return out;
}

describe("@mrtr/tasks's root entry", () => {
  it("imports neither zod nor @mrtr/zod's validators, only @mrtr/zod/checks and types", () => {
    const bare = [...importsFrom(join(repoRoot, "packages/tasks/src/index.ts"))].sort();
    expect(bare).toEqual(["@mrtr/schema", "@mrtr/zod/checks"]);
  });

  it("leaves zod to @mrtr/tasks/zod", () => {
    const bare = importsFrom(join(repoRoot, "packages/tasks/src/zod.ts"));
    expect(bare.has("zod")).toBe(true);
  });
});
