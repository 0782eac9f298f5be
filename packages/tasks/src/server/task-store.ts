/**
 * Where tasks live: the record of each task and the interface a store
 * implements. Every instance of a server reads and writes the same store, so
 * a task created on one instance is polled, answered and cancelled through
 * any other. The in-memory store serves one process; `RedisTaskStore` from
 * @mrtr/redis/tasks serves a fleet.
 *
 * A store keeps records as opaque JSON-safe values: it decides nothing about
 * tasks beyond three rules every implementation keeps: a write lands only on
 * the version it was computed from (`update`), a record is gone once its
 * `expiresAt` has passed (never before), and `create` refuses a holder
 * (`holder`, else `owner`) already holding `maxPerOwner` unexpired tasks. A store in process memory
 * also keeps a budget (docs/architecture.md, "Fair shares"): a write that
 * would not fit it resolves `"full"`.
 */
import type { InputRequests } from "@mrtr/schema";
import type { TaskStatus } from "../schema/types.gen.js";

/** The JSON-RPC error of a failed task. */
export interface TaskError {
  /** The JSON-RPC error code. */
  code: number;
  /** The error's message. */
  message: string;
  /** The error's `data`, if any. */
  data?: unknown;
}

/** One task as stored. Times are milliseconds since the epoch, by the clock of the instance that wrote them. */
export interface TaskRecord {
  /** The task's id: 128 random bits, base64url. A bearer of it still has to be its owner. */
  taskId: string;
  /** The principal that created it ("" when the server has none): only it may read, answer or cancel the task. */
  owner: string;
  /**
   * Whom the task counts against for `maxPerOwner` and a store's budget: the
   * creating caller's fair-share owner (its principal, or, for a caller
   * without one, its peer: docs/architecture.md, "Fair shares"). Absent:
   * `owner`.
   */
  holder?: string;
  /** Where it stands: working, input_required, completed, failed or cancelled. */
  status: TaskStatus;
  /** Words about where it stands, for people (progress messages land here). */
  statusMessage?: string;
  /** When it was created. */
  createdAt: number;
  /** When it last changed. */
  lastUpdatedAt: number;
  /** How long after `createdAt` the task is kept (the wire's `ttlMs`). */
  ttlMs: number;
  /** `createdAt + ttlMs`: after it the store forgets the task. */
  expiresAt: number;
  /** The polling interval suggested to clients. */
  pollIntervalMs: number;
  /**
   * Until when the instance running the task vouches for it; it renews this
   * while the handler runs. A task that is not terminal past its lease lost
   * its instance and is failed by whoever reads it next.
   */
  leaseUntil: number;
  /** Questions outstanding, by key (status `input_required` while any is). */
  inputRequests: InputRequests;
  /** Answers `tasks/update` delivered (already checked), not yet taken by the running handler, by key. */
  delivered: Record<string, unknown>;
  /** Every key ever asked: a key names one question over the task's whole life. */
  asked: string[];
  /** The final result, when `completed`. */
  result?: Record<string, unknown>;
  /** The JSON-RPC error, when `failed`. */
  error?: TaskError;
  /** Incremented by every write; `update` lands only on the version it read. */
  version: number;
}

/** What a store implements. Every method may reject when the store is unreachable. */
export interface TaskStore {
  /**
   * Stores a new task (version 1) and resolves once a `get` on any instance
   * finds it. Resolves false, storing nothing, when its holder
   * (`record.holder ?? record.owner`) already holds `maxPerOwner` unexpired tasks; `"full"`, storing nothing, when the
   * store keeps a memory budget (`MemoryTaskStore`) and the task does not
   * fit its owner's share or the budget in all.
   */
  create(record: TaskRecord, limits: { maxPerOwner: number }): Promise<boolean | "full">;
  /** The task, or undefined when there is none of that id or it has expired. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Replaces the task with `next` (whose `version` is the stored one plus one)
   * when the stored version is still `next.version - 1`; resolves false,
   * writing nothing, when another write came first or the task is gone;
   * `"full"`, writing nothing, when the store keeps a memory budget and
   * `next` (a result, usually) does not fit its owner's share or the budget
   * in all.
   */
  update(next: TaskRecord): Promise<boolean | "full">;
  /**
   * Calls `listener` with the id of every task written (on any instance that
   * shares the store) from now on, until the returned function is called.
   */
  subscribe(listener: (taskId: string) => void): () => void;
  /** Releases what the store holds (connections, timers). */
  close?(): Promise<void>;
}

/** Whether a status is terminal: the task will not change again. */
export function isTerminal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** Whom a task counts against: its `holder`, else its `owner`. */
export function holderOf(record: TaskRecord): string {
  return record.holder ?? record.owner;
}
