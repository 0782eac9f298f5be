/**
 * The in-memory `TaskStore`: one process's tasks, the default. Records are
 * copied in and out (as a shared store would serialise them), expired ones
 * are forgotten when read and swept once a minute, and writes are announced
 * to subscribers on the next microtask.
 */
import type { TaskRecord, TaskStore } from "./task-store.js";

/** Options of `MemoryTaskStore`. */
export interface MemoryTaskStoreOptions {
  /** The clock (default `Date.now`). */
  now?: () => number;
  /** How often expired tasks are swept (default 60 000 ms). */
  sweepIntervalMs?: number;
}

const copy = (record: TaskRecord): TaskRecord => structuredClone(record);

export class MemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  /** The ids each owner holds, so counting them does not walk every task. */
  readonly #owned = new Map<string, Set<string>>();
  readonly #listeners = new Set<(taskId: string) => void>();
  readonly #now: () => number;
  #sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sweeper = setInterval(() => this.#sweep(), options.sweepIntervalMs ?? 60_000);
    (this.#sweeper as { unref?: () => void }).unref?.();
  }

  async create(record: TaskRecord, limits: { maxPerOwner: number }): Promise<boolean> {
    const owned = this.#owned.get(record.owner) ?? new Set<string>();
    for (const id of owned) this.#live(id);
    if (owned.size >= limits.maxPerOwner) return false;
    this.#tasks.set(record.taskId, copy({ ...record, version: 1 }));
    owned.add(record.taskId);
    this.#owned.set(record.owner, owned);
    this.#announce(record.taskId);
    return true;
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const task = this.#live(taskId);
    return task && copy(task);
  }

  async update(next: TaskRecord): Promise<boolean> {
    const task = this.#live(next.taskId);
    if (!task || task.version !== next.version - 1) return false;
    this.#tasks.set(next.taskId, copy(next));
    this.#announce(next.taskId);
    return true;
  }

  subscribe(listener: (taskId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
    this.#listeners.clear();
  }

  /** How many tasks are held (for tests and metrics). */
  get size(): number {
    this.#sweep();
    return this.#tasks.size;
  }

  #live(taskId: string): TaskRecord | undefined {
    const task = this.#tasks.get(taskId);
    if (task && task.expiresAt <= this.#now()) {
      this.#forget(task);
      return undefined;
    }
    return task;
  }

  #forget(task: TaskRecord): void {
    this.#tasks.delete(task.taskId);
    const owned = this.#owned.get(task.owner);
    owned?.delete(task.taskId);
    if (owned?.size === 0) this.#owned.delete(task.owner);
  }

  #sweep(): void {
    const now = this.#now();
    for (const task of this.#tasks.values()) if (task.expiresAt <= now) this.#forget(task);
  }

  #announce(taskId: string): void {
    queueMicrotask(() => {
      for (const listener of [...this.#listeners]) {
        try {
          listener(taskId);
        } catch {
          // A failing listener must not stop the others.
        }
      }
    });
  }
}
