/**
 * `tasks()`: the server plugin of the Tasks extension. Pass it to
 * `createServer({ extensions: [tasks()] })`; tools that declare `task` may
 * then answer a client that declared the extension with a task handle, and
 * `tasks/get`, `tasks/update`, `tasks/cancel` serve those tasks from the
 * store on any instance that shares it.
 *
 * A task's handler runs on the instance that created it (a handler cannot
 * move); every other instance reads and writes the task through the store.
 * If that instance dies, the task's lease lapses and the next reader fails
 * it with a clear error; the work is not resumed elsewhere, because a handler
 * may have had effects a second run would repeat.
 */
import { FairShare, isShareRefusal } from "@mrtr/internal";
import { ServerDefinitionError, ShareExceededError } from "@mrtr/server";
import type { ExtensionHost, ServerExtension, ServingContext } from "@mrtr/server/plugin";
import { TASKS_EXTENSION_ID } from "../schema/types.gen.js";
import { MemoryTaskStore } from "./memory-task-store.js";
import { tasksSettings, type TasksOptions } from "./options.js";
import { TaskCall } from "./task-call.js";
import { TaskLimitError } from "./task-errors.js";
import { newTaskId } from "./task-id.js";
import { declaresTasks, missingTasks, taskMethods } from "./task-methods.js";
import { taskListen } from "./task-listen.js";
import { TaskRunner } from "./task-runner.js";
import type { TaskRecord, TaskStore } from "./task-store.js";
import { toolTaskOptions, type ToolTaskOptions } from "./tool-task.js";

/** The Tasks extension for a server. */
export function tasks(options: TasksOptions = {}): ServerExtension {
  // Long because the store, the running tasks and their fair share are this instance's,
  // shared by starting a task, the methods, listen and close; each of those is short.
  const settings = tasksSettings(options);
  // Running tasks are held fairly (docs/architecture.md, "Fair shares"): one caller at its share leaves room for the others.
  const runningShare = runningTasksShare(settings.maxRunning, settings.maxRunningPerPrincipal);
  const ownStore = settings.store === undefined;
  const store: TaskStore = settings.store ?? new MemoryTaskStore({ now: settings.now });
  let host: ExtensionHost | undefined;
  const running = new Map<string, TaskRunner>();
  let unsubscribe: (() => void) | undefined;

  const hostOf = () => {
    if (!host) throw new Error("tasks(): pass the plugin to createServer({ extensions }) before serving.");
    return host;
  };

  /** The store's change feed reaches the runners of this instance while any runs. */
  const watch = () => {
    unsubscribe ??= store.subscribe((taskId) => void running.get(taskId)?.changed());
  };
  const unwatch = () => {
    if (running.size > 0 || !unsubscribe) return;
    unsubscribe();
    unsubscribe = undefined;
  };

  /** Makes this call a task: held in its caller's share of running tasks, stored, then run here. */
  const start = async (ctx: ServingContext, task: ToolTaskOptions, controller: AbortController, statusMessage: string | undefined) => {
    let runner: TaskRunner | undefined;
    const hold = runningShare.acquire(ctx.owner, { idle: () => runner?.waitingForInput === true, evict: () => void runner?.evict() });
    if (isShareRefusal(hold)) throw new ShareExceededError(hold);
    try {
      const record = newRecord(ctx, task, statusMessage);
      // Durable before the handle leaves (tasks.md:300): create resolves once any instance can get it.
      const created = await store.create(record, { maxPerOwner: settings.maxTasksPerPrincipal });
      if (created === "full") throw new TaskLimitError("this server's task storage is full (this caller's share of it, or all of it)");
      if (!created) throw new TaskLimitError(`this caller holds ${settings.maxTasksPerPrincipal} tasks already`);
      runner = new TaskRunner(record.taskId, record.expiresAt, {
        store,
        settings,
        host: hostOf(),
        capabilities: ctx.clientCapabilities,
        controller,
        onEnd: () => {
          hold.release();
          running.delete(record.taskId);
          unwatch();
        },
      });
      running.set(record.taskId, runner);
      watch();
      return { record, runner };
    } catch (error) {
      hold.release();
      throw error;
    }
  };

  const newRecord = (ctx: ServingContext, task: ToolTaskOptions, statusMessage: string | undefined): TaskRecord => {
    const now = settings.now();
    const ttlMs = Math.min(task.ttlMs ?? settings.defaultTtlMs, settings.maxTtlMs);
    return {
      taskId: newTaskId(),
      owner: ctx.principal ?? "",
      holder: ctx.owner,
      status: "working",
      ...(statusMessage !== undefined && { statusMessage }),
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      expiresAt: now + ttlMs,
      pollIntervalMs: task.pollIntervalMs ?? settings.defaultPollIntervalMs,
      leaseUntil: now + settings.leaseMs,
      inputRequests: {},
      delivered: {},
      asked: [],
      version: 1,
    };
  };

  return {
    id: TASKS_EXTENSION_ID,
    settings: {},
    methods: taskMethods({ store: () => store, settings, host: hostOf }),
    namedParams: { "tasks/get": "taskId", "tasks/update": "taskId", "tasks/cancel": "taskId" },
    listen: taskListen(() => store, settings),
    attach(h) {
      host = h;
    },
    toolCall({ name, definition, ctx }) {
      if (definition.task === undefined) return undefined;
      const task = toolTaskOptions(name, definition.task);
      if (!declaresTasks(ctx.clientCapabilities)) {
        // tasks.md:63: a call that cannot be served without a task needs the extension.
        if (task.required) throw missingTasks();
        return undefined;
      }
      const call = new TaskCall(ctx, { start: (c, controller, message) => start(c, task, controller, message) }, task.start !== "handler");
      return call.plan;
    },
    async close() {
      await Promise.all([...running.values()].map((runner) => runner.close()));
      unsubscribe?.();
      unsubscribe = undefined;
      if (ownStore) await store.close?.();
    },
  };
}

/** The running tasks of one instance, by caller. */
function runningTasksShare(maxRunning: number, maxRunningPerPrincipal: number): FairShare {
  try {
    return new FairShare({
      name: "running tasks",
      total: maxRunning,
      perOwner: maxRunningPerPrincipal,
      options: { total: "maxRunning", perOwner: "maxRunningPerPrincipal" },
      retryAfterSeconds: 5,
    });
  } catch (error) {
    throw new ServerDefinitionError(`tasks(): ${(error as Error).message}`);
  }
}
