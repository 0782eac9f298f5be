/** Outputs of the generators that build on the JSON Schema, registered in one place. */
import type { BuiltSchema } from "./json-schema.js";
import { generatedHeader } from "./header.js";
import { emitZod, rawName, validatorName } from "./emit-zod.js";
import { emitPredicates, predicateName, type EmittedPredicates } from "./emit-predicate.js";
import { project, type Schema } from "./project.js";
import { methodOf, unionMembers } from "./schema-walk.js";
import { emitDeprecatedTypes, emitDeprecatedZod } from "./emit-deprecated.js";

const SOURCE = "packages/schema/schema.json (from schema/schema.ts)";
const GENERATOR = "scripts/generate.ts (scripts/lib/emit-zod.ts)";

/** packages/zod/src/validators.gen.ts: a validator for every core type, and the `schemas` map. */
function coreValidators(built: BuiltSchema): string {
  const core = project(built.schema, "core");
  const names = Object.keys(core.$defs as object);
  const emitted = emitZod(core, { names, typeOf: (n) => n, predicateRef: (n) => `P.${predicateName(n)}` });
  const typeImports = [...names].sort().map((n) => `  ${n},`).join("\n");
  const helpers = [...emitted.helpers].sort().join(", ");
  const map = [...names].sort().map((n) => `  ${n}: ${validatorName(n)},`).join("\n");
  const routing = methodRouting(core);
  return [
    generatedHeader(GENERATOR, SOURCE),
    `import * as z from "zod";`,
    `import type {\n${typeImports}\n} from "@mrtr/schema";`,
    helpers ? `import { ${helpers} } from "./zod-runtime.js";` : "",
    `import * as P from "./predicates.gen.js";`,
    "",
    emitted.body,
    "",
    `/** Every core validator, by protocol type name. */\nexport const schemas = {\n${map}\n} as const;`,
    "",
    `/** The plain zod schemas behind the validators (no fast path), for composing new schemas from them. */\nexport const rawSchemas = {\n${[...names].sort().map((n) => `  ${n}: ${rawName(n)},`).join("\n")}\n} as const;`,
    "",
    `/** The generated predicates behind the fast paths, by type name: sound (never true for invalid data), not complete. */\nexport const predicates = {\n${[...names].sort().map((n) => `  ${n}: P.${predicateName(n)},`).join("\n")}\n} as const;`,
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

/** packages/zod/src/predicates.gen.ts: the fast-path predicate of every core type. */
function corePredicates(built: BuiltSchema): string {
  const core = project(built.schema, "core");
  const predicates = emitPredicates(core, { names: Object.keys(core.$defs as object) });
  return predicatesModule(predicates, "./zod-runtime.js", []);
}

/** A module of generated predicates: format tests, then the predicates. */
export function predicatesModule(predicates: EmittedPredicates, runtime: string, imports: string[]): string {
  const formatTests = [...predicates.formats].sort().map((f) => `const F_${f.replace(/-/g, "_")} = formatTest(${JSON.stringify(f)});`);
  return [
    generatedHeader(GENERATOR.replace("emit-zod", "emit-predicate"), SOURCE),
    "/* eslint-disable @typescript-eslint/no-explicit-any */",
    `import { ${[...predicates.helpers].sort().join(", ")} } from "${runtime}";`,
    ...imports,
    "",
    ...formatTests,
    "",
    predicates.body,
    "",
  ].join("\n");
}

export function extraOutputs(built: BuiltSchema): Map<string, string> {
  const header = generatedHeader("scripts/generate.ts (scripts/lib/emit-deprecated.ts)", "schema/schema.ts and packages/schema/schema.json");
  const deprecatedZod = emitDeprecatedZod(built, header);
  return new Map([
    ["packages/zod/src/predicates.gen.ts", corePredicates(built)],
    ["packages/zod/src/validators.gen.ts", coreValidators(built)],
    ["packages/deprecated/src/types.gen.ts", emitDeprecatedTypes(built, header)],
    ["packages/deprecated/src/zod/predicates.gen.ts", predicatesModule(deprecatedZod.predicates, "@mrtr/zod/runtime", [`import { predicates as corePredicates } from "@mrtr/zod";`])],
    ["packages/deprecated/src/zod/validators.gen.ts", deprecatedZod.validators],
  ]);
}
