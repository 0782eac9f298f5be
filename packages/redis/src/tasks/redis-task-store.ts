/**
 * A `TaskStore` on Redis: every server instance sharing one Redis sees the
 * same tasks, so a task created on one instance is polled, answered and
 * cancelled through any other, and every write is announced to the
 * listeners of every instance.
 *
 * Each Lua script (task-scripts.ts) touches one key of task-keys.ts, so the
 * store spreads over a Redis Cluster's slots (a slot per task, a slot per
 * owner): `get` reads the task's key; `update` is a compare-and-set on the
 * version, on the task's key; `create` is two steps in a fixed order, first
 * counting the owner's unexpired tasks and reserving the new one's place in
 * one atomic script on the owner's set (or refusing), then storing the task
 * on its own key. Reserving first means an owner never holds more than
 * `maxPerOwner` tasks; a place reserved for a task that was not stored is
 * given back when the task's script certainly did not run (withdrawn before
 * it was sent, or refused by Redis) and otherwise kept until the task's
 * `expiresAt` (it may have landed): Redis failing between the steps can make
 * the count too high for a while, never too low. Writes publish the task id
 * on the store's channel in the task's script. A record is stored with a key
 * expiry of `expiresAt - now` (rounded up, sent as a duration), so it is gone
 * once `expiresAt` has passed and never before; reads and writes also treat
 * it as gone from `expiresAt` on by the caller's clock.
 *
 * Failure policy: each call waits at most `timeoutMs`, then rejects with
 * `TaskStoreUnavailableError`, as does any error Redis answers; a command not
 * yet sent is withdrawn (abort signal). Records are bounded both ways: a
 * record whose JSON is larger than `maxRecordBytes` is refused on write, and
 * one found larger in Redis is never transferred nor parsed.
 */
import type { TaskRecord, TaskStore } from "@mrtr/tasks/server";
import { TaskRecordTooLargeError, TaskStoreUnavailableError, type TaskStoreOperation } from "../errors.js";
import { runWithin, stepsWithin, type LuaScript, type ScriptCommands } from "../lua-script.js";
import { TaskAnnouncements, type RedisSubscriberClient } from "./task-announcements.js";
import { DEFAULT_TASK_KEY_PREFIX, taskKeys, type TaskKeys } from "./task-keys.js";
import { GET, RELEASE, RESERVE, STORE, UPDATE } from "./task-scripts.js";

/**
 * The part of a node-redis client or cluster the store uses: what
 * `createClient()` and `createCluster()` of `redis` or `@redis/client` return.
 */
export interface RedisTaskClient {
  /** The client with per-command options (abort signal, timeout): what the store runs its scripts through. */
  withCommandOptions(options: { abortSignal: AbortSignal; timeout: number; typeMapping: {} }): ScriptCommands;
  /** A new connection with the same options, for the subscription. */
  duplicate(): RedisSubscriberClient;
}

/** Options of {@link RedisTaskStore}. */
export interface RedisTaskStoreOptions {
  /**
   * A connected node-redis client or cluster you own (`createClient()` /
   * `createCluster()` of `redis` or `@redis/client`): you connect it, listen
   * to its "error" events and close it. The store opens one duplicate of it
   * for its subscription while it has listeners.
   */
  client: RedisTaskClient;
  /** Prefix of every key and of the channel (default `mrtr:task:`): 1 to 128 printable ASCII characters, no spaces or braces. */
  keyPrefix?: string;
  /** Longest wait for Redis per call, in ms (default 1000, from 1 to 60 000). */
  timeoutMs?: number;
  /** Largest record, in UTF-8 bytes of its JSON (default 2 MiB, at most 512 MiB); the same on every instance. */
  maxRecordBytes?: number;
  /** Errors of the subscription's connection (lost, reconnecting). Default: ignored; a throwing hook is ignored. */
  onError?: (error: unknown) => void;
  /** Clock in ms since the epoch (default `Date.now`); for tests. */
  now?: () => number;
}

