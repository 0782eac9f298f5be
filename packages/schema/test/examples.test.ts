import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ajvFor } from "../../../test/helpers/ajv.js";
import { invalidExamples, validExamples } from "../../../test/helpers/examples.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const schema = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8"));
const defs = schema.$defs as Record<string, unknown>;
const validator = ajvFor(schema);

describe("schema/examples", () => {
  const examples = validExamples();
  it("names only folders of types the schema defines", () => {
    const unknown = [...new Set(examples.map((e) => e.type))].filter((t) => !(t in defs));
    expect(unknown).toEqual([]);
  });
  it.each(examples.map((e) => [e.file, e] as const))("%s is valid", (_file, example) => {
    const validate = validator(example.type);
    expect(validate(example.data), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe("schema/examples-invalid", () => {
  const examples = invalidExamples();
  it("names only folders of types the schema defines", () => {
    const unknown = [...new Set(examples.map((e) => e.type))].filter((t) => !(t in defs));
    expect(unknown).toEqual([]);
  });
  it.each(examples.map((e) => [e.file, e] as const))("%s is rejected", (_file, example) => {
    expect(validator(example.type)(example.data)).toBe(false);
  });
});
