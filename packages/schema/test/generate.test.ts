import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateAll } from "../../../scripts/lib/generate-all.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const first = generateAll().outputs;

describe("npm run generate", () => {
  it("gives the same bytes on every run", () => {
    const second = generateAll().outputs;
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [path, text] of first) expect(second.get(path), path).toBe(text);
  });

  it("matches the committed generated files (what --check enforces)", () => {
    for (const [path, text] of first) expect(readFileSync(join(repoRoot, path), "utf8"), path).toBe(text);
  });

  it("lists every file it writes in the header of scripts/generate.ts", () => {
    const header = readFileSync(join(repoRoot, "scripts/generate.ts"), "utf8").split("*/")[0]!;
    const listed = [...header.matchAll(/^ \*   (\S+)/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...first.keys()].sort());
  });

  it("starts every generated TypeScript file with a header naming generator, source and command", () => {
    for (const [path, text] of first) {
      if (!path.endsWith(".ts")) continue;
      expect(path).toMatch(/\.gen\.ts$/);
      expect(text.slice(0, 300), path).toContain("scripts/generate.ts");
      expect(text.slice(0, 300), path).toContain("schema/schema.ts");
      expect(text.slice(0, 300), path).toContain("npm run generate");
    }
  });
});

describe("the core / deprecated split", () => {
  const schema = JSON.parse(first.get("packages/schema/schema.json")!);
  const defs = schema.$defs as Record<string, Record<string, unknown>>;
  const coreTypes = first.get("packages/schema/src/types.gen.ts")!;
  const deprecated = Object.keys(defs).filter((n) => defs[n]!.deprecated === true);

  it("flags sampling, roots and logging declarations deprecated in the JSON Schema", () => {
    for (const name of ["CreateMessageRequest", "CreateMessageResult", "SamplingMessage", "ListRootsRequest", "ListRootsResult", "Root", "LoggingLevel", "LoggingMessageNotification"]) {
      expect(deprecated, name).toContain(name);
    }
    for (const name of ["ElicitRequest", "InputRequiredResult", "CallToolRequest", "Tool"]) {
      expect(deprecated, name).not.toContain(name);
    }
  });

  it("flags deprecated fields of core declarations", () => {
    const caps = defs.ClientCapabilities!.properties as Record<string, Record<string, unknown>>;
    expect(caps.sampling!.deprecated).toBe(true);
    expect(caps.roots!.deprecated).toBe(true);
    expect(caps.elicitation!.deprecated).toBeUndefined();
  });

  it("keeps the full protocol in the JSON Schema: input requests include sampling and roots", () => {
    const refs = (defs.InputRequest!.anyOf as { $ref: string }[]).map((r) => r.$ref).sort();
    expect(refs).toEqual(["#/$defs/CreateMessageRequest", "#/$defs/ElicitRequest", "#/$defs/ListRootsRequest"]);
  });

  it("declares no deprecated type in the core TypeScript", () => {
    for (const name of deprecated) {
      expect(coreTypes, name).not.toMatch(new RegExp(`\\b(interface|type) ${name}\\b`));
      expect(coreTypes, name).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
    expect(coreTypes).not.toMatch(/@deprecated/);
  });
});
