/**
 * Where a `RedisTaskStore` keeps tasks in Redis, all under one prefix
 * (default `mrtr:task:`):
 *
 * - `<prefix>{tasks}:r:<H(task id)>`: the task, a hash of three fields:
 *   `d` (the record's JSON), `v` (its version), `e` (its `expiresAt`), with a
 *   key expiry that ends it once `expiresAt` has passed;
 * - `<prefix>{tasks}:o:<H(owner)>`: the owner's tasks, a sorted set of task
 *   hashes scored by `expiresAt`, living as long as the owner's last task;
 * - `<prefix>written`: the pub/sub channel every write is announced on (the
 *   message is the task id).
 *
 * `H` is base64url(SHA-256(label ‖ value)) with a label of its own per kind,
 * so neither a task id nor an owner is ever a key as it is.
 *
 * Redis Cluster: `create` counts the owner's tasks and stores the task in one
 * script, and a `get` knows only the task id, so the task and its owner's set
 * must share a slot without either key being derivable from the other. The
 * hash tag `{tasks}` puts every key of the store in one slot: the store works
 * on a Cluster, on the one shard that owns that slot (tasks do not spread
 * over shards). The prefix may not hold braces, which would replace the tag.
 */
import { checkPrefix, labelledHash } from "../hashed-key.js";

/** The prefix unless told otherwise. */
export const DEFAULT_TASK_KEY_PREFIX = "mrtr:task:";

/** The hash tag every key carries after the prefix: one Redis Cluster slot for the whole store. */
export const TASK_SLOT_TAG = "{tasks}";

const TASK_LABEL = "mrtr/task-store/v1/task\0";
const OWNER_LABEL = "mrtr/task-store/v1/owner\0";

/** The names a store uses under one prefix. */
export interface TaskKeys {
  /** The hash that stands for `taskId` (the member of its owner's set, the tail of its key). */
  taskHash(taskId: string): string;
  /** The key of the task whose hash is `hash`. */
  record(hash: string): string;
  /** The key of the set of `owner`'s tasks. */
  owner(owner: string): string;
  /** The channel writes are announced on. */
  readonly channel: string;
}

/** The keys under `prefix`; throws `RangeError` for a prefix that is not 1 to 128 printable ASCII characters without spaces or braces. */
export function taskKeys(prefix: unknown): TaskKeys {
  const checked = checkPrefix(prefix, "RedisTaskStore: keyPrefix", `the store adds the hash tag ${TASK_SLOT_TAG} itself, and one in the prefix would replace it`);
  const base = checked + TASK_SLOT_TAG;
  return {
    taskHash: (taskId) => labelledHash(TASK_LABEL, taskId),
    record: (hash) => `${base}:r:${hash}`,
    owner: (owner) => `${base}:o:${labelledHash(OWNER_LABEL, owner)}`,
    channel: `${checked}written`,
  };
}
