/**
 * One tools/call of a task-capable tool from a client that declared the
 * extension: the plan the core runs its round with. Until the call becomes a
 * task it is an ordinary call (questions are multi round-trips, the request's
 * signal and progress apply); at the takeover (before the handler, or when
 * it calls `runAsTask(ctx)`) the task is stored, the call is answered with
 * the task handle, and the same handler goes on running as the task.
 */
import { sleep } from "@mrtr/internal";
import type { InputContext } from "@mrtr/server";
import { extensionResult, type ServingContext, type ToolCallPlan } from "@mrtr/server/plugin";
import type { TaskRecord } from "./task-store.js";
import { createTaskResult } from "./task-wire.js";
import type { TaskRunner } from "./task-runner.js";

/** What a call needs from the plugin to become a task. */
export interface TaskStarter {
  /** Stores a new task for this call and starts its runner (rejects with the limit reached). */
  start(ctx: ServingContext, controller: AbortController, statusMessage: string | undefined): Promise<{ record: TaskRecord; runner: TaskRunner }>;
}

/** How long a task waits between looks at whether a URL-mode step it accepted has finished. */
const URL_STEP_POLL_MS = 1_000;

/** The contexts of calls that may still become tasks, for `runAsTask(ctx)`. */
const CALLS = new WeakMap<object, TaskCall>();

/** The call a handler's context belongs to, if it may become a task. */
export function callOf(ctx: object): TaskCall | undefined {
  return CALLS.get(ctx);
}

export class TaskCall {
  readonly plan: ToolCallPlan;
  readonly #ctx: ServingContext;
  readonly #starter: TaskStarter;
  readonly #controller = new AbortController();
  readonly #unlink: () => void;
  #runner: TaskRunner | undefined;
  #starting: Promise<boolean> | undefined;
  #answer: ((result: unknown) => void) | undefined;
  #handle: unknown;

  constructor(ctx: ServingContext, starter: TaskStarter, private readonly startAtCall: boolean) {
    this.#ctx = ctx;
    this.#starter = starter;
    // Until the takeover, the request's signal is the handler's.
    const follow = () => this.#controller.abort(ctx.signal.reason);
    if (ctx.signal.aborted) follow();
    else ctx.signal.addEventListener("abort", follow, { once: true });
    this.#unlink = () => ctx.signal.removeEventListener("abort", follow);
    this.plan = {
      diversion: {
        signal: this.#controller.signal,
        progress: (progress, total, message) => (this.#runner ? this.#runner.progress(progress, total, message) : ctx.progress(progress, total, message)),
        unanswered: (key, request) => this.#runner?.ask(key, request),
        // A URL-mode step accepted inside the task is not asked twice: the task waits, looking again every second, until it has finished.
        untilCompleted: async (completed) => {
          while (!(await completed())) await sleep(URL_STEP_POLL_MS, this.#controller.signal);
        },
      },
      contextMethods: (handlerCtx: InputContext) => {
        CALLS.set(handlerCtx, this);
        return {};
      },
      run: (run) => this.#run(run),
    };
  }

  /** Whether the call is a task now. */
  get isTask(): boolean {
    return this.#runner !== undefined;
  }

  /** Makes the call a task (once; later calls resolve true at once). */
  becomeTask(statusMessage?: string): Promise<boolean> {
    this.#starting ??= this.#starter.start(this.#ctx, this.#controller, statusMessage).then(({ record, runner }) => {
      this.#unlink();
      this.#runner = runner;
      this.#handle = extensionResult(createTaskResult(record));
      this.#answer?.(this.#handle);
      return true;
    });
    return this.#starting;
  }

  async #run(run: () => Promise<unknown>): Promise<unknown> {
    if (this.startAtCall) await this.becomeTask();
    return new Promise((resolve, reject) => {
      this.#answer = resolve;
      if (this.#handle) resolve(this.#handle);
      // A takeover still being stored when the handler ends decides where its outcome goes.
      const settled = () => (this.#starting ? this.#starting.then(() => undefined, () => undefined) : Promise.resolve());
      run().then(
        (result) => settled().then(() => (this.#runner ? this.#runner.finish(result) : resolve(result))),
        (error: unknown) => settled().then(() => (this.#runner ? this.#runner.fail(error) : reject(error))),
      );
    });
  }
}
