/**
 * Who sent a message, as a server names its callers, for plugins that hold
 * things across requests on a caller's behalf (@mrtr/legacy's sessions): the
 * principal from the server's own `principal` hook (or the verified token),
 * and the owner key its fair shares count against (docs/architecture.md,
 * "Fair shares"). One rule, so a session is bound to exactly whom the core
 * would bind a requestState to.
 */
import type { HandleOptions } from "../exchange.js";
import type { Caller } from "../identify.js";

export type { Caller } from "../identify.js";

type CallerOf = (message: unknown, options?: HandleOptions) => Promise<Caller>;

const callers = new WeakMap<object, CallerOf>();

/** Registers how `server` names callers (createServer does, once). @internal */
export function registerCaller(server: object, caller: CallerOf): void {
  callers.set(server, caller);
}

/**
 * Who sent `message` with these options (the same options a binding passes to
 * `server.handle`: the host's `request`, `auth`, `peer`, `connection`), as
 * `server` names callers. A server not made by `createServer` is refused with
 * a `TypeError`.
 */
export function callerOf(server: object, message: unknown, options: HandleOptions = {}): Promise<Caller> {
  const caller = callers.get(server);
  if (!caller) return Promise.reject(new TypeError("callerOf: the server was not made by createServer of @mrtr/server."));
  return caller(message, options);
}
