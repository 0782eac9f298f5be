/** Every output of `npm run generate`, registered in one place, and the module layout of the generated checks and validators. */
import type { BuiltSchema } from "./json-schema.js";
import { generatedHeader } from "./header.js";
import { emitCoreTypes, constantStatements } from "./emit-types.js";
import { emitCoreConstants } from "./emit-constants.js";
import { emitZod, rawName, validatorName, type ZodFlavour } from "./emit-zod.js";
import { checkName, emitChecks } from "./emit-predicate.js";
import { coreProjection, type Schema } from "./project.js";
import { unionMembers } from "./schema-walk.js";
import { emitDeprecatedTypes, emitDeprecatedZod } from "./emit-deprecated.js";
import { emitLegacyTypes, LEGACY_SOURCE } from "./emit-legacy.js";
import { assertReexportsMatch } from "./reexports.js";
import { byMethod, checksModules, coreCheckModule, publicCheckName } from "./check-modules.js";
import { tasksOutputs } from "./emit-extension.js";

const SOURCE = "packages/schema/schema.json (from schema/schema.ts)";
const GENERATOR = "scripts/generate.ts (scripts/lib/emit-zod.ts)";
const CHECKS_HEADER = generatedHeader("scripts/generate.ts (scripts/lib/emit-predicate.ts)", SOURCE);

/** Where a flavour's validators live, and what they import. */
const FLAVOURS: Record<ZodFlavour, { path: string; zod: string; runtime: string; checks: string }> = {
  classic: { path: "packages/zod/src/validators.gen.ts", zod: "zod", runtime: "./zod-runtime.js", checks: "./" },
  mini: { path: "packages/zod/src/mini/validators.gen.ts", zod: "zod/mini", runtime: "./runtime.js", checks: "../" },
};

/** A check by name, through the namespace of the module holding it (`M` or `T`). */
const checkRef = (n: string) => `${coreCheckModule(n) === "checks-messages" ? "M" : "T"}.${checkName(n)}`;

/** A flavour's validators.gen.ts, from the core projection: a validator for every core type, the `schemas` and `rawSchemas` maps, routing by method. */
function coreValidators(core: Schema, flavour: ZodFlavour): [string, string] {
  const where = FLAVOURS[flavour];
  const names = Object.keys(core.$defs as object).sort();
  const emitted = emitZod(core, { names, typeOf: (n) => n, checkRef, flavour });
  const text = [
    generatedHeader(GENERATOR, SOURCE),
    `import * as z from "${where.zod}";`,
    `import type {\n${names.map((n) => `  ${n},`).join("\n")}\n} from "@mrtr/schema";`,
    `import { ${[...emitted.helpers].sort().join(", ")} } from "${where.runtime}";`,
    `import * as M from "${where.checks}checks-messages.gen.js";`,
    `import * as T from "${where.checks}checks-types.gen.js";`,
    "",
    emitted.body,
    "",
    `/** Every core validator, by protocol type name. */\nexport const schemas = {\n${names.map((n) => `  ${n}: ${validatorName(n)},`).join("\n")}\n} as const;`,
    "",
    `/** The plain zod schemas behind the validators (no fast path), for composing new schemas from them. */\nexport const rawSchemas = {\n${names.map((n) => `  ${n}: ${rawName(n)},`).join("\n")}\n} as const;`,
    "",
    "/** The name of a core protocol type that has a validator. */\nexport type SchemaName = keyof typeof schemas;",
    "",
    methodRouting(core, "Validators", validatorName).join("\n\n"),
    "",
  ].join("\n");
  return [where.path, text];
}

/**
 * packages/zod/src/check-tables.gen.ts, from the core projection: the checks
 * by type and by method, in a module that imports no zod (a table holds every
 * check it names; a check imported alone holds only what it calls).
 */
function checkTables(core: Schema): [string, string] {
  const names = Object.keys(core.$defs as object).sort();
  const text = [
    CHECKS_HEADER,
    `import { predicate } from "./check-runtime.js";`,
    `import * as M from "./checks-messages.gen.js";`,
    `import * as T from "./checks-types.gen.js";`,
    "",
    "/** Each check alone, as `check<Type>` (a bundle holds only the ones imported and what they call). */",
    ...["checks-messages", "checks-types"].map((m) => `export {\n${names.filter((n) => coreCheckModule(n) === m).map((n) => `  ${checkName(n)} as ${publicCheckName(n)},`).join("\n")}\n} from "./${m}.gen.js";`),
    "",
    `/** The generated checks behind the validators, by type name: \`checks.T(value, 0, true)\` is undefined when valid, else the first issue. */\nexport const checks = {\n${names.map((n) => `  ${n}: ${checkRef(n)},`).join("\n")}\n} as const;`,
    "",
    `/** The generated checks as plain predicates, by type name: true exactly when the value is valid. */\nexport const predicates = {\n${names.map((n) => `  ${n}: /* @__PURE__ */ predicate(${checkRef(n)}),`).join("\n")}\n} as const;`,
    "",
    methodRouting(core, "Checks", checkRef).join("\n\n"),
    "",
    inputRouting(core, checkRef),
    "",
  ].join("\n");
  return ["packages/zod/src/check-tables.gen.ts", text];
}

