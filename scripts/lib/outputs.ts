/** Outputs of the generators that build on the JSON Schema, registered in one place. */
import type { BuiltSchema } from "./json-schema.js";
import { generatedHeader } from "./header.js";
import { emitZod, rawName, validatorName } from "./emit-zod.js";
import { checkName, emitChecks, type EmittedChecks } from "./emit-predicate.js";
import { project, type Schema } from "./project.js";
import { methodOf, unionMembers } from "./schema-walk.js";
import { emitDeprecatedTypes, emitDeprecatedZod } from "./emit-deprecated.js";

const SOURCE = "packages/schema/schema.json (from schema/schema.ts)";
const GENERATOR = "scripts/generate.ts (scripts/lib/emit-zod.ts)";

/** packages/zod/src/validators.gen.ts: a validator for every core type, and the `schemas` map. */
function coreValidators(built: BuiltSchema): string {
  const core = project(built.schema, "core");
  const names = Object.keys(core.$defs as object);
  const emitted = emitZod(core, { names, typeOf: (n) => n, checkRef: (n) => `${coreCheckModule(n) === "checks-messages" ? "M" : "T"}.${checkName(n)}` });
  const typeImports = [...names].sort().map((n) => `  ${n},`).join("\n");
  const helpers = [...emitted.helpers, "predicate"].sort().join(", ");
  const map = [...names].sort().map((n) => `  ${n}: ${validatorName(n)},`).join("\n");
  const routing = methodRouting(core);
  return [
    generatedHeader(GENERATOR, SOURCE),
    `import * as z from "zod";`,
    `import type {\n${typeImports}\n} from "@mrtr/schema";`,
    helpers ? `import { ${helpers} } from "./zod-runtime.js";` : "",
    `import * as M from "./checks-messages.gen.js";`,
    `import * as T from "./checks-types.gen.js";`,
    "",
    emitted.body,
    "",
    `/** Every core validator, by protocol type name. */\nexport const schemas = {\n${map}\n} as const;`,
    "",
    `/** The plain zod schemas behind the validators (no fast path), for composing new schemas from them. */\nexport const rawSchemas = {\n${[...names].sort().map((n) => `  ${n}: ${rawName(n)},`).join("\n")}\n} as const;`,
    "",
    `/** The generated checks behind the validators, by type name: \`checks.T(value, 0, true)\` is undefined when valid, else the first issue. */\nexport const checks = {\n${[...names].sort().map((n) => `  ${n}: ${coreCheckModule(n) === "checks-messages" ? "M" : "T"}.${checkName(n)},`).join("\n")}\n} as const;`,
    "",
    `/** The generated checks as plain predicates, by type name: true exactly when the value is valid. */\nexport const predicates = {\n${[...names].sort().map((n) => `  ${n}: predicate(${coreCheckModule(n) === "checks-messages" ? "M" : "T"}.${checkName(n)}),`).join("\n")}\n} as const;`,
    "",
    "/** The name of a core protocol type that has a validator. */\nexport type SchemaName = keyof typeof schemas;",
    "",
    routing,
    "",
  ].join("\n");
}

type Defs = Record<string, Schema>;

/** Validators by method: requests, notifications, and the response to each request. */
function methodRouting(core: Schema): string {
  const defs = core.$defs as Defs;
  // One validator per method; a later name wins (ClientNotification is a copy of CancelledNotification).
  const entries = (names: string[], value: (n: string) => string | undefined) => {
    const byMethod = new Map<string, string>();
    for (const n of names) {
      const v = value(n);
      if (v !== undefined) byMethod.set(methodOf(defs, n), v);
    }
    return [...byMethod].map(([m, v]) => `  ${JSON.stringify(m)}: ${v},`).join("\n");
  };
  const requests = unionMembers(defs, "ClientRequest");
  const notifications = [...unionMembers(defs, "ClientNotification"), ...unionMembers(defs, "ServerNotification")];
  const responseOf = (n: string) => {
    const response = n.replace(/Request$/, "ResultResponse");
    return response in defs ? validatorName(response) : undefined;
  };
  return [
    `/** Validators of the requests a client may send, by method. */\nexport const requestSchemas = {\n${entries(requests, validatorName)}\n} as const;`,
    `/** Validators of notifications (either direction), by method. */\nexport const notificationSchemas = {\n${entries(notifications, validatorName)}\n} as const;`,
    `/** Validators of the response to each request, by the request's method. */\nexport const resultResponseSchemas = {\n${entries(requests, responseOf)}\n} as const;`,
  ].join("\n\n");
}

