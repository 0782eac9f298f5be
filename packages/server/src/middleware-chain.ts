/**
 * Server middleware (`server.use(...)`): an onion around every request the
 * server serves, whatever the binding (HTTP, stdio, in-process), the era
 * (modern, or bridged from an initialize-based session) and the method
 * (extension methods included). Notifications and responses sent to the
 * server pass by it. A middleware sees a read-only description of the call
 * (`ServedCall`), and may call `next()` (once) to go on, return a result of
 * its own instead, or throw an `McpError` (answered as a handler's would be).
 * The first `use`d is the outermost. A server with none runs no middleware
 * code at all.
 */
import type { AuthInfo } from "./auth/auth-info.js";
import type { RequestId } from "@mrtr/schema";
import { runOnion } from "@mrtr/internal";
import { ServerDefinitionError } from "./errors.js";

/** The flow a multi round-trip request belongs to. */
export interface FlowPosition {
  /**
   * The flow's id: made on its first round and carried, sealed, in every
   * requestState of the flow, so rounds served by different instances are
   * recognisable as one flow.
   */
  readonly id: string;
  /** The round: 1 for a first call, 2 for the first retry, and so on. */
  readonly round: number;
}

/** A request as middleware sees it. */
export interface ServedCall {
  /** The method. */
  readonly method: string;
  /** The request's JSON-RPC id. */
  readonly id: RequestId;
  /** Its params, as validated (read-only: a middleware does not change what the handler gets). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Who sent it (the `principal` hook's answer, else the verified token's issuer#subject); undefined for nobody known. */
  readonly principal: string | undefined;
  /** The verified token's facts (its scopes, client, expiry) that `protect` or the binding attached; undefined without authorization. */
  readonly auth: AuthInfo | undefined;
  /** Whom what it holds counts against (`principal:…`, `peer:…`, `connection:…` or `anonymous`): the key of a per-caller limit. */
  readonly owner: string;
  /** What it names: the tool of `tools/call`, the prompt of `prompts/get`, the URI of `resources/read`; undefined for other methods. */
  readonly name: string | undefined;
  /** The binding it came through, as the binding says (`"http"`, `"stdio"`, `"in-process"`), or `"unknown"`. */
  readonly transport: string;
  /** `"legacy"` when an era plugin bridged it from an initialize-based session, else `"modern"`. */
  readonly era: "modern" | "legacy";
  /** The protocol version the request carries. */
  readonly protocolVersion: string;
  /** The id of the initialize-based session it was bridged from (`Mcp-Session-Id` over HTTP); undefined for a modern request. */
  readonly session: string | undefined;
  /**
   * For `tools/call`, `prompts/get` and `resources/read`: the flow and the
   * round; undefined for other methods, and for a retry whose requestState
   * could not be opened (the call then fails with -32602).
   */
  readonly flow: FlowPosition | undefined;
  /** A header of the HTTP request it came in (lower or any case); undefined without one, or over a binding without headers. */
  header(name: string): string | undefined;
  /** Aborts when the request is over early: the peer left, it was cancelled, or `abort` was called. */
  readonly signal: AbortSignal;
  /**
   * Ends the request early: the handler's `ctx.signal` aborts with `reason`.
   * An `McpError` reason is the client's answer; any other leaves the
   * request unanswered, as a cancelled one.
   */
  abort(reason: Error): void;
}

/** What `next()` resolves to: the result the call is answered with. */
export type CallResult = Record<string, unknown>;

/**
 * One layer of the onion: call `next()` to go on (at most once) and return
 * what it resolves to, or something else; or answer without calling it.
 */
export type Middleware = (call: ServedCall, next: () => Promise<CallResult>) => Promise<CallResult>;

/** Runs `inner` inside `layers`, the first outermost. */
export function runLayers(layers: readonly Middleware[], call: ServedCall, inner: () => Promise<CallResult>): Promise<CallResult> {
  return runOnion(
    layers.length,
    (i, _call, next) => layers[i]!(call, () => next()),
    call,
    inner,
    (i) => new ServerDefinitionError(`Middleware ${i + 1} of ${layers.length} called next() twice for one ${call.method}: call it at most once.`),
  );
}
