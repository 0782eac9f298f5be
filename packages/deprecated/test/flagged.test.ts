/**
 * Flagged: every export of every entry point (and the context helpers the
 * server kinds add) carries `@deprecated` with a migration path and the
 * earliest removal; the README opens with a deprecation banner; the package
 * exports its four entry points, types first after the repo's source condition.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../test/helpers/paths.js";

const pkgDir = join(repoRoot, "packages/deprecated");
const ENTRIES = { ".": "src/index.ts", "./server": "src/server/index.ts", "./client": "src/client/index.ts", "./zod": "src/zod/index.ts" };

function program(): ts.Program {
  const configFile = join(pkgDir, "tsconfig.build.json");
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, pkgDir, { noEmit: true }, configFile);
  return ts.createProgram(parsed.fileNames, parsed.options);
}

/** The text of each `@deprecated` tag of a symbol (following re-exports). */
function deprecatedTexts(symbol: ts.Symbol, checker: ts.TypeChecker): string[] {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return target.getJsDocTags(checker).filter((t) => t.name === "deprecated").map((t) => ts.displayPartsToString(t.text).replace(/\s+/g, " "));
}

const MIGRATION = /Migrate:|Instead,/;
const REMOVAL = /Earliest removal: the first (protocol )?revision released on or after 2027-07-28/;

describe("every export is flagged", () => {
  const p = program();
  const checker = p.getTypeChecker();

  for (const [entry, file] of Object.entries(ENTRIES)) {
    it(`every export of "${entry}" has @deprecated with a migration path and the earliest removal`, () => {
      const source = p.getSourceFile(join(pkgDir, file))!;
      const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
      expect(exports.length).toBeGreaterThan(0);
      const unflagged = exports
        .filter((s) => !deprecatedTexts(s, checker).some((t) => MIGRATION.test(t) && REMOVAL.test(t)))
        .map((s) => s.name);
      expect(unflagged, `exports of "${entry}" without a complete @deprecated tag`).toEqual([]);
    });
  }

  it("the helpers the server kinds add to handler contexts (sample, listRoots) are flagged", () => {
    const source = p.getSourceFile(join(pkgDir, "src/server/index.ts"))!;
    const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
    const members: string[] = [];
    for (const name of ["SamplingContext", "RootsContext"]) {
      const symbol = exports.find((s) => s.name === name)!;
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      for (const member of checker.getDeclaredTypeOfSymbol(target).getProperties()) {
        const text = deprecatedTexts(member, checker).join(" ");
        expect(MIGRATION.test(text) && REMOVAL.test(text), `${name}.${member.name}: ${text}`).toBe(true);
        members.push(member.name);
      }
    }
    expect(members.sort()).toEqual(["listRoots", "sample"]);
  });
});

describe("package surface", () => {
  it("index.ts names every generated type (regenerate, then add new names)", () => {
    const read = (f: string) => readFileSync(join(pkgDir, f), "utf8");
    const generated = [...read("src/types.gen.ts").matchAll(/^export (?:type|interface) (\w+)/gm)].map((m) => m[1]!);
    const listed = new Set([...read("src/index.ts").matchAll(/^\s+(\w+),$/gm)].map((m) => m[1]!));
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.filter((n) => !listed.has(n))).toEqual([]);
  });

  it("the README opens with a deprecation banner naming the migration and the earliest removal", () => {
    const readme = readFileSync(join(pkgDir, "README.md"), "utf8");
    const banner = readme.split(/\n\s*\n/).slice(0, 3).join("\n");
    expect(readme.startsWith("> [!CAUTION]")).toBe(true);
    expect(banner).toMatch(/deprecated/i);
    expect(banner).toMatch(/call a model provider directly/);
    expect(banner).toMatch(/tool arguments, resource URIs or configuration/);
    expect(banner).toMatch(/2027-07-28/);
  });

  it('exports ".", "./server", "./client" and "./zod", each with types first', () => {
    const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { exports: Record<string, unknown> };
    for (const [entry, file] of Object.entries(ENTRIES)) {
      const target = pkg.exports[entry] as Record<string, string>;
      // The source condition (tests and typechecks in this repo) comes before types; consumers never set it.
      expect(Object.keys(target), entry).toEqual(["@mrtr/source", "types", "default"]);
      expect(target["@mrtr/source"]).toBe(`./${file}`);
      expect(target.default).toBe(`./dist/${file.slice("src/".length).replace(/\.ts$/, ".js")}`);
      expect(target.types).toBe(`./dist/${file.slice("src/".length).replace(/\.ts$/, ".d.ts")}`);
    }
  });
});