/** The module holding each core definition's check: messages apart from the types they use, so no file grows past ~100 KB. */
const MESSAGE = /(Request|Notification|Result|Response|Error|Params)$/;
export const coreCheckModule = (name: string) => (MESSAGE.test(name) ? "checks-messages" : "checks-types");

/** packages/zod/src/checks-*.gen.ts: the check of every core type. */
function coreChecks(built: BuiltSchema): Array<[string, string]> {
  const core = project(built.schema, "core");
  const checks = emitChecks(core, { names: Object.keys(core.$defs as object) });
  const modules = ["checks-messages", "checks-types"];
  return modules.map((m) => {
    const names = [...checks.chunks.keys()].filter((n) => coreCheckModule(n) === m);
    const others = modules.filter((o) => o !== m).map((o) => ({ from: `./${o}.gen.js`, names: [...checks.chunks.keys()].filter((n) => coreCheckModule(n) === o).map(checkName) }));
    return [`packages/zod/src/${m}.gen.ts`, checksModule(checks, names, "./zod-runtime.js", others)];
  });
}

const RUNTIME_VALUES = ["FAILED", "MAX_VALIDATION_DEPTH", "at", "closest", "codePointsWithin", "hasOwn", "isObj", "missing", "no"];

/**
 * A module of generated checks for `names`: format tests, then the checks.
 * `siblings` name the checks other modules hold (imported where used), or
 * give `raw` import lines.
 */
export function checksModule(checks: EmittedChecks, names: string[], runtime: string, siblings: Array<{ from: string; names: string[] }>, raw: string[] = []): string {
  const body = names.map((n) => checks.chunks.get(n)!).join("\n\n");
  const uses = (id: string) => new RegExp(`\\b${id}\\b`).test(body);
  const formats = [...checks.formats].filter((f) => uses(`F_${f.replace(/-/g, "_")}`)).sort();
  const helpers = [...RUNTIME_VALUES.filter(uses), ...(formats.length ? ["formatTest"] : [])].sort();
  const imports = siblings.map((s) => ({ from: s.from, names: s.names.filter(uses).sort() })).filter((s) => s.names.length);
  return [
    generatedHeader(GENERATOR.replace("emit-zod", "emit-predicate"), SOURCE),
    "/* eslint-disable @typescript-eslint/no-explicit-any */",
    "// c<Type>(value, depth, explain): undefined when valid; else FAILED, or with `explain` the first issue.",
    `import { ${helpers.join(", ")} } from "${runtime}";`,
    `import type { Verdict } from "${runtime}";`,
    ...imports.map((i) => `import { ${i.names.join(", ")} } from "${i.from}";`),
    ...raw,
    "",
    ...formats.map((f) => `const F_${f.replace(/-/g, "_")} = formatTest(${JSON.stringify(f)});`),
    "",
    body,
    "",
  ].join("\n");
}

export function extraOutputs(built: BuiltSchema): Map<string, string> {
  const header = generatedHeader("scripts/generate.ts (scripts/lib/emit-deprecated.ts)", "schema/schema.ts and packages/schema/schema.json");
  const deprecatedZod = emitDeprecatedZod(built, header);
  return new Map([
    ...coreChecks(built),
    ["packages/zod/src/validators.gen.ts", coreValidators(built)],
    ["packages/deprecated/src/types.gen.ts", emitDeprecatedTypes(built, header)],
    ["packages/deprecated/src/zod/checks.gen.ts", checksModule(deprecatedZod.checks, [...deprecatedZod.checks.chunks.keys()], "@mrtr/zod/runtime", [], [`import { checks as coreChecks } from "@mrtr/zod";`])],
    ["packages/deprecated/src/zod/validators.gen.ts", deprecatedZod.validators],
  ]);
}
