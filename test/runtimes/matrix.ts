/**
 * The runtime matrix the runtime suites share: which runtimes, the command
 * that runs one of our TypeScript fixtures on each (always against the
 * packages' built dist/, what users get: no "@mrtr/source" condition
 * anywhere), the skip-or-fail rule for a runtime that cannot be installed,
 * and the child processes (started once per file, stopped by pid).
 *
 * - node20 is the system node (the baseline, the one the tests run on);
 *   node22 and node24 are pinned binaries from .cache/runtimes. Node runs a
 *   .ts fixture through tsx (a loader only: our packages still resolve to
 *   dist/ through their `default` export condition).
 * - Bun runs the .ts fixture itself and resolves node_modules.
 * - Deno runs it with `--node-modules-dir=manual` (the root node_modules,
 *   never modified) and `--unstable-sloppy-imports` (our fixtures import
 *   siblings as `./x.js`, as the repository's TypeScript does).
 *
 * Missing runtime: with MRTR_RUNTIMES_REQUIRED=1 (CI) it is a failure of
 * every test of that runtime, with the reason; otherwise its tests are
 * skipped and the describe's title names what is missing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ensureRuntime, RUNTIMES, type RuntimeName } from "./install.js";
import { repoRoot } from "../helpers/paths.js";

/** A runtime of these suites: the system node or one installed by install.ts (miniflare has its own suite). */
export type MatrixRuntime = "node20" | Exclude<RuntimeName, "miniflare">;

/** Every runtime of the matrix, the baseline first. */
export const MATRIX: readonly MatrixRuntime[] = ["node20", "node22", "node24", "bun", "deno"];

/** Whether a runtime that cannot be installed fails the suite (CI sets it) rather than skipping. */
export const REQUIRED = process.env.MRTR_RUNTIMES_REQUIRED === "1";

/** A runtime as a suite sees it: how to run a fixture on it, or why it cannot. */
export interface Runtime {
  name: MatrixRuntime;
  /** The pinned version (npm spec), or the system node's version. */
  version: string;
  /** Set when the runtime is missing and not required: the suite skips, naming it. */
  skip?: string;
  /** Set when the runtime is missing and required: every use throws this. */
  missing?: string;
  /** The binary, when available. */
  binary?: string;
}

/** The packages' dist/ must exist: these suites run what users install. */
export function distMissing(): string | undefined {
  const lacking = ["server", "client", "schema", "internal", "zod", "legacy"].filter((p) => !existsSync(join(repoRoot, "packages", p, "dist", "index.js")));
  return lacking.length === 0 ? undefined : `packages without dist/ (${lacking.join(", ")}): run \`npm run build\` first`;
}

/**
 * Whether this is `npm run test:runtimes` (its vitest.config.ts sets
 * MRTR_RUNTIMES_SUITE): the repository's main vitest run also collects
 * test/**, and leaves the matrix (its installs and processes) to this suite.
 */
export const IN_SUITE = process.env.MRTR_RUNTIMES_SUITE === "1";

/** Finds (installing on first use) one runtime of the matrix. */
export function runtime(name: MatrixRuntime): Runtime {
  if (!IN_SUITE) return { name, version: "-", skip: "the runtime matrix runs in `npm run test:runtimes`" };
  if (name === "node20") return { name, version: `system node ${process.version}`, binary: process.execPath };
  const version = RUNTIMES[name].spec;
  const found = ensureRuntime(name);
  if ("path" in found) return { name, version, binary: found.path };
  return REQUIRED ? { name, version, missing: `${found.skip} (MRTR_RUNTIMES_REQUIRED=1: a missing runtime fails)` } : { name, version, skip: found.skip };
}

/** A describe title: the runtime, and what is missing when it is skipped. */
export function titleOf(rt: Runtime): string {
  return rt.skip === undefined ? `${rt.name} (${rt.version})` : `${rt.name}: skipped, ${rt.skip}`;
}

/** The command line that runs the TypeScript file `file` (repository-relative) on `rt`. */
export function commandOf(rt: Runtime, file: string): { command: string; args: string[] } {
  if (rt.missing !== undefined) throw new Error(rt.missing);
  if (rt.binary === undefined) throw new Error(`${rt.name}: not available (${rt.skip})`);
  const path = join(repoRoot, file);
  if (rt.name === "bun") return { command: rt.binary, args: [path] };
  if (rt.name === "deno") return { command: rt.binary, args: ["run", "-A", "--node-modules-dir=manual", "--unstable-sloppy-imports", path] };
  return { command: rt.binary, args: ["--import", "tsx", path] };
}

/** A fixture process started by a suite. */
export interface Running {
  child: ChildProcess;
  /** The line it printed when ready, after the marker. */
  ready: string;
  /** Everything it wrote to stderr, for failure messages. */
  stderr(): string;
  /** Stops it by its pid (SIGTERM, then SIGKILL), resolving once it exited. */
  stop(): Promise<void>;
}

/**
 * Starts `file` on `rt` with `env`, resolving with the rest of the first
 * stdout line that starts with `marker` (a fixture prints its URL so);
 * rejects with its stderr when it exits first or stays silent past `ms`.
 */
export function start(rt: Runtime, file: string, env: Record<string, string>, marker = "listening ", ms = 60_000): Promise<Running> {
  const { command, args } = commandOf(rt, file);
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${rt.name}: ${file} printed no "${marker}" line within ${ms} ms\n${err}`));
    }, ms);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n").find((l) => l.startsWith(marker));
      if (line !== undefined) {
        clearTimeout(timer);
        resolve({ child, ready: line.slice(marker.length).trim(), stderr: () => err, stop });
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${rt.name}: ${file} exited (${code ?? signal}) before it was ready\n${err}`));
    });
  });
}

/** Stops a child by its pid: SIGTERM, SIGKILL after 5 s; resolves once it exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      try {
        process.kill(child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(child.pid!, "SIGTERM");
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

/**
 * Runs `file` on `rt` with `env` until it prints a line `result <json>` (a
 * client script reports so), then stops it by pid and resolves with the
 * parsed JSON; rejects with its output when it exits first or stays silent
 * past `ms`. Not waiting for the script to exit by itself keeps what a
 * runtime leaves pending after `close()` (a timer it keeps the process alive
 * for) out of these checks; the report of issue 39 names the one found.
 */
export async function runJson<T>(rt: Runtime, file: string, env: Record<string, string>, ms = 90_000): Promise<T> {
  const running = await start(rt, file, env, "result ", ms);
  await running.stop();
  try {
    return JSON.parse(running.ready) as T;
  } catch (error) {
    throw new Error(`${rt.name}: ${file} printed a result that is not JSON (${String(error)}): ${running.ready}\nstderr: ${running.stderr()}`);
  }
}

/** Waits until `predicate` holds, polling; throws naming `what` after `ms`. */
export async function until(predicate: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
