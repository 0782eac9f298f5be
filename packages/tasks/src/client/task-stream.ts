/**
 * The tasks one client follows, heard on one `subscriptions/listen` stream
 * (tasks.md "Task Status Notifications") instead of polled. The stream asks
 * for `taskIds` (at most `maxListenTaskIds`, the oldest first); the
 * acknowledgement says which the server agreed to, and only those are
 * "covered": their `notifications/tasks` states are handed to the task's
 * follower, which then polls only as a slow safety net. Everything else is
 * polled as without a stream: tasks left out, and every task while the
 * stream is down (those that lose coverage are woken to look at once).
 *
 * A filter cannot change mid-stream, so the stream is opened again when a
 * task joins (a short debounce: a burst of new tasks reopens once), closed
 * when no task is followed, and opened again after a growing wait when it
 * ends by itself. A server that does not offer task notifications (listen
 * refused, or an acknowledgement without `taskIds`) is not asked again by
 * this client. Notifications of tasks not covered, or malformed, are
 * dropped after one lookup; each message costs bounded work.
 */
import { JsonRpcError } from "@mrtr/client";
import type { ClientExtensionHost } from "@mrtr/client/plugin";
import { notificationChecks } from "../schema/check-tables.gen.js";
import type { DetailedTask } from "../schema/types.gen.js";
import { firstIssueOf } from "@mrtr/zod/checks";
import type { TasksClientSettings } from "./options.js";

/** How long a new task waits for others to join it before the stream is opened again (ms). */
const DEBOUNCE_MS = 20;
/** The first wait before opening a stream that ended by itself again (ms); it doubles with each failure, up to maxPollMs. */
const REOPEN_MS = 500;
/** A stream that lived this long (ms) ended normally: the next one opens after the first wait again. */
const LIVED_MS = 10_000;
/** Refusals that mean the server does not offer task notifications to this client. */
const NOT_OFFERED = new Set([-32601, -32600, -32021]);

/** One follower of one task. */
interface Follower {
  /** The latest pushed state not yet taken. */
  pending?: DetailedTask;
  /** Ends the follower's wait. */
  wake(): void;
}

/** What a task's follower sees of the stream. */
export interface TaskFeed {
  /** Whether the server reports this task on the open stream (then polling is only a safety net). */
  covered(): boolean;
  /** The latest state the server pushed since the last call, if any. */
  take(): DetailedTask | undefined;
  /** Stops following the task (the stream closes when no task is left). */
  release(): void;
}

const POLL_ONLY: TaskFeed = { covered: () => false, take: () => undefined, release: () => undefined };

/** The listen stream of one client's tasks. */
export class TaskStream {
  /** Followers by task id, in the order the tasks were first followed. */
  private readonly followed = new Map<string, Set<Follower>>();
  /** The tasks the open stream's acknowledgement agreed to. */
  private agreed: ReadonlySet<string> = new Set();
  /** The tasks the open (or opening) stream asked for. */
  private asked: ReadonlySet<string> = new Set();
  private stream: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped whenever a stream is superseded: what an older one says is dropped. */
  private generation = 0;
  /** Openings in a row that were not acknowledged. */
  private failures = 0;
  /** Streams in a row that ended soon after opening: the wait before the next grows with them. */
  private restarts = 0;
  private openedAt = 0;
  private offered: boolean;
  private cap: number;

  constructor(
    private readonly host: Pick<ClientExtensionHost, "listen">,
    private readonly settings: TasksClientSettings,
  ) {
    this.offered = settings.follow === "notifications";
    this.cap = settings.maxListenTaskIds;
  }

  /** Follows `taskId`: pushed states go to the feed, and `wake` ends its follower's wait. */
  follow(taskId: string, wake: () => void): TaskFeed {
    if (!this.offered) return POLL_ONLY;
    const follower: Follower = { wake };
    let set = this.followed.get(taskId);
    if (!set) this.followed.set(taskId, (set = new Set()));
    set.add(follower);
    if (!this.asked.has(taskId) && (this.stream === undefined || this.asked.size < this.cap)) this.schedule(DEBOUNCE_MS);
    return {
      covered: () => this.offered && this.agreed.has(taskId),
      take: () => {
        const task = follower.pending;
        follower.pending = undefined;
        return task;
      },
      release: () => this.release(taskId, follower),
    };
  }

  private release(taskId: string, follower: Follower): void {
    const set = this.followed.get(taskId);
    if (!set?.delete(follower) || set.size > 0) return;
    this.followed.delete(taskId);
    if (this.followed.size === 0) return this.stop();
    // A task kept off a full stream may take the room.
    if (this.followed.size > this.asked.size || [...this.followed.keys()].some((id) => !this.asked.has(id))) this.schedule(DEBOUNCE_MS);
  }

