/**
 * The multi round-trip loop: send a request; on `input_required`, answer the
 * input requests through the registered kinds and send the same request again
 * with a new id, the answers and the byte-exact requestState; repeat until
 * the result is complete. One call of `runFlow` is one flow: nothing it holds
 * is shared with another flow.
 */
import { INPUT_REQUIRED_METHODS, JSONRPC_VERSION, UNSUPPORTED_PROTOCOL_VERSION } from "@mrtr/schema";
import type { Implementation, InputRequests, JSONRPCRequest, RequestId, RequestMetaObject } from "@mrtr/schema";
import { checkJSONRPCErrorResponse, checkJsonLimits, firstIssueOf, resultResponseChecks, type Check, type JsonLimits } from "@mrtr/zod/checks";
import {
  FlowAbortedError,
  JsonLimitError,
  JsonRpcError,
  LegacyServerError,
  MaxRoundsError,
  McpClientError,
  ProtocolViolationError,
  RequestStateTooLargeError,
  TooManyInputRequestsError,
  UndeclaredCapabilityError,
} from "./errors.js";
import { capabilityFor, fixFor, type ClientInputKind } from "./input-kinds.js";
import type { Claim, ClientExtension } from "./extensions.js";
import type { RoundEvent } from "./hooks.js";
import { progressFilter, type ProgressListener } from "./progress.js";
import type { Transport } from "./transport.js";
import { sleep, utf8Length } from "@mrtr/internal";

/** How the client behaves between rounds. */
export interface FlowPolicy {
  /** Most retries that answer new input requests (default 10). */
  maxRounds: number;
  /** Back-off of rounds that carry only requestState: first delay, cap (ms). */
  backoff: {
    /** The first delay (default 100 ms); each next one doubles. */
    initialMs: number;
    /** The longest delay (default 5 000 ms). */
    maxMs: number;
  };
  /** After a URL-mode accept, a round asking the same again means "still waiting": poll every intervalMs, at most maxPolls times. */
  urlPolling: {
    /** The wait between polls, in ms. */
    intervalMs: number;
    /** The most polls before MaxRoundsError. */
    maxPolls: number;
  };
  /** Largest requestState the client echoes, in UTF-8 bytes (default 256 KiB). */
  maxRequestStateBytes: number;
  /** Most input requests one round may carry (default 32). */
  maxInputRequests: number;
  /** Most input handlers running at once within a round (default 4). */
  inputConcurrency: number;
  /** Limits every response must keep within before it is read (absent ones: @mrtr/zod's DEFAULT_JSON_LIMITS). */
  jsonLimits: Partial<JsonLimits>;
}

/** The defaults of the limits in {@link FlowPolicy}. */
export const FLOW_LIMIT_DEFAULTS = { maxRequestStateBytes: 256 * 1024, maxInputRequests: 32, inputConcurrency: 4 } as const;

/** Everything a flow needs from its client. */
export interface FlowContext {
  transport: Transport;
  meta(): RequestMetaObject;
  kinds: Map<string, ClientInputKind>;
  policy: FlowPolicy;
  nextId(): RequestId;
  /**
   * After -32022: switch to a version from the server's `supported` list that
   * this client speaks. True when it switched (the request is then sent again).
   */
  negotiate(supported: unknown): boolean;
  server(): Implementation | undefined;
  emit(event: RoundEvent): void;
  /** A fresh progress token (unique among this client's requests). */
  progressToken(): string;
  /** The extension continuing each claimed resultType, by `method + " " + resultType` (none without extensions). */
  claims?: ReadonlyMap<string, Claim>;
  /** Methods of extensions whose `Mcp-Name` carries a params field, told to the transport. */
  namedParams?: Readonly<Record<string, string>>;
  /** A result showed the server speaks an initialize-based revision: switch the transport to it (true when it did; the request is then sent again). */
  eraFallBack?: () => Promise<boolean>;
}

/** What one call adds to its rounds. */
export interface CallHooks {
  /** Progress reports of every round (each round is a request of its own with its own token). */
  onProgress?: ProgressListener;
  /** Set by the flow: how many rounds the call took (0 when the first answer completed it). */
  rounds?: number;
  /** A manual-mode step (told to the transport). */
  manual?: boolean;
  /** A result this extension claims ends the flow as it came, and `claimed` is set (`ClientExtensionHost.start`). */
  hold?: ClientExtension;
  claimed?: boolean;
}

