/**
 * Bundles an app as a browser build would: esbuild with `--bundle --minify
 * --platform=browser --format=esm`, the settings every bundle size in this
 * repository is measured with (the client's bundle test, `npm run bench`).
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { repoRoot } from "./paths.js";

/** The esbuild options of a browser bundle (the command line's `--bundle --minify --platform=browser --format=esm`). */
export const BROWSER_BUNDLE = { bundle: true, minify: true, platform: "browser", format: "esm" } as const;

export interface Bundle {
  text: string;
  /** Minified size in bytes. */
  bytes: number;
  /** Size once gzipped (level 9). */
  gzipBytes: number;
  /** The files whose code is in the bundle (at least one byte of it), relative to the repository root. */
  inputs: string[];
}

export interface BundleOptions {
  /** Resolve the workspace packages to their TypeScript source ("@mrtr/source") instead of dist/. */
  source?: boolean;
  /** The folder imports resolve from (default: the repository root). */
  resolveDir?: string;
}

/** Bundles `contents` (a TypeScript module). */
export async function bundleApp(contents: string, options: BundleOptions = {}): Promise<Bundle> {
  const result = await build({
    ...BROWSER_BUNDLE,
    stdin: { contents, resolveDir: options.resolveDir ?? repoRoot, loader: "ts", sourcefile: "app.ts" },
    absWorkingDir: repoRoot,
    ...(options.source && { conditions: ["@mrtr/source"] }),
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const out = result.outputFiles[0]!;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path);
  return { text: out.text, bytes: out.contents.byteLength, gzipBytes: gzipSync(out.contents, { level: 9 }).byteLength, inputs };
}

/** `78.5 kB`. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
