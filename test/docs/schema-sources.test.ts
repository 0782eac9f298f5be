/**
 * README.md says which hand-written files describe the protocol: every
 * TypeScript file under schema/ (the draft, the legacy revision, the Tasks
 * extension; everything else is generated from them) is named there, as its
 * path in code quotes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/paths.js";

const sources = readdirSync(join(repoRoot, "schema"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => `schema/${file.split("\\").join("/")}`)
  .sort();
const readme = readFileSync(join(repoRoot, "README.md"), "utf8");

describe("the hand-written schema sources", () => {
  it("are each named in README.md", () => {
    expect(sources).toEqual(expect.arrayContaining(["schema/schema.ts", "schema/legacy/2025-11-25.ts", "schema/extensions/tasks.ts"]));
    expect(sources.filter((source) => !readme.includes(`\`${source}\``))).toEqual([]);
  });
});
