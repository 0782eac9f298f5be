/**
 * Protocol extensions (`capabilities.extensions`): the seam through which an
 * opt-in package (such as @mrtr/tasks/server) adds to a server what the core
 * does not speak: methods of its own, a capability declared under its
 * identifier, and a say in how a `tools/call` runs. The core keeps every one
 * of its rules around them (intake, versions, principal, error answers,
 * capability gating of input requests); an extension adds, never loosens.
 */
import type { ClientCapabilities, Implementation, InputRequest, JSONObject, RequestId } from "@mrtr/schema";
import type { InputContext } from "./context.js";
import type { AnswerCheck } from "./input-kinds.js";
import type { AnyTool } from "./registry.js";
import { ServerDefinitionError } from "./errors.js";
import type { ServingContext } from "./serving-context.js";

/**
 * One method an extension serves. `check` validates the whole request
 * (envelope and params) after the core has checked the JSON-RPC envelope and
 * `_meta`; it returns the first problem in words (answered -32602), or
 * undefined. `serve` returns the result, `resultType` included.
 */
export interface ExtensionMethod {
  /** Validates the whole request: the first problem in words (answered -32602), or undefined. */
  check(request: Record<string, unknown>): string | undefined;
  /** Serves the checked request: its result, `resultType` included. */
  serve(request: { id: RequestId; method: string; params: Record<string, unknown> }, ctx: ServingContext): Promise<Record<string, unknown>>;
}

/** What the core lends an extension when the server is created. */
export interface ExtensionHost {
  /** The server's name, version and title, as `server/discover` gives them. */
  readonly serverInfo: Implementation;
  /** Checks a client's answer to an input request with the kind registered for its method (elicitation, and any plugin's). */
  checkAnswer(request: InputRequest, answer: unknown): AnswerCheck;
  /** The capabilities an input request needs that `declared` lacks, or undefined. */
  missingCapabilities(request: InputRequest, declared: ClientCapabilities): ClientCapabilities | undefined;
  /** The host's `onError` hook, guarded. */
  reportError(error: unknown, info: { method: string | undefined; requestId: RequestId | undefined }): void;
}

/**
 * How the round of one `tools/call` behaves when an extension takes it over:
 * the takeover's hooks. Before the takeover everything is as usual (a missing
 * answer ends the round with `input_required`); after it, a missing answer is
 * the extension's to obtain, and the handler's signal and progress are the
 * extension's.
 */
export interface RoundDiversion {
  /** The signal the handler sees (ctx.signal). */
  readonly signal: AbortSignal;
  /** What ctx.progress does. */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * An ask whose answer is not at hand: a promise of the answer (already
   * checked with `check`), or undefined to end the round with input_required.
   */
  unanswered(key: string, request: InputRequest, check: (answer: unknown) => AnswerCheck): Promise<unknown> | undefined;
  /**
   * A URL-mode ask answered through `unanswered` with an accept, whose handler
   * says how to tell the out-of-band step finished (`elicitUrl`'s
   * `completed`): resolves once it has (the question cannot be asked again the
   * way a round asks it). Without it, the accept is the handler's at once.
   */
  untilCompleted?(completed: () => boolean | Promise<boolean>): Promise<void>;
}

/** What an extension decides for one tools/call (see `ServerExtension.toolCall`). */
export interface ToolCallPlan {
  /** How the handler's round behaves once the extension has taken the call over. */
  readonly diversion: RoundDiversion;
  /** Methods added to the handler's context (such as `runAsTask`). */
  contextMethods?(ctx: InputContext): object;
  /**
   * Runs the handler (`run`: the handler with the tool's output check) and
   * gives the round its answer: the handler's result, or an extension result
   * (`extensionResult`) such as a task handle.
   */
  run(run: () => Promise<unknown>): Promise<unknown>;
}

/**
 * A field an extension adds to the filter of `subscriptions/listen`
 * (`notifications.taskIds`): what it agrees to for one stream (the
 * acknowledgement carries it), and the notifications it then sends there.
 */
