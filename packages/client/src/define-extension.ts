/**
 * `defineClientExtension`: what an extension works with, built from what
 * the client lends it (`ExtensionCore`) when the extension is linked. Each call it continues
 * gets an `ExtensionCall` (requests with the client's `_meta`, the call's
 * signal, the client's input handlers through the flow's own checks and
 * answer path); the extension itself gets a `ClientExtensionHost` (start a
 * call and keep the claimed result, continue a call outside a flow, prepare
 * the application's answers, open a listen stream). None of it is in a client without extensions.
 */
import type { Implementation, InputRequests } from "@mrtr/schema";
import { abortError } from "./call-signal.js";
import { callEnded } from "./call-end.js";
import { McpClientError, ProtocolViolationError, TooManyInputRequestsError } from "./errors.js";
import { askHandler, checkInputRequests, prepareAnswers } from "./input-requests.js";
import { mapLimited } from "./map-limited.js";
import type { ProgressListener } from "./progress.js";
import { CORE_LISTEN_METHODS } from "./listen-open.js";
import { completeProblem } from "./result-checks.js";
import type { CallOptions, ClaimedResult, ClientExtension, ExtensionCore, ExtensionProceed, FlowCall, McpClient } from "./types.js";

/** The context of one call an extension continues. */
export interface ExtensionCall {
  /** The call's method and params, as the caller gave them (without `_meta`). */
  readonly method: string;
  /** The call's params, as the caller gave them. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Aborts when the call's signal does or its time limit (`timeoutMs`) runs out. */
  readonly signal: AbortSignal;
  /** The call's progress listener, if any. */
  readonly onProgress?: ProgressListener;
  /**
   * Sends a request of any method with the client's `_meta` (its version,
   * info and capabilities, this extension's included) and resolves to the
   * complete result, as `client.request` does; bound to the call's signal
   * unless `options.signal` is given.
   */
  request(method: string, params: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<Record<string, unknown>>;
  /**
   * Answers input requests with the client's registered handlers: every
   * request is checked first, as a round's are (more than `maxInputRequests`,
   * an undeclared capability or a malformed request throws before any
   * handler runs); then the handlers run, at most `inputConcurrency` at once,
   * and each answer, prepared as a round's are (checked against its question,
   * defaults filled), goes to `each` as soon as its handler finishes.
   * Resolves when every `each` has run; rejects with the first failure.
   */
  answer(requests: InputRequests, each: (key: string, answer: unknown) => void | Promise<void>, options?: { signal?: AbortSignal; server?: Implementation }): Promise<void>;
}

/** What the client lends an extension (`attach`). */
export interface ClientExtensionHost {
  /** The client the extension was given to. */
  readonly client: McpClient;
  /**
   * Runs a request as `client.request` does (input rounds answered by the
   * handlers), but a result whose `resultType` this extension claims for the
   * method is handed back as it came instead of continued.
   */
  start(
    method: string,
    params: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<
    | {
        /** The call completed. */
        status: "complete";
        /** Its complete result. */
        result: Record<string, unknown>;
      }
    | {
        /** The result is one this extension claims. */
        status: "claimed";
        /** The result as it came. */
        result: Record<string, unknown> & {
          /** The claimed result type. */
          resultType: string;
        };
      }
  >;
  /**
   * Continues a call of `method` outside any flow (such as a task stored by
   * another process): `run` gets the call's context (signal and time limit
   * from `options`); what it returns is checked as the method's complete result.
   */
  continue(method: string, params: Record<string, unknown>, options: CallOptions | undefined, run: (call: ExtensionCall) => Promise<Record<string, unknown>>): Promise<Record<string, unknown>>;
  /**
   * The application's own answers to `requests`, prepared as `client.resume`
   * prepares them (checked against each question, form defaults filled,
   * answers to keys not asked dropped; InvalidAnswerError otherwise).
   */
  prepare(requests: InputRequests, answers: Record<string, unknown>): Record<string, unknown>;
  /**
   * Opens one `subscriptions/listen` stream, as `ExtensionCore.listen` says:
   * its messages (the acknowledgement first, then the notifications asked
   * for, this extension's `listenNotifications` among them) go to
   * `options.onEvent`; resolves when the stream ends, however it ends,
   * telling whether it was acknowledged; rejects when it could not be opened.
   * Nothing re-opens it: that is the extension's choice.
   */
  listen: ExtensionCore["listen"];
}

/** An extension as its author writes it (see `ClientExtension` for the fields it shares). */
export interface ClientExtensionDefinition extends Pick<ClientExtension, "id" | "settings" | "results" | "namedParams" | "listenNotifications"> {
  /** Called once per client the extension is given to, after the client is built. */
  attach?(host: ClientExtensionHost): void;
  /**
   * Continues a call whose result has a `resultType` the extension claims
   * for the call's method; resolves to the method's complete result, which
   * the client checks as such before the caller gets it. `host` is what the
   * client making the call lent (the one `attach` got), so an extension given
   * to several clients can tell them apart.
   */
  continue(result: ClaimedResult, call: ExtensionCall, host: ClientExtensionHost): Promise<Record<string, unknown>>;
}

/** The context of one call an extension continues, from what the client lent (`core`). */
function extensionCall(core: ExtensionCore, call: FlowCall, id: string): ExtensionCall {
  const { method, signal } = call;
  return {
    method,
    params: call.params,
    signal,
    ...(call.onProgress && { onProgress: call.onProgress }),
    // A follow-up of the call: the same flow for middleware, its end the call's.
    request: async (m, p, o = {}) => (await core.run({ method: m, params: p, signal: o.signal ?? signal, flowId: (call.flowId ??= globalThis.crypto.randomUUID()), followUp: id, ends: (call.ends ??= []) })).result,
    async answer(requests, each, o = {}) {
      const entries = Object.entries(requests);
      if (entries.length > core.policy.maxInputRequests) throw new TooManyInputRequestsError(core.policy.maxInputRequests, entries.length);
      checkInputRequests(core.kinds, requests, requests);
      const info = { method, server: o.server ?? core.server(), signal: o.signal ?? signal };
      await mapLimited(entries, core.policy.inputConcurrency, async ([key, request]) => each(key, await askHandler(core.kinds, key, request, info)));
    },
  };
}

const CORE_RESULT_TYPES = ["complete", "input_required"];

/** What an extension ended a call with, checked as the method's complete result (ProtocolViolationError otherwise). */
function checkComplete(method: string, result: unknown): Record<string, unknown> {
  const r = result as Record<string, unknown> | null;
  const problem =
    typeof r !== "object" || !r || Array.isArray(r) ? "not an object" : r.resultType !== undefined && r.resultType !== "complete" ? `resultType ${JSON.stringify(r.resultType)}` : completeProblem(method, r);
  if (problem) throw new ProtocolViolationError(`An extension's ${method} result is malformed: ${problem}`, result);
  return r!;
}

/** The extension createClient takes, from its definition. */
export function defineClientExtension(definition: ClientExtensionDefinition): ClientExtension {
  for (const types of Object.values(definition.results ?? {})) {
    const reserved = types.find((t) => CORE_RESULT_TYPES.includes(t));
    if (reserved) throw new McpClientError(`Extension "${definition.id}" cannot claim resultType "${reserved}": the core handles it.`);
  }
  for (const method of definition.listenNotifications ?? []) {
    // The core's own (and the cancellation that ends a stream) keep their meaning.
    if (!method.startsWith("notifications/") || CORE_LISTEN_METHODS.has(method) || method === "notifications/cancelled") {
      throw new McpClientError(`Extension "${definition.id}" cannot take ${JSON.stringify(method)} on listen streams: only notifications of its own.`);
    }
  }
  const extension: ClientExtension = {
    id: definition.id,
    ...(definition.settings && { settings: definition.settings }),
    ...(definition.results && { results: definition.results }),
    ...(definition.namedParams && { namedParams: definition.namedParams }),
    ...(definition.listenNotifications && { listenNotifications: definition.listenNotifications }),
    link(core) {
      const { client, signalOf, open, claims } = core;
      /** The call `method` makes with these options. */
      const callOf = (method: string, params: Record<string, unknown>, o: CallOptions | undefined): FlowCall => ({
        method,
        params,
        signal: signalOf(o),
        ...(o?.onProgress && { onProgress: o.onProgress }),
      });
      const host: ClientExtensionHost = {
        client,
        async start(method, params, o) {
          open();
          const end = await core.run({ ...callOf(method, params, o), hold: extension });
          return end.kind === "held" ? { status: "claimed", result: end.result } : { status: "complete", result: end.result };
        },
        async continue(method, params, o, run) {
          open();
          const call = callOf(method, params, o);
          let failure: unknown;
          try {
            return checkComplete(method, await run(extensionCall(core, call, definition.id)));
          } catch (error) {
            throw (failure = abortError(error, call.signal));
          } finally {
            callEnded(call, failure);
          }
        },
        prepare: (requests, answers) => prepareAnswers(core.kinds, requests, answers),
        listen: (filter, o) => core.listen(filter, o),
      };
      definition.attach?.(host);
      const proceed: ExtensionProceed = async (result, call) => checkComplete(call.method, await definition.continue(result, extensionCall(core, call, definition.id), host));
      for (const [method, types] of Object.entries(definition.results ?? {})) {
        for (const type of types) {
          if (claims.has(`${method} ${type}`)) throw new McpClientError(`Two extensions claim resultType "${type}" on ${method}.`);
          claims.set(`${method} ${type}`, { extension, proceed });
        }
      }
    },
  };
  return extension;
}