type Defs = Record<string, Schema>;

/** Validators or checks (`what`, `ref`) by method: requests, notifications, and the response to each request. */
function methodRouting(core: Schema, what: "Validators" | "Checks", ref: (n: string) => string): string[] {
  const defs = core.$defs as Defs;
  const suffix = what === "Validators" ? "Schemas" : "Checks";
  const requests = unionMembers(defs, "ClientRequest");
  const notifications = [...unionMembers(defs, "ClientNotification"), ...unionMembers(defs, "ServerNotification")];
  const responseOf = (n: string) => {
    const response = n.replace(/Request$/, "ResultResponse");
    return response in defs ? ref(response) : undefined;
  };
  return [
    `/** ${what} of the requests a client may send, by method. */\nexport const request${suffix} = {\n${byMethod(defs, requests, ref)}\n} as const;`,
    `/** ${what} of notifications (either direction), by method. */\nexport const notification${suffix} = {\n${byMethod(defs, notifications, ref)}\n} as const;`,
    `/** ${what} of the response to each request, by the request's method. */\nexport const resultResponse${suffix} = {\n${byMethod(defs, requests, responseOf)}\n} as const;`,
  ];
}

/** Checks of the input requests a server may embed, and of the answers to them, by input method. */
function inputRouting(core: Schema, ref: (n: string) => string): string {
  const defs = core.$defs as Defs;
  const requests = unionMembers(defs, "InputRequest");
  const responses = new Set(unionMembers(defs, "InputResponse"));
  const responseOf = (n: string) => {
    const response = n.replace(/Request$/, "Result");
    return responses.has(response) ? ref(response) : undefined;
  };
  return [
    `/** Checks of the input requests a server may put into \`inputRequests\`, by method. */\nexport const inputRequestChecks = {\n${byMethod(defs, requests, ref)}\n} as const;`,
    `/** Checks of the answer to each input request, by the input request's method. */\nexport const inputResponseChecks = {\n${byMethod(defs, requests, responseOf)}\n} as const;`,
  ].join("\n\n");
}

/** packages/zod/src/checks-*.gen.ts, from the core projection: the check of every core type. */
function coreChecks(core: Schema): Array<[string, string]> {
  const checks = emitChecks(core, { names: Object.keys(core.$defs as object) });
  const modules = ["checks-messages", "checks-types"].map((m) => ({
    path: `packages/zod/src/${m}.gen.ts`,
    names: [...checks.chunks.keys()].filter((n) => coreCheckModule(n) === m),
  }));
  return checksModules(checks, modules, { runtime: "./check-runtime.js", formats: "./formats.js" }, [], CHECKS_HEADER);
}

const LEGACY_DIR = "packages/legacy";
const LEGACY_SCHEMA_SOURCE = `${LEGACY_DIR}/schema.json (from ${LEGACY_SOURCE}, which imports from schema/schema.ts)`;

/**
 * @mrtr/legacy's generated files, from the legacy source's schema: the JSON
 * Schema, the TypeScript, the checks (messages apart from the types they use,
 * as in the core) and their tables. Every definition gets a check of its own
 * here, those re-exported from the core too (their definitions are held equal
 * to the core's by `assertReexportsMatch`, so the checks are the same code,
 * made by the same emitter): the legacy checks import nothing of the core's
 * but the runtime helpers, so a bundle that loads the legacy era lazily keeps
 * all of it in the lazy chunk (bundlers split by file, and the core's check
 * files are shared with the eager part).
 */