  /** Opens the stream again after `ms`, unless an opening is already due. */
  private schedule(ms: number): void {
    if (this.timer !== undefined || !this.offered) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.open();
    }, ms);
  }

  /** Closes the stream and forgets it: nothing is followed, or nothing can be heard. */
  private stop(): void {
    this.generation++;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stream?.abort();
    this.stream = undefined;
    this.asked = new Set();
    this.cover(new Set());
  }

  private open(): void {
    if (this.followed.size === 0 || !this.offered) return;
    // The previous stream (if any) is superseded; its coverage holds until the new acknowledgement.
    const generation = ++this.generation;
    this.stream?.abort();
    const stream = (this.stream = new AbortController());
    const ids = [...this.followed.keys()].slice(0, this.cap);
    this.asked = new Set(ids);
    this.openedAt = Date.now();
    const onEvent = (event: unknown) => {
      if (generation === this.generation) this.heard(event as { method: string; params?: Record<string, unknown> });
    };
    let opened: Promise<{ acknowledged: boolean }>;
    try {
      opened = this.host.listen({ taskIds: ids }, { signal: stream.signal, onEvent });
    } catch {
      // Thrown at once: the client is closed. Its tasks end with it; nothing is opened again.
      this.offered = false;
      return this.stop();
    }
    opened.then(
      ({ acknowledged }) => this.ended(generation, acknowledged ? undefined : new Error("The listen stream ended unacknowledged.")),
      (error: unknown) => this.ended(generation, error),
    );
  }

  /** One message of the current stream. */
  private heard(event: { method: string; params?: Record<string, unknown> }): void {
    if (event.method === "notifications/subscriptions/acknowledged") return this.acknowledged(event.params?.notifications);
    if (event.method !== "notifications/tasks") return;
    const taskId = event.params?.taskId;
    const followers = typeof taskId === "string" && this.agreed.has(taskId) ? this.followed.get(taskId) : undefined;
    if (!followers || firstIssueOf(notificationChecks["notifications/tasks"], event)) return;
    const { _meta, ...task } = event.params as Record<string, unknown>;
    for (const follower of followers) {
      follower.pending = task as unknown as DetailedTask;
      follower.wake();
    }
  }

  private acknowledged(notifications: unknown): void {
    const taskIds = (notifications as { taskIds?: unknown } | undefined)?.taskIds;
    if (!Array.isArray(taskIds)) {
      // The server listens but does not report tasks: poll, and do not ask again.
      this.offered = false;
      return this.stop();
    }
    this.failures = 0;
    this.cover(new Set(taskIds.filter((id): id is string => typeof id === "string" && this.asked.has(id))));
    // Nothing agreed (tasks unknown to the server): no stream to keep open until a task joins.
    if (this.agreed.size === 0) {
      this.generation++;
      this.stream?.abort();
      this.stream = undefined;
    }
  }

  /** Sets what is covered; followers of tasks no longer covered look at once (they may have missed a change). */
  private cover(next: ReadonlySet<string>): void {
    const lost = [...this.agreed].filter((id) => !next.has(id));
    this.agreed = next;
    for (const id of lost) this.followed.get(id)?.forEach((follower) => follower.wake());
  }

  /** The stream ended (the server or the connection ended it, or it could not be opened). */
  private ended(generation: number, error: unknown): void {
    if (generation !== this.generation) return;
    const asked = this.asked.size;
    this.stream = undefined;
    this.asked = new Set();
    this.cover(new Set());
    if (this.followed.size === 0) return;
    if (error instanceof JsonRpcError && NOT_OFFERED.has(error.code)) {
      this.offered = false;
      return;
    }
    if (error instanceof JsonRpcError && error.code === -32602) {
      // Too many task ids for this server, or a filter it refuses: fewer, then none.
      if (asked <= 1) this.offered = false;
      this.cap = Math.max(1, Math.floor(asked / 2));
      return this.schedule(DEBOUNCE_MS);
    }
    if (error !== undefined && ++this.failures > this.settings.maxPollFailures) {
      this.offered = false;
      return;
    }
    // A server that acknowledges and hangs up at once gets streams ever more slowly, never a tight loop.
    if (Date.now() - this.openedAt >= LIVED_MS) this.restarts = 0;
    const wait = Math.min(this.settings.maxPollMs, REOPEN_MS * 2 ** this.restarts++);
    this.schedule(wait * (0.5 + Math.random() / 2));
  }
}
