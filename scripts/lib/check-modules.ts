/**
 * How generated checks are laid out and named, for every schema source (the
 * draft, the legacy revision, the Tasks extension): the module holding each
 * core check, the name @mrtr/zod/checks exports it under, the modules of
 * checks themselves, and the rows of a by-method table.
 */
import { basename } from "node:path";
import { checkName, formatTestName, type EmittedChecks } from "./emit-predicate.js";
import type { Schema } from "./project.js";
import { methodOf } from "./schema-walk.js";

/** The name under which @mrtr/zod/checks exports a type's check. */
export const publicCheckName = (n: string) => `check${n}`;

/** The module holding each core definition's check: messages apart from the types they use, so no file grows past ~100 KB. */
const MESSAGE = /(Request|Notification|Result|Response|Error|Params)$/;
export const coreCheckModule = (name: string) => (MESSAGE.test(name) ? "checks-messages" : "checks-types");

/** One entry per method: a later name wins (ClientNotification is a copy of CancelledNotification). */
export function byMethod(defs: Record<string, Schema>, names: string[], value: (n: string) => string | undefined): string {
  const out = new Map<string, string>();
  for (const n of names) {
    const v = value(n);
    if (v !== undefined) out.set(methodOf(defs, n), v);
  }
  return [...out].map(([m, v]) => `  ${JSON.stringify(m)}: ${v},`).join("\n");
}

const RUNTIME_VALUES = ["FAILED", "MAX_VALIDATION_DEPTH", "at", "closest", "codePointsWithin", "hasOwn", "isObj", "missing", "no", "noAt", "objectAt"];

/**
 * Modules of generated checks, one per entry of `modules`: each holds the
 * checks of its `names` (after the helpers they were first to need), imports
 * from the others the checks and helpers it calls, and exports the helpers
 * another one calls. `from` names the modules of the runtime helpers and of
 * the format tests (neither imports zod), and optionally checks emitted
 * elsewhere that the bodies may call (`shared`: identifiers exported by the
 * runtime module), each imported where used; `raw` adds import lines;
 * `header` is the generated header of each.
 */
export function checksModules(
  checks: EmittedChecks,
  modules: Array<{ path: string; names: string[] }>,
  from: { runtime: string; formats: string; shared?: string[] },
  raw: string[],
  header: string,
): Array<[string, string]> {
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
    const formats = [...checks.formats].map(formatTestName).filter((id) => uses(body, id)).sort();
    const shared = (from.shared ?? []).filter((id) => uses(body, id));
    if (shared.length > 0 && from.formats !== from.runtime) throw new Error("checksModules: shared checks need the format tests and runtime in one module");
    const text = [
      header,
      "/* eslint-disable @typescript-eslint/no-explicit-any */",
      "// c<Type>(value, depth, explain): undefined when valid; else FAILED, or with `explain` the first issue.",
      ...(from.formats === from.runtime
        ? [`import { ${[...RUNTIME_VALUES.filter((id) => uses(body, id)), ...formats, ...shared].sort().join(", ")} } from "${from.runtime}";`]
        : [`import { ${RUNTIME_VALUES.filter((id) => uses(body, id)).join(", ")} } from "${from.runtime}";`, ...(formats.length ? [`import { ${formats.join(", ")} } from "${from.formats}";`] : [])]),
      `import type { Verdict } from "${from.runtime}";`,
      ...imports,
      ...raw,
      "",
      body,
      "",
    ].join("\n");
    return [module.path, text];
  });
}
