/**
 * @mrtr/tasks's generated files, from schema/extensions/tasks.ts, the
 * hand-written source of the Tasks extension: its JSON Schema, its
 * TypeScript, its zod-free checks and their tables, and its zod validators.
 * The extension reuses the draft's declarations under the rule of
 * reexports.ts. Like the core, the checks and validators judge the core
 * projection (what the draft deprecates left out); the shared declarations
 * are judged by the core's own checks and validators.
 */
import type { BuiltSchema } from "./json-schema.js";
import { generatedHeader } from "./header.js";
import { checkName, emitChecks } from "./emit-predicate.js";
import { emitZod, rawName, validatorName } from "./emit-zod.js";
import { coreProjection, type Schema } from "./project.js";
import { assertReexportsMatch, emitReexportingTypes, reexportedCoreNames, reexportedNames } from "./reexports.js";
import { byMethod, checksModules, publicCheckName } from "./check-modules.js";

/** The hand-written source of the Tasks extension, from the repository root. */
export const TASKS_SOURCE = "schema/extensions/tasks.ts";

const DIR = "packages/tasks";
const SCHEMA_SOURCE = `${DIR}/schema.json (from ${TASKS_SOURCE}, which imports from schema/schema.ts)`;

/** Definition names of a kind of message (`Request`, `Result`, `Notification`), by their suffix. */
const ending = (names: string[], suffix: string) => names.filter((n) => n.endsWith(suffix));

/** A `const` table of the generated module. */
const table = (doc: string, name: string, entries: string) => `${doc}\nexport const ${name} = {\n${entries}\n} as const;`;

/** Every file generated for @mrtr/tasks, by path. */
export function tasksOutputs(tasks: BuiltSchema, core: BuiltSchema): Array<[string, string]> {
  assertReexportsMatch(tasks, core, TASKS_SOURCE);
  const projected = coreProjection(tasks.schema);
  const defs = projected.$defs as Record<string, Schema>;
  const reexported = new Set(reexportedNames(tasks));
  const shared = reexportedCoreNames(tasks);
  const sharedSet = new Set(shared);
  const own = Object.keys(defs).filter((n) => !reexported.has(n));
  const checksHeader = generatedHeader("scripts/generate.ts (scripts/lib/emit-predicate.ts)", SCHEMA_SOURCE);
  const zodHeader = generatedHeader("scripts/generate.ts (scripts/lib/emit-zod.ts)", SCHEMA_SOURCE);
  const typesHeader = generatedHeader("scripts/generate.ts (scripts/lib/emit-extension.ts)", `${TASKS_SOURCE} (with what it imports from schema/schema.ts)`);

  const checks = emitChecks(projected, { names: own, external: (n) => (sharedSet.has(n) ? publicCheckName(n) : undefined) });
  const ref = (n: string) => (sharedSet.has(n) ? publicCheckName(n) : `C.${checkName(n)}`);
  const requests = ending(own, "Request");
  const resultOf = (request: string) => request.replace(/Request$/, "Result");
  /** Checks or validators (`what`, `ref`) by method: of the requests (a client sends them), of their results, of the notifications (a server sends them). */
  const methodTables = (what: "Checks" | "Validators", ref: (n: string) => string) => {
    const suffix = what === "Checks" ? "Checks" : "Schemas";
    return [
      table(`/** ${what} of the extension's requests (a client sends them), by method. */`, `request${suffix}`, byMethod(defs, requests, ref)),
      "",
      table(`/** ${what} of the result that answers each of the extension's requests, by the request's method. */`, `result${suffix}`, byMethod(defs, requests, (n) => ref(resultOf(n)))),
      "",
      table(`/** ${what} of the extension's notifications (a server sends them), by method. */`, `notification${suffix}`, byMethod(defs, ending(own, "Notification"), ref)),
      "",
    ];
  };
  const tables = [
    checksHeader,
    `import {\n${shared.map((n) => `  ${publicCheckName(n)},`).join("\n")}\n} from "@mrtr/zod/checks";`,
    `import * as C from "./checks.gen.js";`,
    "",
    "/** Each check of the extension's own types alone, as `check<Type>` (a bundle holds only the ones imported and what they call). */",
    `export {\n${own.map((n) => `  ${checkName(n)} as ${publicCheckName(n)},`).join("\n")}\n} from "./checks.gen.js";`,
    "",
    table(
      "/**\n * The check of every type of the Tasks extension's schema, by type name: `checks.T(value, 0, true)` is\n * undefined when valid, else the first issue. The core types it uses are checked by @mrtr/zod's checks.\n */",
      "checks",
      Object.keys(defs).map((n) => `  ${n}: ${ref(n)},`).join("\n"),
    ),
    "",
    "/** The name of a type of the Tasks extension's schema. */\nexport type TasksTypeName = keyof typeof checks;",
    "",
    ...methodTables("Checks", ref),
  ].join("\n");

  const zod = emitZod(projected, {
    names: own,
    external: (n) => (sharedSet.has(n) ? `coreRaw.${n}` : undefined),
    typeOf: (n) => n,
    checkRef: (n) => `C.${checkName(n)}`,
  });
  const byName = (what: (n: string) => string) => [...own].sort().map((n) => `  ${n}: ${what(n)},`).join("\n");
  const validators = [
    zodHeader,
    `import * as z from "zod";`,
    `import { rawSchemas as coreRaw } from "@mrtr/zod";`,
    `import { ${[...zod.helpers].sort().join(", ")} } from "@mrtr/zod/runtime";`,
    `import type {\n${[...own].sort().map((n) => `  ${n},`).join("\n")}\n} from "./types.gen.js";`,
    `import * as C from "./checks.gen.js";`,
    "",
    zod.body,
    "",
    table("/** Every validator of the extension's own types, by type name (the core types' are @mrtr/zod's). */", "schemas", byName(validatorName)),
    "",
    table("/** The plain zod schemas behind the validators (no fast path), for composing new schemas from them. */", "rawSchemas", byName(rawName)),
    "",
    ...methodTables("Validators", validatorName),
  ].join("\n");

  return [
    [`${DIR}/schema.json`, `${JSON.stringify(tasks.schema, null, 2)}\n`],
    [`${DIR}/src/schema/types.gen.ts`, emitReexportingTypes(tasks, typesHeader, "The core declarations the Tasks extension uses: @mrtr/schema's, unchanged.")],
    ...checksModules(checks, [{ path: `${DIR}/src/schema/checks.gen.ts`, names: own }], { runtime: "@mrtr/zod/checks", formats: "@mrtr/zod/checks", shared: shared.map(publicCheckName) }, [], checksHeader),
    [`${DIR}/src/schema/check-tables.gen.ts`, tables],
    [`${DIR}/src/schema/validators.gen.ts`, validators],
  ];
}
