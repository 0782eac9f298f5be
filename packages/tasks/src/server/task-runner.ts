/**
 * One task whose handler runs on this instance: it keeps the task's lease,
 * turns the handler's questions into `input_required` and waits for the
 * answers `tasks/update` delivers (through any instance), turns progress into
 * the status message, and writes the outcome. It learns of writes by others
 * (answers, cancellation, a lapsed lease) from the store's change feed, and
 * looks again at every lease renewal in case a notice was lost.
 */
import type { ClientCapabilities, InputRequest } from "@mrtr/schema";
import { isInputRequired, McpError, MissingCapabilityError, ServerDefinitionError, ServerBusyError } from "@mrtr/server";
import type { ExtensionHost } from "@mrtr/server/plugin";
import { utf8Length } from "@mrtr/internal";
import { mutateTask, TaskStoreFullError } from "./mutate.js";
import type { TasksSettings } from "./options.js";
import { isTerminal, type TaskError, type TaskRecord, type TaskStore } from "./task-store.js";

/** Why a task's handler was stopped, as its signal's reason. */
export class TaskStoppedError extends Error {
  constructor(
    /** What stopped it: a cancel, a failure, the time to live, the server closing, or room made for other callers' tasks. */
    readonly why: "cancelled" | "failed" | "expired" | "closing" | "evicted",
  ) {
    super(
      why === "cancelled"
        ? "The task was cancelled (tasks/cancel)."
        : why === "expired"
          ? "The task's time to live ran out."
          : why === "closing"
            ? "The server is shutting down."
            : why === "evicted"
              ? "The task was stopped while it waited for input, to make room for other callers' tasks."
              : "The task was failed by another instance.",
    );
    this.name = "TaskStoppedError";
  }
}

interface Waiter {
  resolve(answer: unknown): void;
  reject(error: unknown): void;
}

export class TaskRunner {
  readonly #store: TaskStore;
  readonly #settings: TasksSettings;
  readonly #host: ExtensionHost;
  readonly #capabilities: ClientCapabilities;
  readonly #controller: AbortController;
  readonly #onEnd: () => void;
  readonly #waiting = new Map<string, Waiter>();
  readonly #asking = new Map<string, InputRequest>();
  #flush: Promise<void> | undefined;
  #lease: ReturnType<typeof setInterval> | undefined;
  /** When the store forgets the task: the handler is stopped at the first renewal past it. */
  readonly #expiresAt: number;
  #status: { message: string; timer: ReturnType<typeof setTimeout> | undefined; last: number } = { message: "", timer: undefined, last: 0 };
  #ended = false;
  /** Set while the runner ends the task itself (closing, making room): the handler's late outcome is not the task's. */
  #ending: TaskStoppedError | undefined;

