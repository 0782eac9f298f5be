/**
 * Where a `RedisTaskStore` keeps tasks in Redis, all under one prefix
 * (default `mrtr:task:`):
 *
 * - `<prefix>r:{<H(task id)>}`: the task, a hash of three fields: `d` (the
 *   record's JSON), `v` (its version), `e` (its `expiresAt`), with a key
 *   expiry that ends it once `expiresAt` has passed;
 * - `<prefix>o:{<H(owner)>}`: the owner's tasks (its holder's: `holder`,
 *   else `owner`), a sorted set of task hashes scored by `expiresAt`, living
 *   as long as the owner's last task;
 * - `<prefix>written`: the pub/sub channel every write is announced on (the
 *   message is the task id).
 *
 * `H` is base64url(SHA-256(label ‖ value)) with a label of its own per kind,
 * so neither a task id nor an owner is ever a key as it is.
 *
 * Redis Cluster: each key's hash tag is its own hash, so every task lands on
 * a slot of its own and so does every owner's set: tasks spread over every
 * shard, and so do owners. Each script touches one key (task-scripts.ts), so
 * each is atomic on the node that owns that key's slot:
 *
 * - `get` and `update` touch only the task's key (its slot);
 * - `create` is two scripts in a fixed order: first the owner's set (its
 *   slot) counts the owner's unexpired tasks and reserves a place for the new
 *   one, or refuses; only then is the task stored on its own slot. The count
 *   and the reservation are one atomic step, so two instances creating for
 *   one owner at once can never both take its last place: an owner never
 *   holds more than `maxPerOwner` tasks. A reservation whose task was not
 *   stored (Redis failed between the two steps) can only count too many,
 *   never too few: it is taken back when the task's script certainly did not
 *   run (never sent, or refused by Redis), else kept until the task's
 *   `expiresAt` (it may have landed).
 *
 * One owner's set is one key, so one slot: all of that owner's creates count
 * on one shard (a small sorted set, at most `maxPerOwner` members), while its
 * tasks themselves spread. The channel is an ordinary (not sharded) one,
 * delivered on every node.
 *
 * Before this layout every key carried the one hash tag `{tasks}`
 * (`<prefix>{tasks}:r:…`, `<prefix>{tasks}:o:…`), which kept a Cluster's
 * whole store on one shard. Those keys are neither read nor migrated: tasks
 * in flight when a store is upgraded are lost (they expire by themselves).
 * The prefix may not hold braces, which would replace the tags.
 */
import { checkPrefix, labelledHash } from "../hashed-key.js";

/** The prefix unless told otherwise. */
export const DEFAULT_TASK_KEY_PREFIX = "mrtr:task:";

const TASK_LABEL = "mrtr/task-store/v1/task\0";
const OWNER_LABEL = "mrtr/task-store/v1/owner\0";

/** The names a store uses under one prefix. */
export interface TaskKeys {
  /** The hash that stands for `taskId` (the member of its owner's set, the hash tag of its key). */
  taskHash(taskId: string): string;
  /** The key of the task whose hash is `hash`: on the slot of that hash. */
  record(hash: string): string;
  /** The key of the set of `owner`'s tasks: on the slot of the owner's hash. */
  owner(owner: string): string;
  /** The channel writes are announced on. */
  readonly channel: string;
}

/** The keys under `prefix`; throws `RangeError` for a prefix that is not 1 to 128 printable ASCII characters without spaces or braces. */
export function taskKeys(prefix: unknown): TaskKeys {
  const checked = checkPrefix(
    prefix,
    "RedisTaskStore: keyPrefix",
    "the store gives each task and each owner a hash tag of its own, and one in the prefix would put every key in one Redis Cluster slot",
  );
  return {
    taskHash: (taskId) => labelledHash(TASK_LABEL, taskId),
    record: (hash) => `${checked}r:{${hash}}`,
    owner: (owner) => `${checked}o:{${labelledHash(OWNER_LABEL, owner)}}`,
    channel: `${checked}written`,
  };
}
