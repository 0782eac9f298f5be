// @ts-check
/**
 * `npm run generate`: runs scripts/generate.ts on plain Node, without a
 * TypeScript loader. esbuild bundles it and the modules it imports into the
 * cache folder (node_modules/.cache/mrtr-generate, or
 * $MRTR_GENERATE_CACHE_DIR), beside a manifest with the SHA-256 of each
 * module as it was bundled, of the bundle, of this file and esbuild's
 * version; a run whose manifest no longer matches (a module, the bundle or
 * this file changed, a module gone) bundles again.
 *
 * In the bundle, typescript and typescript-json-schema are loaded with
 * `require`: imported, Node's ESM loader would first read and scan
 * TypeScript's 9 MB for the names it exports, and tsx's loader again. Each
 * module's `import.meta.url` is its own source file's URL, as when run
 * directly. The bundle's `main` gets the cache folder and the manifest's
 * hashes, which key the output cache (scripts/lib/output-cache.ts).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const self = fileURLToPath(import.meta.url);
const root = resolve(dirname(self), "..");
const entry = join(root, "scripts/generate.ts");
const cacheDir = process.env.MRTR_GENERATE_CACHE_DIR ?? join(root, "node_modules/.cache/mrtr-generate");
const manifestFile = join(cacheDir, "generate.json");
/** A bundle's file is named by its SHA-256, so the one a manifest names never changes under it. */
const bundleFile = (/** @type {string} */ hash) => join(cacheDir, `generate-${hash}.mjs`);

/** Packages the generator imports that are CommonJS: the bundle requires them. */
const COMMONJS = new Set(["typescript", "typescript-json-schema"]);
const REQUIRED = "mrtr-require";

/** @param {string | Uint8Array} data */
const sha256 = (data) => createHash("sha256").update(data).digest("hex");

const esbuildVersion = () => /** @type {{ version: string }} */ (createRequire(import.meta.url)("esbuild/package.json")).version;

/**
 * @typedef {{ esbuild: string, launcher: string, bundle: string, modules: Record<string, string> }} Manifest
 * `modules`: the SHA-256 of each bundled module's bytes as esbuild read them, by path from the root.
 */

/** @returns {Manifest | undefined} the manifest, when the bundle is what it says and was made from the files as they are now */
function currentManifest() {
  try {
    const manifest = /** @type {Manifest} */ (JSON.parse(readFileSync(manifestFile, "utf8")));
    if (manifest.esbuild !== esbuildVersion() || manifest.launcher !== sha256(readFileSync(self))) return undefined;
    if (manifest.bundle !== sha256(readFileSync(bundleFile(manifest.bundle)))) return undefined;
    for (const [path, hash] of Object.entries(manifest.modules)) if (sha256(readFileSync(join(root, path))) !== hash) return undefined;
    return manifest;
  } catch {
    return undefined;
  }
}

/**
 * Bundles scripts/generate.ts into the cache folder, removing the bundle the
 * previous manifest named.
 * @returns {Promise<Manifest>}
 */
async function bundle() {
  /** @type {Manifest | undefined} */
  let previous;
  try {
    previous = JSON.parse(readFileSync(manifestFile, "utf8"));
  } catch {
    previous = undefined;
  }
  const { build } = /** @type {typeof import("esbuild")} */ (createRequire(import.meta.url)("esbuild"));
  /** @type {Record<string, string>} */
  const modules = {};
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    outfile: join(cacheDir, "generate.mjs"),
    logLevel: "warning",
    banner: { js: `import { createRequire as __mrtrCreateRequire } from "node:module";\nconst require = __mrtrCreateRequire(${JSON.stringify(pathToFileURL(entry).href)});` },
    plugins: [
      {
        name: "mrtr-generate",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (COMMONJS.has(args.path) ? (args.namespace === REQUIRED ? { path: args.path, external: true } : { path: args.path, namespace: REQUIRED }) : undefined));
          b.onLoad({ filter: /.*/, namespace: REQUIRED }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: "js" }));
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const bytes = readFileSync(args.path);
            const text = bytes.toString("utf8");
            if (/import\.meta(?!\.url\b)/.test(text)) throw new Error(`${args.path}: the generator's bundle gives modules import.meta.url only`);
            modules[args.path.slice(root.length + 1).split("\\").join("/")] = sha256(bytes);
            return { contents: text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
          });
        },
      },
    ],
  });
  const code = result.outputFiles?.[0]?.contents;
  if (!code) throw new Error("esbuild wrote no bundle of scripts/generate.ts");
  /** @type {Manifest} */
  const manifest = { esbuild: esbuildVersion(), launcher: sha256(readFileSync(self)), bundle: sha256(code), modules };
  mkdirSync(cacheDir, { recursive: true });
  if (previous) rmSync(bundleFile(previous.bundle), { force: true });
  for (const [file, data] of /** @type {const} */ ([[bundleFile(manifest.bundle), code], [manifestFile, JSON.stringify(manifest, null, 2)]])) {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  }
  return manifest;
}

const manifest = currentManifest() ?? (await bundle());
const { main } = await import(pathToFileURL(bundleFile(manifest.bundle)).href);
await main(process.argv.slice(2), { cacheDir, generator: { ...manifest.modules, "scripts/run-generate.mjs": manifest.launcher, "(bundle)": manifest.bundle } });
