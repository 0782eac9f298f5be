/**
 * `tasks/get`, `tasks/update` and `tasks/cancel`, served by any instance
 * that shares the store. Each is refused with -32021 unless this request
 * declared the extension (tasks.md:799), finds the task only for the
 * principal that created it, and fails a task whose instance died (its lease
 * lapsed) before answering.
 */
import type { ClientCapabilities } from "@mrtr/schema";
import { McpInvalidParamsError, MissingCapabilityError } from "@mrtr/server";
import type { ExtensionHost, ExtensionMethod, ServingContext } from "@mrtr/server/plugin";
import { firstIssueOf } from "@mrtr/zod/checks";
import { jsonPointer } from "@mrtr/internal";
import { requestChecks } from "../schema/check-tables.gen.js";
import { TASKS_EXTENSION_ID } from "../schema/types.gen.js";
import { mutateTask } from "./mutate.js";
import type { TasksSettings } from "./options.js";
import { TaskNotFoundError } from "./task-errors.js";
import { isTerminal, type TaskRecord, type TaskStore } from "./task-store.js";
import { detailedTask } from "./task-wire.js";

/** The error of a task whose instance stopped vouching for it. */
export const LEASE_LAPSED = {
  code: -32603,
  message: "The server instance running this task stopped before the task finished (its lease lapsed); call the tool again.",
} as const;

/** Whether a request declared the Tasks extension. */
export function declaresTasks(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = capabilities?.extensions;
  return typeof extensions === "object" && extensions !== null && Object.prototype.hasOwnProperty.call(extensions, TASKS_EXTENSION_ID);
}

/** -32021 naming the extension. */
export const missingTasks = () => new MissingCapabilityError({ extensions: { [TASKS_EXTENSION_ID]: {} } });

/** The parts the methods share. */
export interface TaskMethodParts {
  store: () => TaskStore;
  settings: TasksSettings;
  host: () => ExtensionHost;
}

const owner = (ctx: ServingContext) => ctx.principal ?? "";

/** The first problem of a request of `method`, by the generated check. */
function problemOf(method: keyof typeof requestChecks) {
  const check = requestChecks[method];
  return (request: Record<string, unknown>) => {
    const issue = firstIssueOf(check, request);
    return issue && `${jsonPointer(issue.path)} ${issue.message}`;
  };
}

const checkGet = problemOf("tasks/get");
const checkUpdate = problemOf("tasks/update");
const checkCancel = problemOf("tasks/cancel");

/** The caller's task, as it is now; a lapsed lease is failed first. */
async function load(parts: TaskMethodParts, ctx: ServingContext, taskId: string): Promise<TaskRecord> {
  if (!declaresTasks(ctx.clientCapabilities)) throw missingTasks();
  const store = parts.store();
  let record = await store.get(taskId);
  if (!record || record.owner !== owner(ctx)) throw new TaskNotFoundError();
  if (!isTerminal(record.status) && record.leaseUntil < parts.settings.now()) {
    record =
      (await mutateTask(store, taskId, (r) =>
        isTerminal(r.status) || r.leaseUntil >= parts.settings.now()
          ? undefined
          : { ...r, status: "failed", error: { ...LEASE_LAPSED }, statusMessage: LEASE_LAPSED.message, inputRequests: {}, delivered: {}, lastUpdatedAt: parts.settings.now() },
      )) ?? record;
  }
  return record;
}

export function taskMethods(parts: TaskMethodParts): Record<string, ExtensionMethod> {
  return {
    "tasks/get": {
      check: checkGet,
      serve: async (request, ctx) => ({ ...detailedTask(await load(parts, ctx, request.params.taskId as string)), resultType: "complete" }),
    },
    "tasks/update": {
      // Answers are checked one by one against the questions outstanding (below), and any other key is
      // ignored (tasks.md:379), so the schema check sees the map but not what it holds.
      check: (request) => {
        const params = request.params as Record<string, unknown> | undefined;
        const responses = params?.inputResponses;
        if (typeof responses !== "object" || responses === null || Array.isArray(responses)) return checkUpdate(request);
        return checkUpdate({ ...request, params: { ...params, inputResponses: {} } });
      },
      serve: async (request, ctx) => {
        const taskId = request.params.taskId as string;
        const record = await load(parts, ctx, taskId);
        const responses = request.params.inputResponses as Record<string, unknown>;
        // Answers to questions outstanding now are checked as MRTR answers are; any other key is ignored (tasks.md:379).
        const checked: Record<string, unknown> = {};
        for (const [key, question] of Object.entries(record.inputRequests)) {
          if (!Object.prototype.hasOwnProperty.call(responses, key)) continue;
          const verdict = parts.host().checkAnswer(question, responses[key]);
          if (!verdict.ok) throw new McpInvalidParamsError(`inputResponses.${key} does not answer the question asked: ${verdict.reason}`, { key, reason: verdict.reason });
          checked[key] = verdict.value;
        }
        if (Object.keys(checked).length > 0) {
          await mutateTask(parts.store(), taskId, (r) => {
            const fresh = Object.keys(checked).filter((k) => Object.prototype.hasOwnProperty.call(r.inputRequests, k));
            if (isTerminal(r.status) || fresh.length === 0) return undefined;
            const inputRequests = { ...r.inputRequests };
            const delivered = { ...r.delivered };
            for (const k of fresh) {
              delete inputRequests[k];
              delivered[k] = checked[k];
            }
            const status = Object.keys(inputRequests).length === 0 ? "working" : "input_required";
            return { ...r, status, inputRequests, delivered, lastUpdatedAt: parts.settings.now() };
          });
        }
        return { resultType: "complete" };
      },
    },
    "tasks/cancel": {
      check: checkCancel,
      serve: async (request, ctx) => {
        const taskId = request.params.taskId as string;
        await load(parts, ctx, taskId);
        // Cooperative and idempotent: a task not yet ended is cancelled now; its handler's signal aborts wherever it runs.
        await mutateTask(parts.store(), taskId, (r) =>
          isTerminal(r.status)
            ? undefined
            : { ...r, status: "cancelled", statusMessage: "Cancelled by the client.", inputRequests: {}, delivered: {}, lastUpdatedAt: parts.settings.now() },
        );
        return { resultType: "complete" };
      },
    },
  };
}