/** A result the server sent, classified. */
export type Step =
  | { kind: "complete"; result: Record<string, unknown> }
  | {
      kind: "input";
      result: { resultType: "input_required"; inputRequests?: InputRequests; requestState?: string };
      /** The server that asks, when the result names it in `_meta`. */
      server?: Implementation;
    }
  | { kind: "claimed"; result: Record<string, unknown> & { resultType: string }; claim: Claim };

const MRTR = new Set<string>(INPUT_REQUIRED_METHODS);

/** Sends one request of a flow and classifies the answer. */
export async function send(
  ctx: FlowContext,
  method: string,
  params: Record<string, unknown>,
  retry: { inputResponses?: Record<string, unknown>; requestState?: string },
  signal: AbortSignal,
  hooks: CallHooks = {},
  /** Whether this request already switched versions after a -32022 (it does so once). */
  negotiated = false,
  /** Whether this request already switched era on a legacy-looking result (it does so once). */
  switched = false,
): Promise<Step> {
  const token = hooks.onProgress ? ctx.progressToken() : undefined;
  const message = {
    jsonrpc: JSONRPC_VERSION,
    id: ctx.nextId(),
    method,
    params: {
      ...params,
      _meta: { ...(params._meta as object | undefined), ...ctx.meta(), ...(token !== undefined && { progressToken: token }) },
      ...(retry.inputResponses !== undefined && { inputResponses: retry.inputResponses }),
      ...(retry.requestState !== undefined && { requestState: retry.requestState }),
    },
  } as JSONRPCRequest;
  // Aborting `signal` cancels the exchange the transport's way (HTTP closes the response; stdio sends notifications/cancelled).
  const response = (await ctx.transport.request(message, {
    signal,
    ...(hooks.manual && { manual: true }),
    namedParam: ctx.namedParams?.[method],
    ...(token !== undefined && { onMessage: progressFilter(token, hooks.onProgress!) }),
  })) as { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
  const hit = checkJsonLimits(response, ctx.policy.jsonLimits);
  if (hit) throw new JsonLimitError(hit.limit, hit.max, hit.path);
  // The answer must be to this request (an error may lack the id when the server could not read it).
  if (response.id !== message.id && !(response.error && response.id == null)) {
    throw new ProtocolViolationError(`The server answered request ${JSON.stringify(message.id)} with a response for id ${JSON.stringify(response.id)}.`, response);
  }
  if (response.error) {
    const malformed = firstProblem(checkJSONRPCErrorResponse, response);
    if (malformed) throw new ProtocolViolationError(`The server's error response is malformed: ${malformed}`, response);
    const { code, message: text, data } = response.error;
    // Unsupported version: once, switch to one the server lists and send again with a new id.
    if (code === UNSUPPORTED_PROTOCOL_VERSION && !negotiated && ctx.negotiate((data as { supported?: unknown } | undefined)?.supported)) {
      return send(ctx, method, params, retry, signal, hooks, true, switched);
    }
    throw new JsonRpcError(code, text, data);
  }
  const result = response.result;
  if (result === null || typeof result !== "object" || Array.isArray(result)) {
    throw new ProtocolViolationError(`The server answered ${method} with a result that is not an object.`, result);
  }
  const r = result as Record<string, unknown>;
  const type = r.resultType;
  if (type === undefined || type === "complete") {
    const malformed = completeProblem(method, r);
    if (malformed) {
      // Every modern result names its resultType: one without it that does not fit is a legacy server's.
      if (type === undefined) {
        if (!switched && (await ctx.eraFallBack?.())) return send(ctx, method, params, retry, signal, hooks, negotiated, true);
        throw new LegacyServerError(`its ${method} result has no resultType and does not fit 2026-07-28 (${malformed})`);
      }
      throw new ProtocolViolationError(`The server's ${method} result is malformed: ${malformed}`, r);
    }
    return { kind: "complete", result: r };
  }
  if (type !== "input_required") {
    const claim = ctx.claims?.get(`${method} ${String(type)}`);
    if (claim) return { kind: "claimed", result: r as Record<string, unknown> & { resultType: string }, claim };
    throw new ProtocolViolationError(`Unknown resultType ${JSON.stringify(type)} in the ${method} result.`, r);
  }
  if (!MRTR.has(method)) {
    throw new ProtocolViolationError(`The server answered ${method} with input_required; only ${[...MRTR].join(", ")} may.`, r);
  }
  const requests = r.inputRequests;
  const state = r.requestState;
  if (requests !== undefined && (requests === null || typeof requests !== "object" || Array.isArray(requests))) {
    throw new ProtocolViolationError("inputRequests must be an object.", r);
  }
  if (state !== undefined && typeof state !== "string") throw new ProtocolViolationError("requestState must be a string.", r);
  if (state !== undefined) {
    const size = utf8Length(state);
    if (size > ctx.policy.maxRequestStateBytes) throw new RequestStateTooLargeError(ctx.policy.maxRequestStateBytes, size);
  }
  const count = requests === undefined ? 0 : Object.keys(requests).length;
  if (count > ctx.policy.maxInputRequests) throw new TooManyInputRequestsError(ctx.policy.maxInputRequests, count);
  const hasRequests = count > 0;
  if (!hasRequests && state === undefined) {
    throw new ProtocolViolationError("The server answered input_required with neither inputRequests nor requestState.", r);
  }
  const named = (r._meta as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/serverInfo"] as Implementation | undefined;
  return {
    kind: "input",
    ...(named && typeof named === "object" && typeof named.name === "string" && { server: named }),
    result: {
      resultType: "input_required",
      ...(hasRequests && { inputRequests: requests as InputRequests }),
      ...(state !== undefined && { requestState: state }),
    },
  };
}

/** The first rule `r` breaks as a complete result of `method` (an absent resultType means complete: checked as if it were said). */
export function completeProblem(method: string, r: Record<string, unknown>): string | undefined {
  const check = Object.prototype.hasOwnProperty.call(resultResponseChecks, method) ? (resultResponseChecks as Record<string, Check>)[method] : undefined;
  return check && firstProblem(check, { jsonrpc: "2.0", id: 0, result: { ...r, resultType: "complete" } });
}

/** The first rule `value` breaks, as `path message`, or undefined when it is valid (words are made only for an invalid value). */
function firstProblem(check: Check, value: unknown): string | undefined {
  const issue = firstIssueOf(check, value);
  return issue && `${issue.path.join(".")} ${issue.message}`;
}

/**
 * The application's answers to a pending round, as sent: each prepared by its
 * kind (validated, unknown fields dropped, defaults filled); answers under keys
 * the round did not ask are dropped; a key left unanswered is asked again by the server.
 */
export function prepareAnswers(kinds: Map<string, ClientInputKind>, requests: InputRequests, answers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(requests)) {
    if (!Object.prototype.hasOwnProperty.call(answers, key) || answers[key] === undefined) continue;
    const method = (request as { method: string }).method;
    const kind = kinds.get(method);
    if (!kind) throw new UndeclaredCapabilityError(method, capabilityFor(method), fixFor(method));
    out[key] = kind.prepare(request, answers[key], key);
  }
  return out;
}

/** Checks every input request of a round before any handler runs; throws on the first it cannot serve. */
export function checkInputRequests(kinds: Map<string, ClientInputKind>, requests: InputRequests, result: unknown): void {
  for (const [key, request] of Object.entries(requests)) {
    const method = (request as { method?: unknown } | null)?.method;
    if (typeof method !== "string") throw new ProtocolViolationError(`Input request "${key}" has no method.`, result);
    const kind = kinds.get(method);
    if (!kind) throw new UndeclaredCapabilityError(method, capabilityFor(method), fixFor(method));
    const verdict = kind.check(request);
    if (!verdict.ok) {
      if (verdict.kind === "undeclared") throw new UndeclaredCapabilityError(method, verdict.capability, verdict.fix);
      throw new ProtocolViolationError(`Input request "${key}" is malformed: ${verdict.problem}`, result);
    }
  }
}


/** A signal that aborts with the caller's signal or after `timeoutMs`. */
export function flowSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal {
  const signals = [signal, timeoutMs !== undefined ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  if (signals.length === 0) return new AbortController().signal;
  return signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
}

/** Translates an abort into a FlowAbortedError; passes other errors through. */
export function abortError(error: unknown, signal: AbortSignal): unknown {
  if (!signal.aborted || error instanceof McpClientError) return error;
  const reason = signal.reason as { name?: string } | undefined;
  return new FlowAbortedError(reason?.name === "TimeoutError" ? "timeout" : "aborted", signal.reason);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);


/** `fn` over `items`, at most `limit` at a time, results in order; the first failure rejects. */
export async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Asks the handler of `request`'s kind (checked before) and prepares its answer as sent: automatic mode's one answer path. */
export async function askHandler(ctx: FlowContext, key: string, request: unknown, info: { method: string; server: Implementation | undefined; signal: AbortSignal }): Promise<unknown> {
  const kind = ctx.kinds.get((request as { method: string }).method)!;
  return kind.prepare(request, await kind.answer(request, { key, ...info }), key);
}

/** Runs a whole flow automatically and returns the complete result. */
export async function runFlow(ctx: FlowContext, method: string, params: Record<string, unknown>, signal: AbortSignal, hooks: CallHooks = {}): Promise<Record<string, unknown>> {
  let retry: { inputResponses?: Record<string, unknown>; requestState?: string } = {};
  let rounds = 0;
  let polls = 0;
  let stateOnly = 0;
  // URL-mode questions this flow accepted, by key: asked the same again means "still waiting".
  const urlAccepted = new Map<string, unknown>();
  try {
    for (;;) {
      const step = await send(ctx, method, params, retry, signal, hooks);
      if (step.kind === "claimed") {
        if (hooks.hold === step.claim.extension) {
          hooks.claimed = true;
          return step.result;
        }
        // hooks.rounds stays unset: a result reached through an extension is never cached. proceed checks it as complete.
        const result = await step.claim.proceed(step.result, method, params, signal, hooks);
        ctx.emit({ type: "completed", method, rounds });
        return result;
      }
      if (step.kind === "complete") {
        hooks.rounds = rounds;
        ctx.emit({ type: "completed", method, rounds });
        return step.result;
      }
      const { inputRequests, requestState } = step.result;
      ctx.emit({ type: "input_required", method, round: rounds + 1, keys: Object.keys(inputRequests ?? {}), hasState: requestState !== undefined });
      let delay = 0;
      let inputResponses: Record<string, unknown> | undefined;
      if (inputRequests) {
        checkInputRequests(ctx.kinds, inputRequests, step.result);
        const fresh = Object.entries(inputRequests).filter(([key, request]) => !(urlAccepted.has(key) && same(urlAccepted.get(key), request)));
        if (fresh.length === 0) {
          // Every question is a URL step already consented to: the server is waiting for it to finish.
          if (++polls > ctx.policy.urlPolling.maxPolls) throw new MaxRoundsError(rounds + polls - 1, step.result);
          delay = ctx.policy.urlPolling.intervalMs;
        } else {
          if (++rounds > ctx.policy.maxRounds) throw new MaxRoundsError(rounds - 1, step.result);
        }
        stateOnly = 0;
        inputResponses = {};
        const answers = await mapLimited(
          Object.entries(inputRequests),
          ctx.policy.inputConcurrency,
          async ([key, request]) => {
            if (urlAccepted.has(key) && same(urlAccepted.get(key), request)) return [key, { action: "accept" }] as const;
            const answer = await askHandler(ctx, key, request, { method, server: step.server ?? ctx.server(), signal });
            const isUrl = (request as { params?: { mode?: string } }).params?.mode === "url";
            if (isUrl && (answer as { action?: string }).action === "accept") urlAccepted.set(key, request);
            return [key, answer] as const;
          },
        );
        for (const [key, answer] of answers) inputResponses[key] = answer;
        ctx.emit({ type: "answered", method, round: rounds, keys: Object.keys(inputResponses) });
      } else {
        // Only requestState: the server sheds load or polls. Retry, backing off.
        if (++rounds > ctx.policy.maxRounds) throw new MaxRoundsError(rounds - 1, step.result);
        delay = Math.min(ctx.policy.backoff.initialMs * 2 ** stateOnly, ctx.policy.backoff.maxMs);
        stateOnly++;
      }
      retry = { ...(inputResponses !== undefined && { inputResponses }), ...(requestState !== undefined && { requestState }) };
      ctx.emit({ type: "retrying", method, round: rounds, delayMs: delay });
      if (delay > 0) await sleep(delay, signal);
    }
  } catch (error) {
    throw abortError(error, signal);
  }
}
