/**
 * What a consumer carries. A client app on @mrtr/client alone, bundled and
 * minified with code splitting, holds no sampling or roots code or schema in
 * what it loads first (the initialize-based revision's chunk, loaded only when
 * a legacy server is met, describes that revision's sampling and roots); the
 * same app with the @mrtr/deprecated/client plugins does (which proves every
 * needle below is findable). The "." and "./zod" entries pull no server or
 * client code. Bundles the built packages (dist): run `npm run build` first.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../test/helpers/paths.js";

const fixtures = join(repoRoot, "packages/deprecated/test/fixtures");

/** Strings only sampling/roots code or schema holds: method names, type and field names, content types, warning codes. */
const NEEDLES = [
  "sampling/createMessage",
  "roots/list",
  "CreateMessageResult",
  "ListRootsResult",
  "modelPreferences",
  "intelligencePriority",
  "maxTokens",
  "includeContext",
  "stopSequences",
  "toolChoice",
  "toolUseId",
  "tool_use",
  "tool_result",
  "file://",
  "MRTR_DEP_SAMPLING",
  "MRTR_DEP_ROOTS",
];

interface Bundle {
  text: string;
  bytes: number;
  gzipBytes: number;
  /** Source files that went into the bundle, relative to the repository root. */
  inputs: string[];
}

async function bundle(entry: string): Promise<Bundle> {
  const result = await build({
    entryPoints: [join(fixtures, entry)],
    absWorkingDir: repoRoot,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    target: "node20",
    splitting: true,
    outdir: "out",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  // What loads first: the entry and the chunks it imports statically (dynamically imported chunks load later, when needed).
  const outputs: Metafile["outputs"] = result.metafile.outputs;
  const first = Object.keys(outputs).find((p) => outputs[p]!.entryPoint !== undefined)!;
  const eager = new Set([first]);
  for (const p of eager) for (const i of outputs[p]!.imports) if (i.kind === "import-statement" && !i.external && i.path in outputs) eager.add(i.path);
  const files = result.outputFiles.filter((f) => [...eager].some((p) => f.path.endsWith(p.replace(/^out\//, "/"))));
  const contents = Buffer.concat(files.map((f) => f.contents));
  const inputs = [...new Set([...eager].flatMap((p) => Object.keys(outputs[p]!.inputs)))];
  return { text: files.map((f) => f.text).join("\n"), bytes: contents.byteLength, gzipBytes: gzipSync(contents).byteLength, inputs };
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const found = (text: string) => NEEDLES.filter((n) => text.includes(n));
const built = ["schema", "zod", "client", "deprecated"].every((p) => existsSync(join(repoRoot, "packages", p, "dist/index.js")));

describe("bundles (esbuild, minified, ESM)", () => {
  it("the packages are built (npm run build) so the bundles reflect what consumers install", () => {
    expect(built, "packages/*/dist missing: run `npm run build` before this test").toBe(true);
  });

  it.runIf(built)("a client app on @mrtr/client without the plugin holds no sampling or roots code or schema; with the plugin it does", async () => {
    const core = await bundle("core-client-app.ts");
    const withPlugin = await bundle("plugin-client-app.ts");
    console.log(
      `bundle: core client ${kB(core.bytes)}, with @mrtr/deprecated/client ${kB(withPlugin.bytes)} ` +
        `(${core.bytes} / ${withPlugin.bytes} bytes minified; gzip ${kB(core.gzipBytes)} / ${kB(withPlugin.gzipBytes)})`,
    );
    expect(found(withPlugin.text), "needles the plugin bundle lacks (the check would prove nothing)").toEqual(NEEDLES);
    expect(core.inputs.filter((i) => i.startsWith("packages/deprecated/") && !i.startsWith("packages/deprecated/test/")), "@mrtr/deprecated files in the core bundle").toEqual([]);
    expect(found(core.text), "sampling/roots strings in the core-only client bundle").toEqual([]);
  });

  it.runIf(built)('the "." entry (types and builders) and the "./zod" entry pull no @mrtr/server or @mrtr/client code', async () => {
    for (const entry of ["deprecated-types-app.ts", "deprecated-zod-app.ts"]) {
      const b = await bundle(entry);
      expect(b.inputs.filter((i) => /^packages\/(server|client)\//.test(i)), entry).toEqual([]);
    }
    const types = await bundle("deprecated-types-app.ts");
    // Builders are plain object constructors: no zod, no validators.
    expect(types.inputs.filter((i) => i.includes("node_modules/zod/") || i.startsWith("packages/zod/")), "zod in the types-and-builders bundle").toEqual([]);
  });
});
