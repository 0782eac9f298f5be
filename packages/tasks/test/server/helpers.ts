/** What the server-side tests of the Tasks plugin share: a server with the plugin, requests declaring the extension, polling. */
import { createServer, type McpServer, type ServerOptions } from "@mrtr/server";
import type { ClientCapabilities } from "@mrtr/schema";
import { tasks, type TasksOptions } from "@mrtr/tasks/server";
import { errorOf, request, resultOf, retry, type AnyResult } from "../../../../test/helpers/rpc.js";

export { errorOf, request, resultOf, retry, type AnyResult };

export const SECRET = "tasks-test-secret-0123456789-abcdefghij";
export const TASKS = "io.modelcontextprotocol/tasks";
/** Capabilities declaring form elicitation and the Tasks extension. */
export const WITH_TASKS: ClientCapabilities = { elicitation: {}, extensions: { [TASKS]: {} } };

export function taskServer(options: TasksOptions = {}, overrides: Partial<ServerOptions> = {}): McpServer {
  return createServer({ name: "tasks-test", version: "1.0.0", requestState: { secrets: [SECRET] }, extensions: [tasks(options)], ...overrides });
}

/** Sends one request and returns the whole response. */
export async function send(server: McpServer, method: string, params: Record<string, unknown> = {}, caps: ClientCapabilities = WITH_TASKS, transport?: unknown) {
  return server.handle(request(method, params, caps), transport === undefined ? {} : { request: transport });
}

/** Sends one request and returns its result (failing on an error). */
export async function call(server: McpServer, method: string, params: Record<string, unknown> = {}, caps: ClientCapabilities = WITH_TASKS, transport?: unknown): Promise<AnyResult> {
  return resultOf(await send(server, method, params, caps, transport));
}

/** Polls tasks/get until `until` holds (default: a terminal status), at most `ms`. */
export async function pollTask(server: McpServer, taskId: string, until: (t: AnyResult) => boolean = (t) => ["completed", "failed", "cancelled"].includes(t.status), ms = 5_000, transport?: unknown): Promise<AnyResult> {
  const end = Date.now() + ms;
  for (;;) {
    const task = await call(server, "tasks/get", { taskId }, WITH_TASKS, transport);
    if (until(task)) return task;
    if (Date.now() > end) throw new Error(`task ${taskId} still ${task.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves after `ms`, or rejects when `signal` aborts (as a well-behaved handler waits). */
export { sleep } from "@mrtr/internal";

/** A promise with its resolver, for handlers a test holds open. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { open, opened };
}

export const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });

/** A form asking for one string field. */
export const ask = (message: string, field = "name") => ({ message, requestedSchema: { type: "object" as const, properties: { [field]: { type: "string" as const } }, required: [field] } });