function legacyOutputs(legacy: BuiltSchema, core: BuiltSchema): Array<[string, string]> {
  assertReexportsMatch(legacy, core, LEGACY_SOURCE);
  const defs = legacy.schema.$defs as Defs;
  const own = Object.keys(defs);
  const checks = emitChecks(legacy.schema, { names: own });
  const modules = ["checks-messages", "checks-types"].map((m) => ({
    path: `${LEGACY_DIR}/src/schema/${m}.gen.ts`,
    names: own.filter((n) => coreCheckModule(n) === m),
  }));
  const checksHeader = generatedHeader("scripts/generate.ts (scripts/lib/emit-predicate.ts)", LEGACY_SCHEMA_SOURCE);
  const typesHeader = generatedHeader("scripts/generate.ts (scripts/lib/emit-legacy.ts)", `${LEGACY_SOURCE} (with what it imports from schema/schema.ts)`);
  const ref = (n: string) => `${coreCheckModule(n) === "checks-messages" ? "M" : "T"}.${checkName(n)}`;
  const resultOf = (request: string) => {
    const result = request.replace(/Request$/, "Result");
    return ref(result in defs ? result : "EmptyResult");
  };
  const table = (doc: string, name: string, entries: string) => `${doc}\nexport const ${name} = {\n${entries}\n} as const;`;
  const tables = [
    checksHeader,
    `import * as M from "./checks-messages.gen.js";`,
    `import * as T from "./checks-types.gen.js";`,
    "",
    table(
      "/**\n * The check of every type of the 2025-11-25 schema, by type name: `checks.T(value, 0, true)` is\n * undefined when valid, else the first issue. The types this revision shares with the draft have\n * checks of their own here, the same as @mrtr/zod's.\n */",
      "checks",
      Object.keys(defs).map((n) => `  ${n}: ${ref(n)},`).join("\n"),
    ),
    "",
    "/** The name of a type of the 2025-11-25 schema. */\nexport type LegacyTypeName = keyof typeof checks;",
    "",
    table("/** Checks of the requests a 2025-11-25 client may send, by method. */", "requestChecks", byMethod(defs, unionMembers(defs, "ClientRequest"), ref)),
    "",
    table("/** Checks of the notifications a 2025-11-25 client may send, by method. */", "notificationChecks", byMethod(defs, unionMembers(defs, "ClientNotification"), ref)),
    "",
    table(
      "/**\n * Checks of the result a 2025-11-25 client answers each request a server may send it with, by the\n * request's method: `<Name>Request` is answered by `<Name>Result`, `ping` by `EmptyResult`.\n */",
      "resultChecks",
      byMethod(defs, unionMembers(defs, "ServerRequest"), resultOf),
    ),
    "",
  ].join("\n");
  return [
    [`${LEGACY_DIR}/schema.json`, `${JSON.stringify(legacy.schema, null, 2)}\n`],
    [`${LEGACY_DIR}/src/schema/types.gen.ts`, emitLegacyTypes(legacy, typesHeader)],
    ...checksModules(checks, modules, { runtime: "@mrtr/zod/check-runtime", formats: "@mrtr/zod/check-runtime" }, [], checksHeader),
    [`${LEGACY_DIR}/src/schema/check-tables.gen.ts`, tables],
  ];
}

/**
 * Every file `npm run generate` writes, by path, from the built schemas (the
 * draft's, the legacy revision's and the Tasks extension's): the one list of outputs
 * (scripts/generate.ts writes or checks them; its header names each, and a
 * test holds the two together).
 */
export function generatedOutputs(built: BuiltSchema, legacy: BuiltSchema, tasks: BuiltSchema): Map<string, string> {
  const header = generatedHeader("scripts/generate.ts", "schema/schema.ts");
  const deprecatedHeader = generatedHeader("scripts/generate.ts (scripts/lib/emit-deprecated.ts)", "schema/schema.ts and packages/schema/schema.json");
  const deprecatedZod = emitDeprecatedZod(built, deprecatedHeader);
  const core = coreProjection(built.schema);
  const deprecatedChecks = { path: "packages/deprecated/src/zod/checks.gen.ts", names: [...deprecatedZod.checks.chunks.keys()] };
  return new Map([
    ["packages/schema/schema.json", `${JSON.stringify(built.schema, null, 2)}\n`],
    ["packages/schema/src/types.gen.ts", emitCoreTypes(built.declarations, built.sourceFile, header)],
    ["packages/schema/src/constants.gen.ts", emitCoreConstants(built.schema, constantStatements(built.sourceFile), header)],
    ...coreChecks(core),
    checkTables(core),
    coreValidators(core, "classic"),
    coreValidators(core, "mini"),
    ["packages/deprecated/src/types.gen.ts", emitDeprecatedTypes(built, deprecatedHeader)],
    ...checksModules(deprecatedZod.checks, [deprecatedChecks], { runtime: "@mrtr/zod/checks", formats: "@mrtr/zod/checks" }, [`import { checks as coreChecks } from "@mrtr/zod/checks";`], CHECKS_HEADER),
    ["packages/deprecated/src/zod/validators.gen.ts", deprecatedZod.validators],
    ...legacyOutputs(legacy, built),
    ...tasksOutputs(tasks, built),
  ]);
}