/** Largest record unless told otherwise: 2 MiB. */
export const DEFAULT_MAX_RECORD_BYTES = 2 * 1024 * 1024;

/** A {@link TaskStore} whose tasks live in Redis, shared by every server instance that uses it. */
export class RedisTaskStore implements TaskStore {
  readonly #client: RedisTaskClient;
  readonly #keys: TaskKeys;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  readonly #announcements: TaskAnnouncements;

  /** Throws `RangeError` for a missing client or options out of range. */
  constructor(options: RedisTaskStoreOptions) {
    const { client, keyPrefix = DEFAULT_TASK_KEY_PREFIX, timeoutMs = 1000, maxRecordBytes = DEFAULT_MAX_RECORD_BYTES, onError, now = Date.now } = options ?? {};
    if (typeof client !== "object" || client === null || typeof client.withCommandOptions !== "function" || typeof client.duplicate !== "function") {
      throw new RangeError("RedisTaskStore: `client` must be a connected node-redis client or cluster (createClient() / createCluster() of `redis` or `@redis/client`).");
    }
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw new RangeError("RedisTaskStore: timeoutMs must be a whole number of ms from 1 to 60000.");
    if (!Number.isSafeInteger(maxRecordBytes) || maxRecordBytes < 1 || maxRecordBytes > 512 * 1024 * 1024) {
      throw new RangeError("RedisTaskStore: maxRecordBytes must be a whole number of bytes from 1 to 536870912 (Redis's largest string).");
    }
    if (onError !== undefined && typeof onError !== "function") throw new RangeError("RedisTaskStore: onError must be a function.");
    if (typeof now !== "function") throw new RangeError("RedisTaskStore: now must be a function returning ms since the epoch.");

    this.#client = client;
    this.#keys = taskKeys(keyPrefix);
    this.#timeoutMs = timeoutMs;
    this.#maxBytes = maxRecordBytes;
    this.#now = now;
    const reportError = (error: unknown) => {
      try {
        onError?.(error);
      } catch {
        // a failing hook must not change the store's behaviour
      }
    };
    this.#announcements = new TaskAnnouncements(this.#keys.channel, () => client.duplicate(), reportError);
  }

