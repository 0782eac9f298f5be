/**
 * The in-memory `TaskStore`: one process's tasks, the default. Records are
 * copied in and out (as a shared store would serialise them), expired ones
 * are forgotten when read and swept once a minute, and writes are announced
 * to subscribers on the next microtask.
 *
 * What it holds is process memory, so it keeps a budget (docs/architecture.md,
 * "Fair shares"): tasks and bytes (each record's JSON) in all, and bytes per
 * owner strictly less. When the store is full, the finished task used longest
 * ago of the owner holding the most is forgotten first (a result waiting to be
 * read; running tasks never); a write that still does not fit resolves
 * `"full"`.
 */
import { FairShare, isShareRefusal, utf8Length, type Hold } from "@mrtr/internal";
import { ServerDefinitionError } from "@mrtr/server";
import { holderOf, isTerminal, type TaskRecord, type TaskStore } from "./task-store.js";

/** Options of `MemoryTaskStore`. */
export interface MemoryTaskStoreOptions {
  /** The clock (default `Date.now`). */
  now?: () => number;
  /** How often expired tasks are swept (default 60 000 ms). */
  sweepIntervalMs?: number;
  /** Most tasks kept in all (default 100 000); each owner is also held to the extension's `maxTasksPerPrincipal`. */
  maxTasks?: number;
  /** Bytes of task records kept in all, as JSON (default 256 MiB). */
  maxBytes?: number;
  /** Bytes of one owner's task records (default 32 MiB, less than `maxBytes`): a result that does not fit fails its task, saying so. */
  maxBytesPerOwner?: number;
}

/** The defaults of {@link MemoryTaskStoreOptions}' budget. */
export const MEMORY_TASK_STORE_DEFAULTS = { maxTasks: 100_000, maxBytes: 256 * 1024 * 1024, maxBytesPerOwner: 32 * 1024 * 1024 } as const;

const copy = (record: TaskRecord): TaskRecord => structuredClone(record);
const sizeOf = (record: TaskRecord) => utf8Length(JSON.stringify(record));

export class MemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  /** The ids each holder holds, so counting them does not walk every task. */
  readonly #owned = new Map<string, Set<string>>();
  /** What each task holds of the budget. */
  readonly #holds = new Map<string, Hold>();
  readonly #budget: FairShare;
  readonly #listeners = new Set<(taskId: string) => void>();
  readonly #now: () => number;
  #sweeper: ReturnType<typeof setInterval> | undefined;

  /** Throws a `ServerDefinitionError` for a budget one owner could fill. */
  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    const maxTasks = options.maxTasks ?? MEMORY_TASK_STORE_DEFAULTS.maxTasks;
    const maxBytes = options.maxBytes ?? MEMORY_TASK_STORE_DEFAULTS.maxBytes;
    try {
      this.#budget = new FairShare({
        name: "stored tasks",
        total: maxTasks,
        // The count per owner is the extension's maxTasksPerPrincipal, checked first by create.
        perOwner: Math.max(1, maxTasks - 1),
        totalBytes: maxBytes,
        perOwnerBytes: options.maxBytesPerOwner ?? Math.min(MEMORY_TASK_STORE_DEFAULTS.maxBytesPerOwner, Math.floor(maxBytes / 2)),
        options: { total: "maxTasks", perOwner: "maxTasks", totalBytes: "maxBytes", perOwnerBytes: "maxBytesPerOwner" },
      });
    } catch (error) {
      throw new ServerDefinitionError(`MemoryTaskStore: ${(error as Error).message}`);
    }
    this.#sweeper = setInterval(() => this.#sweep(), options.sweepIntervalMs ?? 60_000);
    (this.#sweeper as { unref?: () => void }).unref?.();
  }

  async create(record: TaskRecord, limits: { maxPerOwner: number }): Promise<boolean | "full"> {
    const holder = holderOf(record);
    const owned = this.#owned.get(holder) ?? new Set<string>();
    for (const id of owned) this.#live(id);
    if (owned.size >= limits.maxPerOwner) return false;
    const stored = copy({ ...record, version: 1 });
    const taskId = stored.taskId;
    const hold = this.#budget.acquire(holder, { idle: () => this.#finished(taskId), evict: () => this.#evict(taskId) }, sizeOf(stored));
    if (isShareRefusal(hold)) return "full";
    this.#tasks.set(taskId, stored);
    this.#holds.set(taskId, hold);
    owned.add(taskId);
    this.#owned.set(holder, owned);
    this.#announce(taskId);
    return true;
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const task = this.#live(taskId);
    if (task) this.#holds.get(taskId)?.touch();
    return task && copy(task);
  }

  async update(next: TaskRecord): Promise<boolean | "full"> {
    const task = this.#live(next.taskId);
    if (!task || task.version !== next.version - 1) return false;
    const stored = copy(next);
    const hold = this.#holds.get(next.taskId);
    if (hold?.resize(sizeOf(stored))) return "full";
    hold?.touch();
    this.#tasks.set(next.taskId, stored);
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

  /** What the tasks hold of the budget: by holder (`holder`, else `owner`), or in all (for tests and metrics). */
  usage(owner?: string): {
    /** Tasks kept. */
    count: number;
    /** Bytes of their records, as JSON. */
    bytes: number;
  } {
    return this.#budget.usage(owner);
  }

  #live(taskId: string): TaskRecord | undefined {
    const task = this.#tasks.get(taskId);
    if (task && task.expiresAt <= this.#now()) {
      this.#forget(task);
      return undefined;
    }
    return task;
  }

  /** Whether a task only waits to be read (finished): the budget may forget it to make room. */
  #finished(taskId: string): boolean {
    const task = this.#tasks.get(taskId);
    return task !== undefined && isTerminal(task.status);
  }

  #evict(taskId: string): void {
    const task = this.#tasks.get(taskId);
    if (task) this.#forget(task);
  }

  #forget(task: TaskRecord): void {
    this.#tasks.delete(task.taskId);
    this.#holds.get(task.taskId)?.release();
    this.#holds.delete(task.taskId);
    const owned = this.#owned.get(holderOf(task));
    owned?.delete(task.taskId);
    if (owned?.size === 0) this.#owned.delete(holderOf(task));
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
