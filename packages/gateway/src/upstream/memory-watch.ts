/**
 * Watching a stdio upstream's resident memory: on Linux, its
 * `/proc/<pid>/status` VmRSS is read every second while it runs; past its
 * limit, the watcher says so once and stops. Where there is no `/proc`
 * (macOS, Windows) nothing is watched.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";

/** How often the memory is read, in ms. */
export const MEMORY_CHECK_MS = 1_000;

let procAvailable: boolean | undefined;

/** Whether this system shows processes' memory in `/proc` (Linux). */
export function canWatchMemory(): boolean {
  procAvailable ??= existsSync("/proc/self/status");
  return procAvailable;
}

/** The resident memory of process `pid`, in MiB; undefined when it cannot be read (no `/proc`, the process gone). */
export async function residentMb(pid: number): Promise<number | undefined> {
  if (!canWatchMemory()) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s*(\d+)\s*kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * Reads `pid`'s resident memory every `everyMs` (timer unref'd) and calls
 * `onExceeded` once, with the MiB it uses, when it is over `limitMb`.
 * Returns the function that stops watching.
 */
export function watchMemory(pid: number, limitMb: number, onExceeded: (rssMb: number) => void, everyMs = MEMORY_CHECK_MS): () => void {
  if (!canWatchMemory()) return () => undefined;
  let reading = false;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    void residentMb(pid).then((rss) => {
      reading = false;
      if (stopped || rss === undefined || rss <= limitMb) return;
      stop();
      onExceeded(rss);
    });
  }, everyMs);
  timer.unref();
  return stop;
}