  /**
   * Stores `record` at version 1; false, storing nothing, when its holder
   * (`holder`, else `owner`) already holds `maxPerOwner` unexpired tasks.
   * Two steps (task-keys.ts): the place in the holder's set, counted and
   * reserved atomically on its slot, then the task on its own slot.
   */
  async create(record: TaskRecord, limits: { maxPerOwner: number }): Promise<boolean> {
    const json = this.#encode("create", { ...record, version: 1 });
    const now = this.#now();
    const hash = this.#keys.taskHash(record.taskId);
    const ownerKey = this.#keys.owner(record.holder ?? record.owner);
    const expiresAt = String(record.expiresAt);
    const ttl = String(Math.ceil(record.expiresAt - now));
    const reply = await stepsWithin(
      this.#client,
      this.#timeoutMs,
      async (commands, abortSignal) => {
        const reserved = await RESERVE.run(commands, [ownerKey], [String(now), expiresAt, ttl, String(limits.maxPerOwner), hash]);
        if (reserved !== 1 && reserved !== 2) return reserved;
        // A place this call took is given back if the task is certainly not stored; one taken by an earlier send of this create is left alone.
        const giveBack = reserved === 1 ? () => this.#release(ownerKey, hash) : () => {};
        if (abortSignal.aborted) {
          // The time is up (the caller already has its error): the task is not sent.
          giveBack();
          throw abortSignal.reason;
        }
        const stored = STORE.run(commands, [this.#keys.record(hash)], [expiresAt, ttl, json, this.#keys.channel, record.taskId]);
        stored.catch((error: unknown) => {
          if (certainlyNotRun(error)) giveBack();
        });
        return stored;
      },
      this.#unavailable("create"),
    );
    return reply === 1;
  }

  /** The task, or undefined when there is none of that id or it has expired (by this store's clock). */
  async get(taskId: string): Promise<TaskRecord | undefined> {
    const now = this.#now();
    const reply = await this.#run("get", GET, [this.#keys.record(this.#keys.taskHash(taskId))], [String(now), String(this.#maxBytes)]);
    if (reply === null || reply === undefined) return undefined;
    if (typeof reply === "number") throw new TaskRecordTooLargeError("get", reply, this.#maxBytes);
    if (typeof reply !== "string") throw new TaskStoreUnavailableError("get", this.#timeoutMs, { cause: new Error(`the get script answered ${typeof reply}, not a string`) });
    let record: TaskRecord;
    try {
      record = JSON.parse(reply) as TaskRecord;
    } catch (cause) {
      throw new Error("RedisTaskStore get: the stored task record is not JSON; is something other than RedisTaskStore writing under this keyPrefix?", { cause });
    }
    return record.expiresAt <= now ? undefined : record;
  }

  /** Replaces the task with `next` when the stored version is still `next.version - 1`; false when another write came first or it is gone. */
  async update(next: TaskRecord): Promise<boolean> {
    if (!Number.isSafeInteger(next.version) || next.version < 2) return false;
    const json = this.#encode("update", next);
    const reply = await this.#run("update", UPDATE, [this.#keys.record(this.#keys.taskHash(next.taskId))], [
      String(this.#now()),
      String(next.version - 1),
      String(next.version),
      json,
      this.#keys.channel,
      next.taskId,
    ]);
    return reply === 1;
  }

  /** Calls `listener` with the id of every task written from now on by any store on this prefix, until the returned function is called. */
  subscribe(listener: (taskId: string) => void): () => void {
    return this.#announcements.add(listener);
  }

  /** Drops every listener and closes the subscription's connection; the client you passed stays open. */
  async close(): Promise<void> {
    this.#announcements.close();
  }

  #encode(operation: TaskStoreOperation, record: TaskRecord): string {
    const json = JSON.stringify(record);
    // A UTF-16 unit is at most 3 UTF-8 bytes, so only long strings need counting.
    const bytes = json.length * 3 <= this.#maxBytes ? json.length : Buffer.byteLength(json, "utf8");
    if (bytes > this.#maxBytes) throw new TaskRecordTooLargeError(operation, bytes, this.#maxBytes);
    return json;
  }

  /** One script within `timeoutMs`; every failure is a `TaskStoreUnavailableError`. */
  async #run(operation: TaskStoreOperation, script: LuaScript, keys: string[], args: string[]): Promise<unknown> {
    return runWithin(this.#client, this.#timeoutMs, script, keys, args, this.#unavailable(operation));
  }

  /** The error of `operation` for a timeout or Redis's failure. */
  #unavailable(operation: TaskStoreOperation): (reason: "timeout" | "error", cause?: unknown) => Error {
    return (reason, cause) =>
      reason === "timeout" ? new TaskStoreUnavailableError(operation, this.#timeoutMs) : new TaskStoreUnavailableError(operation, this.#timeoutMs, { cause });
  }

  /** Gives back, in the background, the place reserved in `ownerKey` for the task `hash`: best effort, a failure leaves it until it expires. */
  #release(ownerKey: string, hash: string): void {
    this.#run("create", RELEASE, [ownerKey], [hash]).catch(() => {});
  }
}

/**
 * Whether a script's failure means it certainly did not run: node-redis's
 * `AbortError` (withdrawn from the queue before it was written) or an
 * `ErrorReply` (Redis refused it or stopped it at its first write, as out of
 * memory does). Anything else (a timeout, a lost connection) may have
 * followed its landing.
 */
function certainlyNotRun(error: unknown): boolean {
  for (let type: unknown = (error as { constructor?: unknown } | null)?.constructor; typeof type === "function" && type !== Error; type = Object.getPrototypeOf(type)) {
    if (type.name === "AbortError" || type.name === "ErrorReply") return true;
  }
  return false;
}
