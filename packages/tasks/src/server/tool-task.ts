/**
 * How a tool says it can run as a task: the `task` field its definition gains
 * when this package is imported (declaration merging on @mrtr/server's
 * `ToolDefinition`), checked on first use.
 */
import { ServerDefinitionError } from "@mrtr/server";

/** A tool's task support. */
export interface ToolTaskOptions {
  /**
   * When the call becomes a task: `"call"` (default) before the handler runs;
   * `"handler"` when the handler calls `runAsTask(ctx)`, so it may first ask
   * for input in ordinary multi round-trips (resolved synchronously, as the
   * extension recommends) and finish quickly without a task.
   */
  start?: "call" | "handler";
  /**
   * Whether the tool cannot run without a task: a client that did not declare
   * the extension gets -32021 naming it. Default false: such a client's call
   * runs synchronously, as an ordinary call.
   */
  required?: boolean;
  /** How long the task is kept after creation (default: the plugin's `defaultTtlMs`; cut to its `maxTtlMs`). */
  ttlMs?: number;
  /** The polling interval suggested to clients (default: the plugin's `defaultPollIntervalMs`). */
  pollIntervalMs?: number;
}

declare module "@mrtr/server" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ToolDefinition<A, S, X> {
    /** Task support (the Tasks extension, `tasks()` from @mrtr/tasks/server): the call may be answered with a task handle. */
    task?: ToolTaskOptions;
  }
}

/** The tool's options, checked. */
export function toolTaskOptions(name: string, options: ToolTaskOptions): ToolTaskOptions {
  if (options.start !== undefined && options.start !== "call" && options.start !== "handler") {
    throw new ServerDefinitionError(`Tool ${name}: task.start must be "call" or "handler".`);
  }
  for (const key of ["ttlMs", "pollIntervalMs"] as const) {
    const value = options[key];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 1)) throw new ServerDefinitionError(`Tool ${name}: task.${key} must be a whole number of at least 1.`);
  }
  return options;
}
