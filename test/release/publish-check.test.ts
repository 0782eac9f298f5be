/**
 * `npm run publish:check` (scripts/lib/publish-check.ts) fails a package that
 * npm would publish differently from what it says, or that is not ready to
 * release; each case is a real `npm publish --dry-run` of a fixture package.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkPublish } from "../../scripts/lib/publish-check.js";

const scratch = mkdtempSync(join(tmpdir(), "publish-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A package folder with `manifest` and the named files. */
function fixture(name: string, manifest: Record<string, unknown>, files: string[]): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `@fixture/${name}`, license: "MIT", files: ["bin.js", "CHANGELOG.md"], ...manifest }));
  for (const file of files) writeFileSync(join(dir, file), file === "bin.js" ? "#!/usr/bin/env node\n" : `${file}\n`);
  return dir;
}

const ALL = ["README.md", "LICENSE", "CHANGELOG.md", "bin.js"];

describe("npm publish --dry-run, checked", () => {
  it("passes a released package whose manifest npm keeps as written", () => {
    const result = checkPublish(fixture("clean", { version: "1.0.0", bin: { tool: "bin.js" } }, ALL));
    expect(result).toMatchObject({ name: "@fixture/clean", version: "1.0.0", problems: [] });
  });

  it("fails a bin npm would drop from the published manifest (a ./ path)", () => {
    const result = checkPublish(fixture("dot-bin", { version: "1.0.0", bin: { tool: "./bin.js" } }, ALL));
    expect(result.problems.join("\n")).toMatch(/npm warned: .*bin\[tool\].*invalid and removed/);
  });

  it("fails an unreleased version and a tarball without its changelog", () => {
    const result = checkPublish(fixture("unreleased", { version: "0.0.0" }, ["README.md", "LICENSE"]));
    expect(result.problems).toEqual(["version 0.0.0 is not a release (run npm run version first)", "the tarball lacks CHANGELOG.md"]);
    expect(checkPublish(fixture("pre", { version: "1.0.0-rc.1" }, ALL)).problems.join("\n")).toMatch(/refused: .*tag/i);
  });
});
