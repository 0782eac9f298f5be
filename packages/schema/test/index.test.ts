import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as schema from "@mrtr/schema";
import { repoRoot } from "../../../test/helpers/paths.js";

const read = (path: string) => readFileSync(join(repoRoot, path), "utf8");
const declared = (text: string, kind: string) =>
  [...text.matchAll(new RegExp(`^export ${kind} (\\w+)`, "gm"))].map((m) => m[1]!);

describe("@mrtr/schema as a consumer imports it (built output)", () => {
  it("exports the protocol constants with their wire values", () => {
    expect(schema.LATEST_PROTOCOL_VERSION).toBe("2026-07-28");
    expect(schema.JSONRPC_VERSION).toBe("2.0");
    expect(schema.MISSING_REQUIRED_CLIENT_CAPABILITY).toBe(-32021);
    expect(schema.UNSUPPORTED_PROTOCOL_VERSION).toBe(-32022);
    expect(schema.HEADER_MISMATCH).toBe(-32020);
    expect([...schema.INPUT_REQUIRED_METHODS].sort()).toEqual(["prompts/get", "resources/read", "tools/call"]);
    expect(schema.INPUT_REQUEST_METHODS).toEqual(["elicitation/create"]);
  });

  it("lists no deprecated method among the core constants", () => {
    const all = [...schema.CLIENT_REQUEST_METHODS, ...schema.SERVER_NOTIFICATION_METHODS, ...schema.INPUT_REQUEST_METHODS];
    expect(all).not.toContain("sampling/createMessage");
    expect(all).not.toContain("roots/list");
    expect(all).not.toContain("notifications/message");
  });

  it("index.ts names every generated type and constant (regenerate, then add new names)", () => {
    const index = read("packages/schema/src/index.ts");
    const exported = new Set([...index.matchAll(/^\s+(\w+),$/gm)].map((m) => m[1]!));
    const generated = [
      ...declared(read("packages/schema/src/types.gen.ts"), "(?:interface|type)"),
      ...declared(read("packages/schema/src/constants.gen.ts"), "(?:const|type)"),
    ];
    expect(generated.filter((n) => !exported.has(n))).toEqual([]);
  });

  it("ships the JSON Schema as a subpath export", () => {
    const pkg = JSON.parse(read("packages/schema/package.json"));
    expect(pkg.exports["./schema.json"]).toBe("./schema.json");
    expect(pkg.files).toContain("schema.json");
    expect(pkg.dependencies ?? {}).toEqual({});
  });
});
