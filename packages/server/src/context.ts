/**
 * What a handler receives besides its arguments. Every method's handler gets
 * a `RequestContext`; the handlers of `tools/call`, `prompts/get` and
 * `resources/read` get an `InputContext`, through which they ask the client
 * for input, in either of two stateless styles (see docs/architecture.md).
 */
import type {
  ClientCapabilities,
  ElicitRequestFormParams,
  ElicitResult,
  Implementation,
  InputMethodMap,
  InputResponse,
  RequestId,
  RequestMetaObject,
} from "@mrtr/schema";
import type { UrlAllowance } from "./elicitation/url-guard.js";
import type { AuthInfo } from "./auth/auth-info.js";

/** Facts about the request being served. */
export interface RequestContext {
  /** The JSON-RPC method. */
  readonly method: string;
  /** The JSON-RPC id of this request (each retry has a new one). */
  readonly requestId: RequestId;
  /** The protocol version the client sent in `_meta`. */
  readonly protocolVersion: string;
  /** The capabilities the client declared in this request. */
  readonly clientCapabilities: ClientCapabilities;
  /** The client's name and version, when it sent them. */
  readonly clientInfo: Implementation | undefined;
  /** The authenticated principal: the host's `principal` hook, or by default the verified token's issuer#subject. */
  readonly principal: string | undefined;
  /** The verified access token's facts (subject, scopes, client) when the endpoint is protected. */
  readonly auth: AuthInfo | undefined;
  /** The whole `_meta` of the request. */
  readonly meta: RequestMetaObject;
  /**
   * Aborted when the request is cancelled: the client closed the HTTP
   * response (or the connection dropped), sent `notifications/cancelled`, or
   * the host gave up. The client gets no answer then; pass the signal on to
   * whatever the handler awaits so its work stops too.
   */
  readonly signal: AbortSignal;
  /**
   * Reports how far the request has got (`notifications/progress`): `progress`
   * must grow with each call (a value not above the last is dropped), `total`
   * when known, `message` for people. Sent only when the client asked (a
   * `progressToken` in `_meta`), at most one per `progress.minIntervalMs`, never
   * after the answer; otherwise a no-op, so handlers call it freely.
   */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * The host's request object the binding passed with the message: over HTTP
   * the web `Request` (its headers, its URL; narrow it with
   * `ctx.request instanceof Request`), over stdio undefined, in-process
   * whatever `inProcessTransport`'s `request` option gave.
   */
  readonly request: unknown;
}

/** Options of a form elicitation. */
export interface ElicitOptions {
  /** Form mode: fields the secret-field guard must not flag (false positives such as "token_budget"). */
  allowFields?: string[];
  /** URL mode: exceptions to the URL guard (http off loopback, query parameters that only look like secrets). */
  allowUrl?: UrlAllowance;
}

/** Options of a URL-mode elicitation. */
export interface ElicitUrlOptions extends Pick<ElicitOptions, "allowUrl"> {
  /**
   * Whether the out-of-band step has finished. Accept in URL mode means consent,
   * not completion: while this answers false after an accept, the round asks the
   * same question again, which a client treats as "still waiting" and polls.
   */
  completed?: () => boolean | Promise<boolean>;
}

/** The context of a handler that may ask the client for input. */
export interface InputContext<S = unknown> extends RequestContext {
  /**
   * Low-level style: the client's valid answers to the `inputRequests` of the
   * previous `inputRequired(...)`, by key. Unknown keys are dropped; a missing
   * or invalid answer is asked for again before the handler runs.
   */
  readonly inputResponses: Readonly<Record<string, InputResponse>>;
  /** Low-level style: the `state` of the previous `inputRequired(...)`, verified and decrypted. */
  readonly state: S | undefined;
  /**
   * Re-run style: asks the user through a form and returns the answer. The
   * handler runs from the top on every retry; answers of earlier rounds travel
   * in the sealed requestState. Determinism rule: the same key MUST always ask
   * the same question; asking something else under an answered key is an error.
   */
  elicit(key: string, params: Omit<ElicitRequestFormParams, "mode"> & { mode?: "form" }, options?: ElicitOptions): Promise<ElicitResult>;
  /** Re-run style: asks the user to complete a step at a URL (OAuth, payment, API key entry). */
  elicitUrl(key: string, params: { message: string; url: string }, options?: ElicitUrlOptions): Promise<ElicitResult>;
  /**
   * Re-run style, any input kind the server registered: the answer's type
   * follows the request's method (plugins build `sample` and `listRoots` on it).
   */
  ask<M extends keyof InputMethodMap>(key: string, request: InputMethodMap[M]["request"] & { method: M }, options?: ElicitOptions): Promise<InputMethodMap[M]["response"]>;
  /**
   * Demands that the requestState this retry carries is consumed at most once:
   * a second retry with the same state is refused as invalid. No-op on a first call.
   * Rejects with `ReplayGuardUnavailableError` (fail closed) when the replay
   * guard cannot answer; let it propagate: the client is told to retry later.
   */
  consumeOnce(): Promise<void>;
}
