/**
 * Resource subscriptions through the gateway. A front client that listens
 * for a resource's updates makes the gateway follow that URI at the
 * upstream offering it: one `subscriptions/listen` stream per upstream for
 * all its followed URIs (opened again, coalesced, when the set changes),
 * each update announced on the front (`server.notify.resourceUpdated`). The
 * front never says when its streams end, so a URI is followed for as long
 * as a front stream may last (`maxDurationMs`) after it was last asked for,
 * and at most `limits.maxSubscriptionsPerUpstream` URIs per upstream.
 */
import type { RequestContext } from "@mrtr/server";
import type { Catalog } from "./catalog.js";
import type { GatewayCaller, GatewayItem } from "./options.js";
import { listenUpstream } from "./listen-upstream.js";
import type { Upstream } from "./upstream-pool.js";

/** Changes of the URI set within this many ms make one re-opening. */
const COALESCE_MS = 100;

/** Follows one upstream's resources for the front. */
export class ResourceFollower {
  readonly #until = new Map<string, number>();
  #stream: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(
    readonly upstream: Upstream,
    readonly options: { readonly max: number; readonly holdMs: number; readonly updated: (uri: string) => void; readonly now?: () => number },
  ) {}

  /** A front client wants `uri`'s updates: followed from now on (false when this upstream follows its most already). */
  want(uri: string): boolean {
    const now = (this.options.now ?? Date.now)();
    for (const [followed, until] of this.#until) if (until <= now) this.#until.delete(followed);
    const known = this.#until.has(uri);
    if (!known && this.#until.size >= this.options.max) return false;
    this.#until.set(uri, now + this.options.holdMs);
    if (!known) this.#reopenSoon();
    return true;
  }

  /** Stops following. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#stream?.abort();
  }

  #reopenSoon(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#open();
    }, COALESCE_MS);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #open(): void {
    this.#stream?.abort();
    if (this.#closed || this.#until.size === 0) return;
    const stream = new AbortController();
    this.#stream = stream;
    const uris = [...this.#until.keys()];
    listenUpstream(this.upstream, { resourceSubscriptions: uris }, stream.signal, (event) => {
      const uri = event.method === "notifications/resources/updated" ? (event.params as { uri?: unknown }).uri : undefined;
      if (typeof uri === "string" && this.#until.has(uri)) this.options.updated(uri);
    });
  }
}

/** The front's `canSubscribe`: a URI the caller may see is followed at the upstream offering it, when that upstream takes subscriptions. */
export function frontSubscriptions(options: {
  readonly catalog: () => Catalog;
  readonly upstream: (name: string) => Upstream;
  readonly allowed: (caller: GatewayCaller, item: GatewayItem) => boolean;
  readonly max: number;
  readonly holdMs: number;
  readonly updated: (uri: string) => void;
}): { canSubscribe: (uri: string, ctx: RequestContext) => boolean; close(): void } {
  const followers = new Map<string, ResourceFollower>();
  return {
    canSubscribe(uri, ctx) {
      const item = options.catalog().resourceItem(uri);
      if (!item || !options.allowed({ principal: ctx.principal, scopes: ctx.auth?.scopes ?? [] }, item)) return false;
      const upstream = options.upstream(item.upstream);
      if (!upstream.discovered?.capabilities?.resources?.subscribe) return false;
      let follower = followers.get(upstream.name);
      if (!follower) followers.set(upstream.name, (follower = new ResourceFollower(upstream, options)));
      return follower.want(uri);
    },
    close() {
      for (const follower of followers.values()) follower.close();
    },
  };
}