  constructor(
    readonly taskId: string,
    expiresAt: number,
    parts: { store: TaskStore; settings: TasksSettings; host: ExtensionHost; capabilities: ClientCapabilities; controller: AbortController; onEnd: () => void },
  ) {
    this.#store = parts.store;
    this.#settings = parts.settings;
    this.#host = parts.host;
    this.#capabilities = parts.capabilities;
    this.#controller = parts.controller;
    this.#onEnd = parts.onEnd;
    this.#lease = setInterval(() => void this.#renew(), Math.max(1, Math.floor(this.#settings.leaseMs / 3)));
    (this.#lease as { unref?: () => void }).unref?.();
    this.#expiresAt = expiresAt;
  }

  /** The handler's signal. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * A question the handler asks inside the task: the task goes to
   * `input_required` with it (questions asked together go out together), and
   * the answer comes when `tasks/update` delivers it, already checked.
   */
  ask(key: string, request: InputRequest): Promise<unknown> {
    const missing = this.#host.missingCapabilities(request, this.#capabilities);
    if (missing) return Promise.reject(new MissingCapabilityError(missing));
    if (this.#waiting.has(key) || this.#asking.has(key)) return Promise.reject(new ServerDefinitionError(`The task asked twice under key "${key}" at once; use one key per question.`));
    this.#asking.set(key, request);
    this.#flush ??= Promise.resolve().then(() => this.#sendQuestions());
    return new Promise((resolve, reject) => this.#waiting.set(key, { resolve, reject }));
  }

  /** ctx.progress inside the task: the status message, written at most once per `statusIntervalMs`. */
  progress(progress: number, total?: number, message?: string): void {
    if (this.#ended) return;
    this.#status.message = message ?? (total !== undefined ? `${progress} of ${total}` : `${progress}`);
    if (this.#status.timer) return;
    const wait = Math.max(0, this.#status.last + this.#settings.statusIntervalMs - this.#settings.now());
    this.#status.timer = setTimeout(() => {
      this.#status.timer = undefined;
      this.#status.last = this.#settings.now();
      const statusMessage = this.#status.message;
      void this.#write((r) => (r.status === "working" ? { ...r, statusMessage, lastUpdatedAt: this.#settings.now() } : undefined)).catch(() => undefined);
    }, wait);
  }

  /** The handler returned: the task completes with its result (a result too large, or a request for input, fails it). */
  async finish(result: unknown): Promise<void> {
    if (this.#ending) return;
    if (isInputRequired(result)) {
      return this.fail(new ServerDefinitionError("A task's handler returned inputRequired(...); inside a task, ask with ctx.elicit (or ctx.ask), which waits for tasks/update."));
    }
    const body = { ...(result as Record<string, unknown>), resultType: "complete" };
    const bytes = utf8Length(JSON.stringify(body));
    if (bytes > this.#settings.maxResultBytes) {
      return this.#end({ code: -32603, message: `The task's result is ${bytes} bytes, over this server's limit of ${this.#settings.maxResultBytes}.` });
    }
    await this.#end(undefined, body);
  }

  /** The handler threw: a protocol error fails the task with it; anything else is -32603 (and goes to onError). */
  async fail(error: unknown): Promise<void> {
    if (this.#ending) return;
    if (this.#controller.signal.aborted) return this.#end(undefined, undefined, true);
    let wire: TaskError;
    if (error instanceof McpError && (error.code !== -32603 || error instanceof ServerBusyError)) {
      wire = { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) };
    } else {
      this.#host.reportError(error, { method: "tools/call", requestId: undefined });
      wire = { code: -32603, message: "Internal error" };
    }
    await this.#end(wire);
  }

  /** Another write reached the task (any instance): take delivered answers, stop if it was ended elsewhere. */
  async changed(): Promise<void> {
    if (this.#ended || this.#ending) return;
    let record: TaskRecord | undefined;
    try {
      record = await this.#store.get(this.taskId);
    } catch {
      return; // the store is away: the next renewal looks again
    }
    if (this.#ending) return; // ending it ourselves: the write just read is ours
    if (!record) return this.#stop(new TaskStoppedError("expired"));
    if (isTerminal(record.status)) return this.#stop(new TaskStoppedError(record.status === "cancelled" ? "cancelled" : "failed"));
    const keys = Object.keys(record.delivered).filter((k) => this.#waiting.has(k));
    if (keys.length === 0) return;
    const taken = await this.#write((r) => {
      const mine = Object.keys(r.delivered).filter((k) => this.#waiting.has(k));
      if (mine.length === 0) return undefined;
      const delivered = { ...r.delivered };
      for (const k of mine) delete delivered[k];
      return { ...r, delivered };
    });
    for (const key of keys) {
      const waiter = this.#waiting.get(key);
      if (!waiter || !taken) continue;
      this.#waiting.delete(key);
      waiter.resolve(record.delivered[key]);
    }
  }

  /** The server is closing: the task fails now rather than when its lease lapses, and its handler's signal aborts. */
  async close(): Promise<void> {
    if (this.#ended) return;
    await this.#end({ code: -32603, message: "The server stopped before the task finished; call the tool again." }, undefined, false, new TaskStoppedError("closing")).catch(() => undefined);
  }

  /** Whether the task only waits for its client's answers (nothing runs for it): such a task may be stopped to make room. */
  get waitingForInput(): boolean {
    return !this.#ended && this.#waiting.size > 0 && this.#asking.size === 0;
  }

  /** Stops a task that waits for input to make room for other callers' tasks: it fails, saying so, and its handler's signal aborts. */
  async evict(): Promise<void> {
    if (this.#ended) return;
    const message = "The server stopped this task while it waited for input, to make room for other callers' tasks (it runs a limited number at once). Call the tool again.";
    await this.#end({ code: -32603, message }, undefined, false, new TaskStoppedError("evicted")).catch(() => undefined);
  }

  async #sendQuestions(): Promise<void> {
    this.#flush = undefined;
    const asking = new Map(this.#asking);
    this.#asking.clear();
    let refusal: Error | undefined;
    await this.#write((r) => {
      refusal = undefined;
      if (isTerminal(r.status)) return undefined;
      const reused = [...asking.keys()].find((k) => r.asked.includes(k));
      if (reused !== undefined) {
        refusal = new ServerDefinitionError(`The task asked again under key "${reused}", which already named a question; a key names one question over a task's life.`);
        return undefined;
      }
      if (r.asked.length + asking.size > this.#settings.maxInputRequests) {
        refusal = new ServerBusyError(`The task asked more than ${this.#settings.maxInputRequests} questions, this server's limit.`);
        return undefined;
      }
      const inputRequests = { ...r.inputRequests, ...Object.fromEntries(asking) };
      return { ...r, status: "input_required", inputRequests, asked: [...r.asked, ...asking.keys()], lastUpdatedAt: this.#settings.now() };
    }).catch((error: unknown) => {
      refusal = error instanceof Error ? error : new Error(String(error));
    });
    if (refusal) {
      for (const key of asking.keys()) {
        const waiter = this.#waiting.get(key);
        this.#waiting.delete(key);
        waiter?.reject(refusal);
      }
      return;
    }
    await this.changed(); // answers may already be there
  }

  async #renew(): Promise<void> {
    if (this.#ended) return;
    if (this.#settings.now() >= this.#expiresAt) return this.#stop(new TaskStoppedError("expired"));
    try {
      await this.#write((r) => (isTerminal(r.status) ? undefined : { ...r, leaseUntil: this.#settings.now() + this.#settings.leaseMs }));
      await this.changed();
    } catch {
      // The store is away: the next renewal tries again; if none lands, the lease lapses.
    }
  }

  /** Writes the task's end (a result or an error) unless it already ended; then stops (aborting the handler with `abortWith` when given). */
  async #end(error: TaskError | undefined, result?: Record<string, unknown>, cancelled = false, abortWith?: TaskStoppedError): Promise<void> {
    if (this.#ended) return;
    // Marked first: an outcome the handler reaches while the end is written is not taken for the task's.
    if (abortWith) this.#ending = abortWith;
    if (!cancelled) {
      const write = (error: TaskError | undefined) =>
        this.#write((r) => {
          if (isTerminal(r.status)) return undefined;
          const ended: TaskRecord = { ...r, inputRequests: {}, delivered: {}, lastUpdatedAt: this.#settings.now() };
          delete ended.statusMessage;
          if (error) return { ...ended, status: "failed", error, statusMessage: error.message };
          return { ...ended, status: "completed", result: result ?? {} };
        });
      await write(error)
        .catch((e: unknown) => {
          // A result the store has no room for: the task fails, saying so, rather than staying "working" until its lease lapses.
          if (!(e instanceof TaskStoreFullError) || error) throw e;
          return write({ code: -32603, message: "The task finished, but its result did not fit in this server's task storage (this caller's share of it is full). Let earlier tasks expire, then call the tool again." });
        })
        .catch((e: unknown) => this.#host.reportError(e, { method: "tools/call", requestId: undefined }));
    }
    this.#stop(abortWith ?? new TaskStoppedError("cancelled"), abortWith !== undefined);
  }

  #write(change: (current: TaskRecord) => TaskRecord | undefined): Promise<TaskRecord | undefined> {
    return mutateTask(this.#store, this.taskId, change);
  }

  /** Ends this runner: timers cleared, waiters rejected, and (when `abort`) the handler's signal aborted with `reason`. */
  #stop(reason: TaskStoppedError, abort = true): void {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#lease);
    clearTimeout(this.#status.timer);
    if (abort) this.#controller.abort(reason);
    for (const waiter of this.#waiting.values()) waiter.reject(reason);
    this.#waiting.clear();
    this.#onEnd();
  }
}
