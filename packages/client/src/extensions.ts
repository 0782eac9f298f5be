/**
 * Protocol extensions on the client side (`capabilities.extensions`): the
 * seam through which an opt-in package (such as @mrtr/tasks/client) teaches
 * the client a result the core does not speak. An extension is declared
 * under its identifier in every request's capabilities, claims `resultType`
 * values on the methods it supports, and continues a call that got one of
 * them. The core keeps its rules around it: what the extension ends the call
 * with is checked as the method's complete result, and a `resultType` not
 * claimed for that method is still a protocol violation.
 *
 * This file is what the core carries; the means an extension works with
 * (`ExtensionCall`, `ClientExtensionHost`) are built by
 * `defineClientExtension` (`@mrtr/client/plugin`), so a client without
 * extensions bundles none of them.
 */
import type { JSONObject } from "@mrtr/schema";
import type { CallOptions, McpClient } from "./client.js";
import { McpClientError } from "./errors.js";
import type { CallHooks, FlowContext } from "./flow.js";

/**
 * Continues a claimed result to the call's final result, checked as the
 * method's complete result.
 *
 * @internal What `defineClientExtension` registers; extensions are written with it.
 */
export type ExtensionProceed = (result: Record<string, unknown> & { resultType: string }, method: string, params: Record<string, unknown>, signal: AbortSignal, hooks: CallHooks) => Promise<Record<string, unknown>>;

/** The client's internals, as createClient hands them to `ClientExtension.link` (read them through `defineClientExtension`). */
export interface ExtensionCore {
  /** The client being built. */
  readonly client: McpClient;
  /** @internal The client's flow, for `defineClientExtension`. */
  readonly ctx: FlowContext;
  /** The signal of a call with these options (its own signal, its time limit or the client's). */
  signalOf(options?: CallOptions): AbortSignal;
  /** Throws when the client is closed. */
  open(): void;
  /**
   * Where the extension registers how it continues each `resultType` it
   * claims, by `method + " " + resultType`.
   *
   * @internal For `defineClientExtension`.
   */
  readonly claims: Map<string, Claim>;
}

/**
 * A protocol extension, as `createClient({ extensions })` takes it. Build
 * one with `defineClientExtension` from `@mrtr/client/plugin`.
 */
export interface ClientExtension {
  /** Its identifier (`io.modelcontextprotocol/tasks`): the key of `capabilities.extensions`. */
  readonly id: string;
  /** Its settings under `capabilities.extensions[id]` in every request (default `{}`). */
  readonly settings?: JSONObject;
  /** The `resultType` values it continues, by method (`{ "tools/call": ["task"] }`); `complete` and `input_required` stay the core's. */
  readonly results?: Readonly<Record<string, readonly string[]>>;
  /**
   * Request methods of its own whose `Mcp-Name` header carries a params
   * field (`{ "tasks/get": "taskId" }`); the HTTP transport sends it as it
   * sends `tools/call`'s name.
   */
  readonly namedParams?: Readonly<Record<string, string>>;
  /** Called once by createClient, after the client is built: registers in `core.claims` how this client continues the results the extension claims. */
  link(core: ExtensionCore): void;
}

/** A claim: the extension and how it continues on this client. */
export interface Claim {
  readonly extension: ClientExtension;
  readonly proceed: ExtensionProceed;
}

/** The extensions of one client: each id once, the named methods, what they add to the capabilities. */
export function extensionsOf(list: readonly ClientExtension[]) {
  // No prototype: a method name such as "constructor" names nothing.
  const namedParams: Record<string, string> = Object.create(null);
  const extensions: Record<string, JSONObject> = {};
  for (const extension of list) {
    if (extensions[extension.id]) throw new McpClientError(`Extension "${extension.id}" is given twice.`);
    extensions[extension.id] = structuredClone(extension.settings ?? {});
    Object.assign(namedParams, extension.namedParams);
  }
  return { namedParams, capabilities: list.length > 0 ? { extensions } : undefined };
}
