/**
 * What `createServer({ subscriptions })` wires: which change notifications
 * the server delivers on `subscriptions/listen` streams (and so declares in
 * `server/discover`), the bus they travel on, and the limits of the streams.
 */
import type { RequestContext } from "../context.js";
import { defaultShare, FairShare, shareLimitsProblem } from "@mrtr/internal";
import { ServerDefinitionError } from "../errors.js";
import { memoryChangeBus, type ChangeBus } from "./change-bus.js";
import { SubscriptionHub, type Deliverable } from "./hub.js";

/** Options of subscriptions/listen. Without them the server offers no stream (-32601) and declares no `listChanged`/`subscribe`. */
export interface SubscriptionOptions {
  /**
   * Announce list changes: `true` for tools, prompts and resources, or per
   * list. Declares `listChanged` for each; registering or removing an entry
   * once the server serves announces it, and `server.notify.*ListChanged()`
   * announces changes the server cannot see (a listing that depends on data).
   */
  listChanged?:
    | boolean
    | {
        /** Announce tool list changes. */
        tools?: boolean;
        /** Announce prompt list changes. */
        prompts?: boolean;
        /** Announce resource list changes (resources and templates). */
        resources?: boolean;
      };
  /** Deliver `notifications/resources/updated` for subscribed URIs (`server.notify.resourceUpdated(uri)`); declares `resources.subscribe`. */
  resourceUpdates?: boolean;
  /** Whether the caller may follow this resource (checked per URI at listen time; refused URIs are left out of the acknowledgement). Default: any. */
  canSubscribe?: (uri: string, ctx: RequestContext) => boolean | Promise<boolean>;
  /** Where announcements travel (default: in memory, this process). Share one bus across instances to reach every instance's streams. */
  bus?: ChangeBus;
  /**
   * Most streams open at once on this server (default 1 000). When all are
   * open, the stream opened longest ago by the caller holding the most ends
   * with its closing result (its client opens another) to make room.
   */
  maxStreams?: number;
  /**
   * Most streams one caller (a principal, or a peer without one: `anonymous`)
   * holds at once (default 100, less than `maxStreams`); past it -32603 (HTTP
   * 429, `Retry-After`) until one of its streams closes.
   */
  maxStreamsPerPrincipal?: number;
  /** Most resource URIs one stream may follow (default 1 000); more is -32602. */
  maxResourceSubscriptions?: number;
  /** How long a stream stays open, in ms (default 30 min); then it ends with its closing result and the client opens another. `0`: no limit. */
  maxDurationMs?: number;
}

/** The defaults of {@link SubscriptionOptions}' limits. */
export const SUBSCRIPTION_DEFAULTS = { maxStreams: 1000, maxStreamsPerPrincipal: 100, maxResourceSubscriptions: 1000, maxDurationMs: 30 * 60 * 1000 } as const;

function whole(value: number | undefined, fallback: number, name: string, min: number): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < min) throw new ServerDefinitionError(`subscriptions.${name} must be a whole number of at least ${min}.`);
  return v;
}

/** The hub and limits for these options. */
export function subscriptionsOf(options: SubscriptionOptions = {}) {
  const lc = options.listChanged;
  const all = lc === true;
  const per = typeof lc === "object" && lc !== null ? lc : {};
  const deliverable: Deliverable = {
    toolsListChanged: all || per.tools === true,
    promptsListChanged: all || per.prompts === true,
    resourcesListChanged: all || per.resources === true,
    resourceSubscriptions: options.resourceUpdates === true,
  };
  const maxDurationMs = whole(options.maxDurationMs, SUBSCRIPTION_DEFAULTS.maxDurationMs, "maxDurationMs", 0);
  const maxStreams = whole(options.maxStreams, SUBSCRIPTION_DEFAULTS.maxStreams, "maxStreams", 1);
  // A smaller total lowers the default share with it, so setting maxStreams alone stays valid.
  const perPrincipal = options.maxStreamsPerPrincipal ?? defaultShare(maxStreams, SUBSCRIPTION_DEFAULTS.maxStreamsPerPrincipal);
  const shares = {
    name: "subscription streams",
    total: maxStreams,
    perOwner: perPrincipal,
    options: { total: "subscriptions.maxStreams", perOwner: "subscriptions.maxStreamsPerPrincipal" },
    retryAfterSeconds: 5,
  };
  const problem = shareLimitsProblem(shares);
  if (problem) throw new ServerDefinitionError(problem);
  return {
    hub: new SubscriptionHub(deliverable, options.bus ?? memoryChangeBus(), maxDurationMs),
    limits: {
      streams: new FairShare(shares),
      maxResourceSubscriptions: whole(options.maxResourceSubscriptions, SUBSCRIPTION_DEFAULTS.maxResourceSubscriptions, "maxResourceSubscriptions", 0),
      canSubscribe: options.canSubscribe,
    },
  };
}
