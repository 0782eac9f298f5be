/**
 * Emits @mrtr/deprecated's generated files from the same schema.ts and
 * schema.json as the core: the deprecated declarations (sampling, roots,
 * logging) as TypeScript, the augmentation of @mrtr/schema's interfaces that
 * puts the deprecated fields and input methods back, and zod validators for
 * the deprecated declarations plus full-protocol variants of every type whose
 * core projection differs from the full protocol.
 */
import ts from "typescript";
import { hasTag, type BuiltSchema, type JsonSchema } from "./json-schema.js";
import { emitZod, validatorName } from "./emit-zod.js";
import { checkName, emitChecks, type EmittedChecks } from "./emit-predicate.js";
import { coreProjection, type Schema } from "./project.js";
import { refsOf } from "./schema-walk.js";
import { sourceText } from "./emit-types.js";

const CORE_TYPES = "@mrtr/schema";

function referencedTypes(text: string): Set<string> {
  const file = ts.createSourceFile("x.ts", text, ts.ScriptTarget.ES2022, true);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) names.add(node.typeName.text);
    if (ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression)) names.add(node.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** Core union aliases that lost deprecated members: those cannot be widened by merging. */
export function widenedUnions(built: BuiltSchema): { name: string; members: string[] }[] {
  const deprecated = new Set(built.declarations.filter((d) => d.deprecated).map((d) => d.name));
  const out: { name: string; members: string[] }[] = [];
  for (const d of built.declarations) {
    if (d.deprecated || !ts.isTypeAliasDeclaration(d.node) || !ts.isUnionTypeNode(d.node.type)) continue;
    const members = d.node.type.types
      .filter((t) => ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && deprecated.has(t.typeName.text))
      .map((t) => ((t as ts.TypeReferenceNode).typeName as ts.Identifier).text);
    if (members.length > 0) out.push({ name: d.name, members });
  }
  return out;
}

/** TypeScript of the deprecated side: declarations and the augmentation of the core interfaces. */
export function emitDeprecatedTypes(built: BuiltSchema, header: string): string {
  const { declarations, sourceFile } = built;
  const text = (node: ts.Node) => sourceText(node, sourceFile);
  const deprecated = declarations.filter((d) => d.deprecated);
  const own = new Set(deprecated.map((d) => d.name));
  const bodies = deprecated.map((d) => text(d.node));
  const augmentations: string[] = [];
  for (const d of declarations) {
    if (d.deprecated) continue;
    const members = ts.isInterfaceDeclaration(d.node) ? d.node.members : undefined;
    const fields = (members ?? []).filter((m) => ts.isPropertySignature(m) && hasTag(m, "deprecated"));
    if (fields.length > 0) {
      const indented = fields.map((f) => text(f).split("\n").map((l) => `  ${l}`).join("\n"));
      augmentations.push(`  interface ${d.name} {\n${indented.join("\n")}\n  }`);
    }
    if (ts.isTypeAliasDeclaration(d.node) && ts.isTypeLiteralNode(d.node.type) && d.node.type.members.some((m) => hasTag(m, "deprecated"))) {
      throw new Error(`${d.name} is a type alias with deprecated fields: make it an interface so they can be merged back`);
    }
  }
  for (const u of widenedUnions(built)) {
    bodies.push(
      `/**\n * \`${u.name}\` with its deprecated members (a type alias cannot be merged).\n * @deprecated Since 2026-07-28 (SEP-2577): holds deprecated members. Instead, use \`${u.name}\`. Earliest removal: the first revision released on or after 2027-07-28.\n */\n` +
        `export type ${u.name}WithDeprecated = ${u.name} | ${u.members.join(" | ")};`,
    );
  }
  const all = [...bodies, ...augmentations].join("\n");
  const imports = [...referencedTypes(all)].filter((n) => !own.has(n) && declarations.some((d) => d.name === n)).sort();
  return [
    header,
    imports.length ? `import type {\n${imports.map((n) => `  ${n},`).join("\n")}\n} from "${CORE_TYPES}";\n` : "",
    bodies.join("\n\n"),
    "",
    "/*",
    " * Importing this package puts the deprecated fields and input methods back",
    " * into the core types: InputRequest and InputResponse gain sampling and",
    " * roots, ClientCapabilities gains `sampling` and `roots`, and so on.",
    " */",
    `declare module "${CORE_TYPES}" {`,
    augmentations.join("\n"),
    "}",
    "",
  ].join("\n");
}

/** Names of definitions whose full-protocol form differs from the core projection, plus everything referring to them. */
export function fullVariantNames(schema: JsonSchema): { deprecated: string[]; variants: string[] } {
  const defs = schema.$defs as Record<string, Schema>;
  const core = coreProjection(schema).$defs as Record<string, Schema>;
  const deprecated = Object.keys(defs).filter((n) => !(n in core));
  const differs = new Set(Object.keys(core).filter((n) => JSON.stringify(core[n]) !== JSON.stringify(defs[n])));
  const changed = new Set([...deprecated, ...differs]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const name of Object.keys(core)) {
      if (changed.has(name)) continue;
      if (refsOf(defs[name]).some((r) => changed.has(r))) {
        changed.add(name);
        grew = true;
      }
    }
  }
  const variants = [...changed].filter((n) => n in core).sort();
  return { deprecated: deprecated.sort(), variants };
}

/** zod validators of the deprecated side: deprecated declarations and full-protocol variants. */
export function emitDeprecatedZod(built: BuiltSchema, header: string): { validators: string; checks: EmittedChecks } {
  const schema = built.schema;
  const { deprecated, variants } = fullVariantNames(schema);
  const widened = new Set(widenedUnions(built).map((u) => u.name));
  const names = [...deprecated, ...variants];
  const own = new Set(names);
  const emitted = emitZod(schema as Schema, {
    names,
    external: (name) => (own.has(name) ? undefined : `coreRaw.${name}`),
    typeOf: (n) => (widened.has(n) ? `${n}WithDeprecated` : n),
    checkRef: (n) => `P.${checkName(n)}`,
  });
  const deprecatedTypes = [...deprecated, ...[...widened].map((n) => `${n}WithDeprecated`)].sort();
  const coreTypes = variants.filter((n) => !widened.has(n));
  const map = [...names].sort().map((n) => `  ${n}: ${validatorName(n)},`).join("\n");
  const checks = emitChecks(schema as Schema, { names, external: (name) => (own.has(name) ? undefined : `coreChecks.${name}`) });
  const helpers = [...emitted.helpers].sort().join(", ");
  const validators = [
    header,
    `import * as z from "zod";`,
    `import type {\n${coreTypes.map((n) => `  ${n},`).join("\n")}\n} from "${CORE_TYPES}";`,
    `import type {\n${deprecatedTypes.map((n) => `  ${n},`).join("\n")}\n} from "../types.gen.js";`,
    `import { rawSchemas as coreRaw } from "@mrtr/zod";`,
    `import { ${helpers} } from "@mrtr/zod/runtime";`,
    `import * as P from "./checks.gen.js";`,
    "",
    emitted.body,
    "",
    "/** Validators of the deprecated declarations and the full-protocol variants of the types that reach them, by type name. */",
    `export const schemas = {\n${map}\n} as const;`,
    "",
    `/** Types whose validator here replaces the core one: the full protocol, sampling and roots included. */`,
    `export const FULL_PROTOCOL_VARIANTS = ${JSON.stringify(variants)} as const;`,
    "",
  ].join("\n");
  return { validators, checks };
}
