/**
 * The entry points of a package, read from its `exports` map, so that every
 * subpath a package adds is checked without editing the suite.
 */
import type { Manifest } from "../../scripts/lib/workspace.js";

export interface EntryPoint {
  /** What a consumer writes: `@mrtr/server`, `@mrtr/deprecated/client`, `@mrtr/schema/schema.json`. */
  specifier: string;
  /** `"."`, `"./client"`, ... */
  subpath: string;
  /** A JSON document (imported `with { type: "json" }`) rather than a module. */
  json: boolean;
  /**
   * For Node only by the repository's convention: a subpath with a segment
   * named `node` (`@mrtr/server/node`) or `stdio` (a process's standard
   * streams: `@mrtr/server/stdio`). Every other entry point must typecheck
   * and run without Node's types and built-ins.
   */
  nodeOnly: boolean;
  /**
   * For pages only: a subpath with a segment named `browser`
   * (`@mrtr/apps/browser`), whose types name the DOM's (`Element`,
   * `Window`); checked wherever the DOM's types are, not in a Node program
   * without them.
   */
  browserOnly: boolean;
}

/** The file a target (a string or a nest of conditions) finally names under the `default` / `import` conditions. */
function runtimeTarget(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (target && typeof target === "object") {
    const conditions = target as Record<string, unknown>;
    for (const key of ["import", "default"]) if (key in conditions) return runtimeTarget(conditions[key]);
  }
  return undefined;
}

/** Subpath segments that mark an entry point as Node-only. */
const NODE_ONLY_SEGMENTS = new Set(["node", "stdio"]);

export function entryPoints(manifest: Manifest): EntryPoint[] {
  const { exports } = manifest;
  if (exports === undefined) throw new Error(`${manifest.name}: no "exports" map; the suite checks the entry points it lists`);
  const map: Record<string, unknown> =
    typeof exports === "string" || !Object.keys(exports).some((k) => k.startsWith(".")) ? { ".": exports } : exports;
  const entries: EntryPoint[] = [];
  for (const [subpath, target] of Object.entries(map)) {
    if (subpath === "./package.json") continue;
    if (subpath.includes("*")) throw new Error(`${manifest.name}: export "${subpath}" is a pattern; list its entry points in entry-points.ts to check them`);
    const file = runtimeTarget(target);
    if (file === undefined) throw new Error(`${manifest.name}: export "${subpath}" has no "import" or "default" target`);
    entries.push({
      specifier: subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      subpath,
      json: file.endsWith(".json"),
      nodeOnly: subpath.split("/").some((segment) => NODE_ONLY_SEGMENTS.has(segment)),
      browserOnly: subpath.split("/").includes("browser"),
    });
  }
  return entries;
}

/** The JavaScript files a package's entry points load first: each `exports` target and each `bin`, relative to the package (`dist/index.js`). */
export function entryFiles(manifest: Manifest): string[] {
  const { exports, bin } = manifest;
  const map: Record<string, unknown> =
    exports === undefined ? {} : typeof exports === "string" || !Object.keys(exports).some((k) => k.startsWith(".")) ? { ".": exports } : exports;
  const bins = typeof bin === "string" ? [bin] : Object.values((bin ?? {}) as Record<string, string>);
  const files = [...Object.values(map).map(runtimeTarget), ...bins].filter((f): f is string => f !== undefined && f.endsWith(".js"));
  return [...new Set(files.map((f) => f.replace(/^\.\//, "")))];
}

/** A module that imports every given entry point, so a typecheck of it checks them all. */
export function importAll(entries: readonly EntryPoint[]): string {
  const lines = entries.map((e, i) =>
    e.json ? `import entry${i} from ${JSON.stringify(e.specifier)} with { type: "json" };` : `import * as entry${i} from ${JSON.stringify(e.specifier)};`,
  );
  return `${lines.join("\n")}\nexport const entries = [${entries.map((_, i) => `entry${i}`).join(", ")}];\n`;
}
