/**
 * What a built package imports, it declares: every module its dist/ loads
 * (JavaScript) or names (declarations) is its own, a relative file, a Node
 * built-in, or a dependency or peer dependency of its package.json. A
 * development dependency reached from src/ would install for us and break
 * for every consumer; this is how the server's tests can use valibot and
 * ArkType while zod stays the only validation library its code names.
 * Reads the built packages: run `npm run build` first (`npm test` does).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { publicPackages } from "../scripts/lib/workspace.js";
import { repoRoot } from "./helpers/paths.js";

/** Static imports and re-exports, bare imports, and `import("…")` with a literal (in JavaScript and in declarations alike); a specifier has no white space, so text such as `["--import", "tsx"]` is not one. */
const SPECIFIERS = [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*["']([^"'\s]+)["']/g, /\bimport\s*["']([^"'\s]+)["']/g, /\bimport\(\s*["']([^"'\s]+)["']\s*\)/g];

/** The package a bare specifier names (`@scope/name` or `name`), "node" for a built-in, undefined for a relative one. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  if (specifier.startsWith("node:") || builtinModules.includes(specifier)) return "node";
  return specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
}

/** Each package the built files of `dir` import, with the first file that does. */
function importsOf(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const files = (readdirSync(join(dir, "dist"), { recursive: true }) as string[]).filter((f) => /\.(js|d\.ts)$/.test(f));
  for (const file of files) {
    const text = readFileSync(join(dir, "dist", file), "utf8");
    for (const pattern of SPECIFIERS) {
      for (const match of text.matchAll(pattern)) {
        const name = packageOf(match[1]!);
        if (name !== undefined && !found.has(name)) found.set(name, file);
      }
    }
  }
  return found;
}

const packages = publicPackages(repoRoot);
const server = packages.find((p) => p.manifest.name === "@mrtr/server")!;

describe("built packages import only what they declare", () => {
  it("every public package is built (npm run build), so dist/ is what consumers install", () => {
    expect(packages.filter((p) => !existsSync(join(p.dir, "dist"))).map((p) => p.path), "packages without dist/: run `npm run build`").toEqual([]);
  });

  it.each(packages.filter((p) => existsSync(join(p.dir, "dist"))))("$path: its own name, Node built-ins, dependencies and peers only", (pkg) => {
    const declared = new Set(["node", pkg.manifest.name, ...Object.keys(pkg.manifest.dependencies ?? {}), ...Object.keys(pkg.manifest.peerDependencies ?? {})]);
    const undeclared = [...importsOf(pkg.dir)].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (dist/${file})`);
    expect(undeclared, `${pkg.manifest.name} imports what its package.json does not declare`).toEqual([]);
  });

  it.runIf(existsSync(join(server.dir, "dist")))("@mrtr/server names zod and no other validation library (valibot and ArkType are for its tests only)", () => {
    const imported = [...importsOf(server.dir).keys()];
    // The control: the scan finds the one validation library the server does name (its declarations type stateSchema with it).
    expect(imported).toContain("zod");
    expect(imported.filter((name) => /^(valibot|@valibot\/|arktype|@ark\/)/.test(name))).toEqual([]);
    expect(Object.keys(server.manifest.devDependencies ?? {})).toEqual(expect.arrayContaining(["valibot", "@valibot/to-json-schema", "arktype"]));
  });
});
