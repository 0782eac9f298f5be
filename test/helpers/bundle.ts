/**
 * Bundles an app as a browser build would: esbuild with `--bundle --minify
 * --platform=browser --format=esm --splitting`, the settings every bundle size
 * in this repository is measured with (the client's bundle test, `npm run
 * bench`). With splitting, what an app imports dynamically (the client's
 * support for legacy servers, loaded only when one is met) is a chunk of its
 * own: the size of an app is what a page loads before it runs, the entry and
 * the chunks it imports statically; the rest is reported apart, as `lazy`.
 */
import { gzipSync } from "node:zlib";
import { build, type Metafile, type OutputFile } from "esbuild";
import { repoRoot } from "./paths.js";

/** The esbuild options of a browser bundle (the command line's `--bundle --minify --platform=browser --format=esm --splitting`). */
export const BROWSER_BUNDLE = { bundle: true, minify: true, platform: "browser", format: "esm", splitting: true } as const;

/** Some of a bundle's files, taken together. */
export interface BundlePart {
  text: string;
  /** Minified size in bytes. */
  bytes: number;
  /** Size once gzipped (level 9). */
  gzipBytes: number;
  /** The files whose code is in it (at least one byte of it), relative to the repository root. */
  inputs: string[];
}

/** What a page loads before the app runs (the entry and what it imports statically), and what it may load later. */
export interface Bundle extends BundlePart {
  /** The chunks only dynamic imports reach. */
  lazy: BundlePart;
}

export interface BundleOptions {
  /** Resolve the workspace packages to their TypeScript source ("@mrtr/source") instead of dist/. */
  source?: boolean;
  /** The folder imports resolve from (default: the repository root). */
  resolveDir?: string;
}

function part(files: OutputFile[], outputs: Metafile["outputs"], paths: string[]): BundlePart {
  const chosen = files.filter((f) => paths.some((p) => f.path.endsWith(p.replace(/^out\//, "/"))));
  const text = chosen.map((f) => f.text).join("\n");
  const bytes = chosen.reduce((n, f) => n + f.contents.byteLength, 0);
  const inputs = [...new Set(paths.flatMap((p) => Object.entries(outputs[p]!.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path)))];
  return { text, bytes, gzipBytes: bytes === 0 ? 0 : gzipSync(Buffer.concat(chosen.map((f) => f.contents)), { level: 9 }).byteLength, inputs };
}

/** Bundles `contents` (a TypeScript module). */
export async function bundleApp(contents: string, options: BundleOptions = {}): Promise<Bundle> {
  const result = await build({
    ...BROWSER_BUNDLE,
    stdin: { contents, resolveDir: options.resolveDir ?? repoRoot, loader: "ts", sourcefile: "app.ts" },
    absWorkingDir: repoRoot,
    outdir: "out",
    ...(options.source && { conditions: ["@mrtr/source"] }),
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const js = Object.keys(outputs).filter((p) => p.endsWith(".js"));
  const entry = js.find((p) => outputs[p]!.entryPoint !== undefined)!;
  // The entry and every chunk reached by static imports from it: what loads before the app runs.
  const eager = new Set([entry]);
  for (const p of eager) for (const i of outputs[p]!.imports) if (i.kind === "import-statement" && !i.external) eager.add(i.path);
  const files = result.outputFiles.filter((f) => f.path.endsWith(".js"));
  return { ...part(files, outputs, [...eager]), lazy: part(files, outputs, js.filter((p) => !eager.has(p))) };
}

/** `78.5 kB`. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
