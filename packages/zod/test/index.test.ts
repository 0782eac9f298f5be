import { describe, expect, it } from "vitest";
import * as zodPackage from "@mrtr/zod";
import * as checksEntry from "@mrtr/zod/checks";
import * as miniPackage from "@mrtr/zod/mini";
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

  it("has the same validators in @mrtr/zod/mini, as <TypeName>Schema and in `schemas`, and routes the same methods", () => {
    const names = Object.keys(core.$defs as object);
    const exported = miniPackage as unknown as Record<string, unknown>;
    expect(names.filter((n) => exported[`${n}Schema`] === undefined)).toEqual([]);
    expect(Object.keys(miniPackage.schemas).sort()).toEqual([...names].sort());
    expect(Object.keys(miniPackage.resultResponseSchemas)).toEqual(Object.keys(zodPackage.resultResponseSchemas));
    // Both flavours decide through the same generated check.
    expect(miniPackage.ToolSchema.safeParse({ name: 5 }).error!.issues).toEqual(zodPackage.ToolSchema.safeParse({ name: 5 }).error!.issues);
  });

  it("has the check of every core type in @mrtr/zod/checks, as check<TypeName> and in `checks`", () => {
    const names = Object.keys(core.$defs as object);
    const exported = checksEntry as unknown as Record<string, unknown>;
    expect(names.filter((n) => exported[`check${n}`] !== checksEntry.checks[n as keyof typeof checksEntry.checks])).toEqual([]);
    expect(Object.keys(checksEntry.checks).sort()).toEqual([...names].sort());
    expect(Object.keys(checksEntry.resultResponseChecks)).toEqual(Object.keys(zodPackage.resultResponseSchemas));
    expect(Object.keys(checksEntry.inputRequestChecks)).toEqual(["elicitation/create"]);
  });
});
