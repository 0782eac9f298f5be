/**
 * Who sent a message: the verified token's facts (the binding's, or what
 * `protect` attached to the host's request), the principal (the host's
 * `principal` hook, else the token's issuer#subject) and the owner key its
 * fair shares count against (docs/architecture.md, "Fair shares"). One rule
 * for the dispatcher, `notifications/cancelled` and plugins (`callerOf`), so
 * a session is bound to exactly whom a requestState would be.
 */
import { authInfoOf, principalOf, type AuthInfo } from "./auth/auth-info.js";
import type { HandleOptions } from "./exchange.js";
import { peerOf } from "./shares/peer-address.js";
import { shareOwner, type AnonymousShares } from "./shares/share-owner.js";

/** What the host's `principal` hook is told about a message. */
export interface PrincipalInfo {
  /** The message, decoded. */
  readonly message: unknown;
  /** The host's request object the binding passed with it (over HTTP the web `Request`); undefined when it passed none. */
  readonly request: unknown;
  /** The verified access token's facts, when the binding or `protect` checked one. */
  readonly auth: AuthInfo | undefined;
}

/** The host's `principal` hook: who sent a message (bound into every requestState), or undefined for nobody known. */
export type PrincipalOf = (info: PrincipalInfo) => string | undefined | Promise<string | undefined>;

/** Who sent a message: its principal, and whom what it holds counts against (see `ServingContext.owner`). */
export interface Caller {
  /** The principal, as the host's `principal` hook (or the verified token) names it; undefined for nobody known. */
  readonly principal: string | undefined;
  /** The owner key of its fair shares: `principal:…`, `peer:…`, `connection:…` or `anonymous`. */
  readonly owner: string;
}

/** A caller with the token facts it was named from. */
export interface IdentifiedCaller extends Caller {
  /** The verified access token's facts, when the binding or `protect` checked one. */
  readonly auth: AuthInfo | undefined;
}

/** How one server names the sender of a message with the options a binding passed. */
export type Identify = (message: unknown, options: HandleOptions) => Promise<IdentifiedCaller>;

/** The server's rule for naming callers: its `principal` hook (default: the token's issuer#subject) and how anonymous callers share. */
export function identifier(principal: PrincipalOf | undefined, anonymous: AnonymousShares): Identify {
  return async (message, options) => {
    const auth = options.auth === undefined ? authInfoOf(options.request) : (options.auth ?? undefined);
    // The host's request is read only if the hook reads it (a binding may make it on demand).
    const who = principal ? await principal({ message, auth, get request() { return options.request; } }) : principalOf(auth);
    const peer = options.peer === undefined ? peerOf(options.request) : (options.peer ?? undefined);
    return { principal: who, auth, owner: shareOwner(who, peer, options.connection, anonymous) };
  };
}
