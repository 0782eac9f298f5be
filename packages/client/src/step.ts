/**
 * One step of a call: send the request once (a new id, the client's
 * `_meta`, the retry's answers and byte-exact requestState) and say what the
 * answer comes to. Complete (checked against the method's result schema);
 * claimed by an extension (continued by it, or held for the one that asked);
 * or input required (within the limits, every input request checked before
 * any handler runs). The automatic flow, manual mode and extensions all take
 * their rounds through `step`; a -32022 switches the version, and a result
 * that shows a legacy server switches the era, each once per step.
 */
import { JSONRPC_VERSION, UNSUPPORTED_PROTOCOL_VERSION } from "@mrtr/schema";
import type { JSONRPCRequest } from "@mrtr/schema";
import { checkJSONRPCErrorResponse, checkJsonLimits } from "@mrtr/zod/checks";
import type { ClientCore } from "./core.js";
import { JsonLimitError, JsonRpcError, LegacyServerError, ProtocolViolationError } from "./errors.js";
import { checkInputRequests } from "./input-requests.js";
import { progressFilter } from "./progress.js";
import { completeProblem, firstProblem, inputRound, type InputRound } from "./result-checks.js";
import type { ClaimedResult, FlowCall, FlowEnd } from "./types.js";

/** What a retry sends beside the call's params: the answers, and the state exactly as received. */
export interface Retry {
  /** The answers, by input request key. */
  inputResponses?: Record<string, unknown>;
  /** The server's requestState. */
  requestState?: string;
}

/** What one answer comes to: the end of the call, or input to give. */
export type Step = FlowEnd | InputRound;

type Response = { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };

/**
 * Sends one request of `call` and classifies the answer. `rounds` is how
 * many rounds the call answered so far (for the round events: a manual step
 * emits none).
 */
export async function step(core: ClientCore, call: FlowCall, retry: Retry, rounds = 0): Promise<Step> {
  const { method } = call;
  let negotiated = false;
  let switched = false;
  for (;;) {
    const response = await exchange(core, call, retry, rounds);
    if (response.error) {
      const { code, message, data } = response.error;
      // Unsupported version: once, switch to one the server lists and send again with a new id.
      if (code === UNSUPPORTED_PROTOCOL_VERSION && !negotiated && core.negotiate((data as { supported?: unknown } | undefined)?.supported)) {
        negotiated = true;
        continue;
      }
      throw new JsonRpcError(code, message, data);
    }
    const r = response.result;
    if (r === null || typeof r !== "object" || Array.isArray(r)) {
      throw new ProtocolViolationError(`The server answered ${method} with a result that is not an object.`, r);
    }
    const result = r as Record<string, unknown>;
    const type = result.resultType;
    if (type === undefined || type === "complete") {
      const malformed = completeProblem(method, result);
      if (!malformed) {
        if (!call.manual) core.emit({ type: "completed", method, rounds });
        return { kind: "complete", result, rounds };
      }
      if (type !== undefined) throw new ProtocolViolationError(`The server's ${method} result is malformed: ${malformed}`, result);
      // Every modern result names its resultType: one without it that does not fit is a legacy server's.
      if (!switched && (await core.eraFallBack?.())) {
        switched = true;
        continue;
      }
      throw new LegacyServerError(`its ${method} result has no resultType and does not fit 2026-07-28 (${malformed})`);
    }
    if (type !== "input_required") return claimed(core, call, result as ClaimedResult, rounds);
    const input = inputRound(method, result, core.policy);
    const { inputRequests, requestState } = input.result;
    if (!call.manual) core.emit({ type: "input_required", method, round: rounds + 1, keys: Object.keys(inputRequests ?? {}), hasState: requestState !== undefined });
    if (inputRequests) checkInputRequests(core.kinds, inputRequests, input.result);
    return input;
  }
}

/** Sends the request once; the answer is to it, within the JSON limits, and an error answer is well-formed. */
async function exchange(core: ClientCore, call: FlowCall, retry: Retry, rounds: number): Promise<Response> {
  const { method, params, onProgress } = call;
  const token = onProgress ? core.progressToken() : undefined;
  const message = {
    jsonrpc: JSONRPC_VERSION,
    id: core.nextId(),
    method,
    params: {
      ...params,
      _meta: { ...(params._meta as object | undefined), ...core.meta(), ...(token !== undefined && { progressToken: token }) },
      ...(retry.inputResponses !== undefined && { inputResponses: retry.inputResponses }),
      ...(retry.requestState !== undefined && { requestState: retry.requestState }),
    },
  } as JSONRPCRequest;
  // Aborting the signal cancels the exchange the transport's way (HTTP closes the response; stdio sends notifications/cancelled).
  const options = {
    signal: call.signal,
    ...(call.manual && { manual: true }),
    namedParam: core.namedParams?.[method],
    ...(token !== undefined && { onMessage: progressFilter(token, onProgress!) }),
  };
  const send = (m: JSONRPCRequest, headers?: Readonly<Record<string, string>>, onMessage = options.onMessage) =>
    core.transport.request(m, { ...options, ...(headers && { headers }), ...(onMessage && { onMessage }) });
  const { middleware } = core;
  const response = (await (middleware
    ? middlewareModule().then(({ sendThrough, sentCall, withListeners }) =>
        sendThrough(middleware, sentCall(call, method, message, rounds), (sent) => send(sent.message, sent.headers, withListeners(options.onMessage, sent.listeners))),
      )
    : send(message))) as Response;
  const hit = checkJsonLimits(response, core.policy.jsonLimits);
  if (hit) throw new JsonLimitError(hit.limit, hit.max, hit.path);
  // The answer must be to this request (an error may lack the id when the server could not read it).
  if (response.id !== message.id && !(response.error && response.id == null)) {
    throw new ProtocolViolationError(`The server answered request ${JSON.stringify(message.id)} with a response for id ${JSON.stringify(response.id)}.`, response);
  }
  // JSON-RPC 2.0 answers an unreadable request with "id": null; the draft's schema writes the same by leaving id out.
  const malformed = response.error && firstProblem(checkJSONRPCErrorResponse, response.id === null ? withoutId(response) : response);
  if (malformed) throw new ProtocolViolationError(`The server's error response is malformed: ${malformed}`, response);
  return response;
}

/** A result an extension claims: held for the call's `hold` extension, else continued by its extension (ProtocolViolationError when none claims it). */
async function claimed(core: ClientCore, call: FlowCall, result: ClaimedResult, rounds: number): Promise<FlowEnd> {
  const { method, params, signal } = call;
  const claim = core.claims?.get(`${method} ${String(result.resultType)}`);
  if (!claim) throw new ProtocolViolationError(`Unknown resultType ${JSON.stringify(result.resultType)} in the ${method} result.`, result);
  if (call.hold === claim.extension) return { kind: "held", result };
  // A manual step hands the extension the call without its progress listener; the extension checks what it ends with as complete.
  const complete = await claim.proceed(result, call.manual ? { method, params, signal } : call);
  if (!call.manual) core.emit({ type: "completed", method, rounds });
  // No rounds: a result reached through an extension is never cached.
  return { kind: "complete", result: complete };
}

let sending: Promise<typeof import("./send-through.js")> | undefined;
/** The middleware runner, loaded the first time a client with middleware sends: a client without middleware carries none of its code. */
const middlewareModule = () => (sending ??= import("./send-through.js"));

/** A response without its `id` key. */
function withoutId({ id: _id, ...rest }: Response): Omit<Response, "id"> {
  return rest;
}