export interface ListenExtension {
  /** The filter field it owns. */
  readonly field: string;
  /**
   * What the stream gets for the value asked under `field` (the part it
   * agrees to, echoed in the acknowledgement), or undefined for nothing.
   * Throwing an McpError refuses the whole listen request with it.
   */
  agree(asked: unknown, ctx: ServingContext): Promise<unknown>;
  /**
   * Starts sending on one stream what `agreed` names, through `send` (which
   * adds the subscription id, and returns false when the stream is gone or
   * backed up); returns the function that stops it when the stream ends.
   */
  follow(agreed: unknown, ctx: ServingContext, send: (method: string, params: Record<string, unknown>) => boolean): () => void;
}

/** A protocol extension, as `createServer({ extensions })` takes it. */
export interface ServerExtension {
  /** Its identifier (`io.modelcontextprotocol/tasks`): the key of `capabilities.extensions` on both sides. */
  readonly id: string;
  /** Its settings under `capabilities.extensions[id]` in server/discover (default `{}`). */
  readonly settings?: JSONObject;
  /** Methods it serves, by name; a core method cannot be taken over. */
  readonly methods?: Readonly<Record<string, ExtensionMethod>>;
  /**
   * Request methods whose `Mcp-Name` header carries a params field
   * (`{ "tasks/get": "taskId" }`): the HTTP binding checks it as it checks
   * `tools/call`'s name.
   */
  readonly namedParams?: Readonly<Record<string, string>>;
  /** A field of the subscriptions/listen filter it serves. */
  readonly listen?: ListenExtension;
  /** Called once by createServer, before anything is served. */
  attach?(host: ExtensionHost): void;
  /**
   * Consulted on every tools/call of a known tool, after its arguments are
   * checked and before its round: a plan takes the call over, undefined
   * leaves it as it is. Throwing an McpError answers the call with it.
   */
  toolCall?(call: { name: string; definition: AnyTool; ctx: ServingContext }): ToolCallPlan | undefined;
  /** Called by `server.close()`. */
  close?(): Promise<void>;
}

const EXTENSION_RESULTS = new WeakSet<object>();

/**
 * Marks a result as an extension's own answer (its `resultType` is one the
 * client declared, such as `"task"`): the round passes it on as it is,
 * without `resultType: "complete"`, caching hints or the output check.
 */
export function extensionResult<T extends { resultType: string }>(result: T): T {
  EXTENSION_RESULTS.add(result);
  return result;
}

/** Whether `value` was marked by `extensionResult`. */
export function isExtensionResult(value: unknown): boolean {
  return typeof value === "object" && value !== null && EXTENSION_RESULTS.has(value);
}

/** The extensions of one server, checked once: each id once, each method once and none of the core's. */
export interface Extensions {
  readonly list: readonly ServerExtension[];
  readonly methods: ReadonlyMap<string, ExtensionMethod>;
  readonly namedParams: Readonly<Record<string, string>>;
  /** The listen filter fields extensions serve. */
  readonly listens: readonly ListenExtension[];
  /** The plan of the first extension that takes this tools/call over, if any (`ServerExtension.toolCall`). */
  toolCall(call: { name: string; definition: AnyTool; ctx: ServingContext }): ToolCallPlan | undefined;
}

export function extensionsOf(list: readonly ServerExtension[], coreMethods: readonly string[]): Extensions {
  const ids = new Set<string>();
  const methods = new Map<string, ExtensionMethod>();
  const namedParams: Record<string, string> = {};
  for (const extension of list) {
    if (ids.has(extension.id)) throw new ServerDefinitionError(`Two extensions with id "${extension.id}": register each extension once.`);
    ids.add(extension.id);
    for (const [method, served] of Object.entries(extension.methods ?? {})) {
      if (coreMethods.includes(method)) throw new ServerDefinitionError(`Extension "${extension.id}" cannot serve ${method}: the core serves it.`);
      if (methods.has(method)) throw new ServerDefinitionError(`Two extensions serve ${method}.`);
      methods.set(method, served);
    }
    Object.assign(namedParams, extension.namedParams);
  }
  const listens = list.flatMap((e) => (e.listen ? [e.listen] : []));
  const deciders = list.filter((e) => e.toolCall !== undefined);
  const toolCall: Extensions["toolCall"] = (call) => {
    for (const extension of deciders) {
      const plan = extension.toolCall!(call);
      if (plan) return plan;
    }
    return undefined;
  };
  return { list, methods, namedParams, listens, toolCall };
}
