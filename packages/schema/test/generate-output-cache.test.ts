import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readOutputCache, writeOutputCache, type OutputCacheOptions } from "../../../scripts/lib/output-cache.js";

const OUTPUTS = new Map([
  ["packages/x/schema.json", '{ "$defs": {} }\n'],
  ["packages/x/src/types.gen.ts", "export type A = 1;\n"],
]);

let root: string;
let options: OutputCacheOptions;
let source: string;

/** Writes a schema source and returns what the program would have parsed: its path and text. */
function sourceFile(text: string): Map<string, string> {
  writeFileSync(source, text);
  return new Map([[source, text]]);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mrtr-output-cache-"));
  mkdirSync(join(root, "schema"));
  source = join(root, "schema/schema.ts");
  options = {
    root,
    file: join(root, "cache/outputs.json"),
    generator: { "scripts/generate.ts": "a".repeat(64), "(bundle)": "b".repeat(64) },
    versions: { node: "v20.0.0", typescript: "5.9.3", "typescript-json-schema": "0.68.0" },
  };
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("the generator's output cache", () => {
  it("answers with the outputs, in their order, when sources, generator and versions are unchanged", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    expect([...readOutputCache(options)!]).toEqual([...OUTPUTS]);
  });

  it("has no answer before anything is written", () => {
    expect(readOutputCache(options)).toBeUndefined();
  });

  it("has no answer once a source's text changed", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    writeFileSync(source, "export type A = 2;\n");
    expect(readOutputCache(options)).toBeUndefined();
  });

  it("has no answer once a source is gone", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    rmSync(source);
    expect(readOutputCache(options)).toBeUndefined();
  });

  it("is keyed by the text the program parsed, so a source edited during the run is not trusted next time", () => {
    const parsed = sourceFile("export type A = 1;\n");
    writeFileSync(source, "export type A = 2;\n");
    writeOutputCache(options, OUTPUTS, parsed);
    expect(readOutputCache(options)).toBeUndefined();
  });

  it("has no answer for other generator code: a module changed, added or removed", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    const changed = { ...options.generator, "scripts/generate.ts": "c".repeat(64) };
    const added = { ...options.generator, "scripts/lib/new.ts": "d".repeat(64) };
    const { "(bundle)": _, ...removed } = options.generator;
    for (const generator of [changed, added, removed]) expect(readOutputCache({ ...options, generator })).toBeUndefined();
    expect(readOutputCache(options)).toBeDefined();
  });

  it("has no answer for other versions of Node, typescript or typescript-json-schema", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    for (const name of Object.keys(options.versions)) {
      expect(readOutputCache({ ...options, versions: { ...options.versions, [name]: "0.0.0" } }), name).toBeUndefined();
    }
  });

  it("does not trust an entry whose outputs were edited", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    const entry = JSON.parse(readFileSync(options.file, "utf8"));
    entry.outputs["packages/x/src/types.gen.ts"] = "export type A = 2;\n";
    writeFileSync(options.file, JSON.stringify(entry));
    expect(readOutputCache(options)).toBeUndefined();
  });

  it("does not trust an entry whose key was edited to match changed sources", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    const entry = JSON.parse(readFileSync(options.file, "utf8"));
    // Regenerate the key for a changed source but keep the old outputs (and digest).
    const other = join(root, "other.json");
    writeOutputCache({ ...options, file: other }, OUTPUTS, sourceFile("export type A = 2;\n"));
    entry.key = JSON.parse(readFileSync(other, "utf8")).key;
    writeFileSync(options.file, JSON.stringify(entry));
    expect(readOutputCache(options)).toBeUndefined();
  });

  it("does not trust a truncated or unreadable entry", () => {
    writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"));
    const text = readFileSync(options.file, "utf8");
    writeFileSync(options.file, text.slice(0, text.length / 2));
    expect(readOutputCache(options)).toBeUndefined();
    writeFileSync(options.file, "null");
    expect(readOutputCache(options)).toBeUndefined();
  });

  it("reports a cache it cannot write and carries on", () => {
    writeFileSync(join(root, "cache"), "a file where the cache folder should be");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(() => writeOutputCache(options, OUTPUTS, sourceFile("export type A = 1;\n"))).not.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("could not be written"));
    } finally {
      warn.mockRestore();
    }
    expect(readOutputCache(options)).toBeUndefined();
  });
});
