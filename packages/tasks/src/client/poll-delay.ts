/**
 * How long the client waits between two requests about a task: the
 * server's `pollIntervalMs` kept within [minPollMs, maxPollMs], a gentle
 * back-off when it suggests none, a doubling one after a failure; and the
 * wait itself, which the call's signal cuts short (rejecting) and an answer
 * sent may end early (the next poll then comes at once).
 */
import type { Task } from "../schema/types.gen.js";
import type { TasksClientSettings } from "./options.js";

/** The wait before the next poll; `unsuggested` counts the polls so far whose task named no interval. */
export function pollDelay(task: Task, unsuggested: number, s: TasksClientSettings): number {
  const suggested = task.pollIntervalMs;
  const ms = typeof suggested === "number" ? suggested : s.initialPollMs * 1.5 ** unsuggested;
  return Math.min(s.maxPollMs, Math.max(s.minPollMs, ms));
}

/** The wait before retrying after `failures` failures in a row (0 for the first). */
export function retryDelay(failures: number, s: TasksClientSettings): number {
  return Math.min(s.maxPollMs, s.minPollMs * 2 ** (failures + 1));
}

/** Waits `ms`; rejects with the signal's reason when it aborts; `onWake` receives a function that ends the wait early. */
export function wait(ms: number, signal: AbortSignal, onWake?: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", abort, { once: true });
    onWake?.(done);
  });
}
