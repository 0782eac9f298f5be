/**
 * The context of one request as the server's methods see it (the handler's
 * `RequestContext` plus the stream the answer may go out on and whom the
 * request's holds count against), and the one place it is built. The host's
 * request is a getter on it, read from the binding's options on first use,
 * so a binding that makes its request object on demand makes it only for a
 * handler or hook that reads it; contexts built from it (a round's
 * `InputContext`, a completer's) are copies that keep the getter.
 */
import type { JSONRPCNotification } from "@mrtr/schema";
import type { RequestContext } from "./context.js";
import type { HandleOptions } from "./exchange.js";

/** The context of a request as methods see it: the handler's, plus the stream the answer may go out on. */
export interface ServingContext extends RequestContext {
  /** Sends a notification ahead of the answer; false when it was not sent (no stream, the request is over, or the stream backed up). */
  readonly emit: (notification: JSONRPCNotification) => boolean;
  /** Whether the binding sends notifications ahead of the answer (HTTP and stdio do; a plain `handle` call without `send` does not). */
  readonly streaming: boolean;
  /**
   * Whom what this request holds across requests counts against, for fair
   * shares (docs/architecture.md, "Fair shares"): `principal:<principal>`, or
   * for a caller without one (as `createServer({ anonymous })` says)
   * `peer:<address>`, `connection:<n>` or `anonymous`.
   */
  readonly owner: string;
  /** Whether the message came from a bridge that bounds what it holds itself (`HandleOptions.bridge`: an era plugin's session). */
  readonly bridged: boolean;
}

/** What the dispatcher knows of a request when it builds its context: everything but the host's request, which comes from the binding's options, and the signal, which comes from the request's abort. */
export type ServingFacts = Omit<ServingContext, "request" | "signal">;

/** Where a context keeps what its lazy members read: the binding's options, the request once read, and the request's abort. */
const SLOT = Symbol("mrtr.context");

interface ContextSlot {
  readonly options: HandleOptions;
  readonly abort: { readonly signal: AbortSignal };
  read: boolean;
  value: unknown;
}

type Slotted = { [SLOT]: ContextSlot };

/** Which lazy members of a context were assigned over (shared by its copies until one assigns again). */
const ASSIGNED = Symbol("mrtr.context.assigned");

type Marked = { [ASSIGNED]?: ReadonlySet<string> };

/** A member assigned over a lazy one becomes a plain one (an extension's own signal, a test's stub), and stays so in copies. */
function own(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  const marked = target as Marked;
  marked[ASSIGNED] = new Set([...(marked[ASSIGNED] ?? []), key]);
}

/**
 * The lazy members every context shares (one getter each, so contexts share
 * their shape and copying one stays cheap): `request`, read from the
 * binding's options on first use, and `signal`, the request's abort's (made
 * on first read, request-abort.ts).
 */
const LAZY: PropertyDescriptorMap = {
  request: {
    get(this: Slotted) {
      const slot = this[SLOT];
      if (!slot.read) {
        slot.value = slot.options.request;
        slot.read = true;
      }
      return slot.value;
    },
    set(this: object, value: unknown) {
      own(this, "request", value);
    },
    enumerable: true,
    configurable: true,
  },
  signal: {
    get(this: Slotted) {
      return this[SLOT].abort.signal;
    },
    set(this: object, value: unknown) {
      own(this, "signal", value);
    },
    enumerable: true,
    configurable: true,
  },
};
const LAZY_KEYS = Object.keys(LAZY);

/** The context of one request: `facts`, `ctx.request` read from the binding's `options` on first use, `ctx.signal` from `abort` on first read. */
export function servingContext(facts: ServingFacts, options: HandleOptions, abort: { readonly signal: AbortSignal }): ServingContext {
  (facts as Partial<Slotted>)[SLOT] = { options, abort, read: false, value: undefined };
  return Object.defineProperties(facts, LAZY) as ServingContext;
}

/**
 * A copy of `ctx` with `extra` added, keeping its lazy members unread (a
 * spread would read them). Copies own properties one by one: a copy by
 * property descriptors turned every round's context into a slow dictionary
 * object.
 */
export function extendContext<T extends object, E extends object>(ctx: T, extra: E): T & E {
  const copy: Record<PropertyKey, unknown> = {};
  const slot = (ctx as Partial<Slotted>)[SLOT];
  if (slot === undefined) return Object.assign(copy, ctx, extra) as T & E;
  const assigned = (ctx as Marked)[ASSIGNED];
  for (const key in ctx) if ((key !== "request" && key !== "signal") || assigned?.has(key)) copy[key] = ctx[key as keyof T];
  copy[SLOT] = slot;
  if (assigned !== undefined) copy[ASSIGNED] = assigned;
  for (const key of LAZY_KEYS) if (!assigned?.has(key)) Object.defineProperty(copy, key, LAZY[key]!);
  return Object.assign(copy, extra) as T & E;
}
