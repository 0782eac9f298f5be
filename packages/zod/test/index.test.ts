import { describe, expect, it } from "vitest";
import * as zodPackage from "@mrtr/zod";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { coreProjection } from "../../../scripts/lib/project.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const core = coreProjection(JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")));

describe("@mrtr/zod as a consumer imports it (built output)", () => {
  it("has a validator for every core type, as <TypeName>Schema and in `schemas`", () => {
    const names = Object.keys(core.$defs as object);
    const exported = zodPackage as unknown as Record<string, unknown>;
    expect(names.filter((n) => exported[`${n}Schema`] === undefined)).toEqual([]);
    expect(Object.keys(zodPackage.schemas).sort()).toEqual([...names].sort());
  });

  it("holds no validator for a deprecated declaration", () => {
    for (const name of ["CreateMessageRequest", "ListRootsRequest", "Root", "LoggingMessageNotification"]) {
      expect(zodPackage.schemas).not.toHaveProperty(name);
    }
  });

  it("routes only core methods", () => {
    expect(Object.keys(zodPackage.requestSchemas)).toContain("tools/call");
    expect(Object.keys(zodPackage.notificationSchemas)).not.toContain("notifications/message");
  });
});
