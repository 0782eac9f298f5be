/**
 * Child processes for tests that need a real peer in another process: each
 * runs a TypeScript file with tsx on the packages' source (the "@mrtr/source"
 * export condition), never on a possibly stale dist/.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { repoRoot } from "./paths.js";

/** Node arguments that run `file` (a .ts path) on source. */
export function sourceArgs(file: string): string[] {
  return ["--conditions=@mrtr/source", "--import", "tsx", file];
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * Starts `file` on source with `env`, resolving once it prints `ready`
 * (default "listening") on stdout; rejects if it exits first.
 */
export function startProcess(file: string, env: Record<string, string>, ready = "listening"): Promise<ChildProcess> {
  const child = spawn(process.execPath, sourceArgs(file), {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (d: Buffer) => {
      seen += d.toString();
      if (seen.includes(ready)) resolve(child);
    });
    child.on("exit", (code, signal) => reject(new Error(`${file} exited (${code ?? signal}) before it was ready`)));
  });
}

/** Resident set size of a Linux process in bytes (from /proc), or undefined elsewhere. */
export async function rssOf(pid: number): Promise<number | undefined> {
  try {
    const { readFile } = await import("node:fs/promises");
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}
