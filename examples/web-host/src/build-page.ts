/**
 * Bundles the page with esbuild: src/page/main.ts becomes app.js and the
 * login callback's script callback.js (minified ES modules, linked source
 * maps), and public/ (index.html, callback.html, style.css) is copied beside
 * them. The packages are bundled from their source (the "@mrtr/source"
 * condition), as the tests run them, so the page never uses a stale build.
 */
import { copyFile, mkdir, readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** Where `npm run build` writes the page. */
export const DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));

const PUBLIC_DIR = fileURLToPath(new URL("../public/", import.meta.url));
const PAGE_DIR = fileURLToPath(new URL("./page/", import.meta.url));

/** The size of one file the page loads. */
export interface FileSize {
  name: string;
  bytes: number;
  gzipBytes: number;
}

/** Builds the page into `outdir` (emptied first); returns the size of each file it serves, source maps aside. */
export async function buildPage(outdir: string = DIST_DIR): Promise<FileSize[]> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: { app: join(PAGE_DIR, "main.ts"), callback: join(PAGE_DIR, "login-callback.ts") },
    outdir,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: "linked",
    conditions: ["@mrtr/source"],
    legalComments: "none",
    logLevel: "warning",
  });
  for (const name of await readdir(PUBLIC_DIR)) await copyFile(join(PUBLIC_DIR, name), join(outdir, name));
  const sizes: FileSize[] = [];
  for (const name of (await readdir(outdir)).sort()) {
    if (name.endsWith(".map")) continue;
    const bytes = await readFile(join(outdir, name));
    sizes.push({ name, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes;
}

/** The sizes as lines of a table, largest first. */
export function sizeTable(sizes: FileSize[]): string[] {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return [...sizes]
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${s.name.padEnd(14)} ${String(s.bytes).padStart(8)} bytes (${kib(s.bytes)}), gzip ${String(s.gzipBytes).padStart(7)} bytes (${kib(s.gzipBytes)})`);
}
