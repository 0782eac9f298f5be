/** Every output of `npm run generate`, registered in one place, and the module layout of the generated checks and validators. */
import { basename } from "node:path";
import type { BuiltSchema } from "./json-schema.js";
import { generatedHeader } from "./header.js";
import { emitCoreTypes, constantStatements } from "./emit-types.js";
import { emitCoreConstants } from "./emit-constants.js";
import { emitZod, rawName, validatorName } from "./emit-zod.js";
import { checkName, emitChecks, type EmittedChecks } from "./emit-predicate.js";
import { coreProjection, type Schema } from "./project.js";
import { methodOf, unionMembers } from "./schema-walk.js";
import { emitDeprecatedTypes, emitDeprecatedZod } from "./emit-deprecated.js";

const SOURCE = "packages/schema/schema.json (from schema/schema.ts)";
const GENERATOR = "scripts/generate.ts (scripts/lib/emit-zod.ts)";

/** packages/zod/src/validators.gen.ts: a validator for every core type, and the `schemas` map. */
function coreValidators(built: BuiltSchema): string {
  const core = coreProjection(built.schema);
  const names = Object.keys(core.$defs as object);
  const checkRef = (n: string) => `${coreCheckModule(n) === "checks-messages" ? "M" : "T"}.${checkName(n)}`;
  const emitted = emitZod(core, { names, typeOf: (n) => n, checkRef });
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
    `/** The generated checks behind the validators, by type name: \`checks.T(value, 0, true)\` is undefined when valid, else the first issue. */\nexport const checks = {\n${[...names].sort().map((n) => `  ${n}: ${checkRef(n)},`).join("\n")}\n} as const;`,
    "",
    `/** The generated checks as plain predicates, by type name: true exactly when the value is valid. */\nexport const predicates = {\n${[...names].sort().map((n) => `  ${n}: predicate(${checkRef(n)}),`).join("\n")}\n} as const;`,
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
  const core = coreProjection(built.schema);
  const checks = emitChecks(core, { names: Object.keys(core.$defs as object) });
  const modules = ["checks-messages", "checks-types"].map((m) => ({
    path: `packages/zod/src/${m}.gen.ts`,
    names: [...checks.chunks.keys()].filter((n) => coreCheckModule(n) === m),
  }));
  return checksModules(checks, modules, "./zod-runtime.js");
}

const RUNTIME_VALUES = ["FAILED", "MAX_VALIDATION_DEPTH", "at", "closest", "codePointsWithin", "hasOwn", "isObj", "missing", "no"];

/**
 * Modules of generated checks, one per entry of `modules`: each holds the
 * checks of its `names` (after the helpers they were first to need), imports
 * from the others the checks and helpers it calls, and exports the helpers
 * another one calls. `raw` adds import lines.
 */
export function checksModules(checks: EmittedChecks, modules: Array<{ path: string; names: string[] }>, runtime: string, raw: string[] = []): Array<[string, string]> {
  const bodies = modules.map((m) => m.names.map((n) => checks.chunks.get(n)!).join("\n\n"));
  const helpers = bodies.map((b) => [...b.matchAll(/^(?:function|const) ([cSK]\d+)\b/gm)].map((x) => x[1]!));
  const uses = (body: string, id: string) => new RegExp(`\\b${id}\\b`).test(body);
  return modules.map((module, i) => {
    let body = bodies[i]!;
    for (const h of helpers[i]!.filter((h) => bodies.some((b, j) => j !== i && uses(b, h)))) {
      body = body.replace(new RegExp(`^(function|const) ${h}\\b`, "m"), `export $1 ${h}`);
    }
    const imports = modules.flatMap((other, j) => {
      const names = j === i ? [] : [...other.names.map(checkName), ...helpers[j]!].filter((id) => uses(body, id)).sort();
      return names.length ? [`import { ${names.join(", ")} } from "./${basename(other.path, ".ts")}.js";`] : [];
    });
    const formats = [...checks.formats].filter((f) => uses(body, `F_${f.replace(/-/g, "_")}`)).sort();
    const runtimeValues = [...RUNTIME_VALUES.filter((id) => uses(body, id)), ...(formats.length ? ["formatTest"] : [])].sort();
    const text = [
      generatedHeader(GENERATOR.replace("emit-zod", "emit-predicate"), SOURCE),
      "/* eslint-disable @typescript-eslint/no-explicit-any */",
      "// c<Type>(value, depth, explain): undefined when valid; else FAILED, or with `explain` the first issue.",
      `import { ${runtimeValues.join(", ")} } from "${runtime}";`,
      `import type { Verdict } from "${runtime}";`,
      ...imports,
      ...raw,
      "",
      ...(formats.length ? [...formats.map((f) => `const F_${f.replace(/-/g, "_")} = formatTest(${JSON.stringify(f)});`), ""] : []),
      body,
      "",
    ].join("\n");
    return [module.path, text];
  });
}

/**
 * Every file `npm run generate` writes, by path, from the built schema: the
 * one list of outputs (scripts/generate.ts writes or checks them; its header
 * names each, and a test holds the two together).
 */
export function generatedOutputs(built: BuiltSchema): Map<string, string> {
  const header = generatedHeader("scripts/generate.ts", "schema/schema.ts");
  const deprecatedHeader = generatedHeader("scripts/generate.ts (scripts/lib/emit-deprecated.ts)", "schema/schema.ts and packages/schema/schema.json");
  const deprecatedZod = emitDeprecatedZod(built, deprecatedHeader);
  const deprecatedChecks = { path: "packages/deprecated/src/zod/checks.gen.ts", names: [...deprecatedZod.checks.chunks.keys()] };
  return new Map([
    ["packages/schema/schema.json", `${JSON.stringify(built.schema, null, 2)}\n`],
    ["packages/schema/src/types.gen.ts", emitCoreTypes(built.declarations, built.sourceFile, header)],
    ["packages/schema/src/constants.gen.ts", emitCoreConstants(built.schema, constantStatements(built.sourceFile), header)],
    ...coreChecks(built),
    ["packages/zod/src/validators.gen.ts", coreValidators(built)],
    ["packages/deprecated/src/types.gen.ts", emitDeprecatedTypes(built, deprecatedHeader)],
    ...checksModules(deprecatedZod.checks, [deprecatedChecks], "@mrtr/zod/runtime", [`import { checks as coreChecks } from "@mrtr/zod";`]),
    ["packages/deprecated/src/zod/validators.gen.ts", deprecatedZod.validators],
  ]);
}
