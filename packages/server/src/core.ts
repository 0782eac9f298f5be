/**
 * The parts of one server that its methods share: what is registered, the
 * input kinds, the requestState codec and replay guard, list settings, the
 * host's hooks. Built once by `createServer`; methods receive it.
 */
import type { Implementation, Resource } from "@mrtr/schema";
import type { FairShare } from "@mrtr/internal";
import type { CacheHints } from "./cache-hints.js";
import type { RequestContext } from "./context.js";
import type { Extensions } from "./extensions.js";
import type { Middleware } from "./middleware-chain.js";
import type { HostHooks } from "./hooks.js";
import type { ServerFeature } from "./features.js";
import type { InputKinds } from "./input-kinds.js";
import type { Registry } from "./registry.js";
import type { ReplayGuard, RequestStateCodec } from "./request-state/index.js";
import type { SchemaChecks } from "./schema-check.js";
import type { SubscriptionHub } from "./subscriptions/hub.js";

export interface ServerCore {
  readonly serverInfo: Implementation;
  readonly instructions: string | undefined;
  readonly supportedVersions: readonly string[];
  readonly registry: Registry;
  readonly kinds: InputKinds;
  /** What plugins add to handler contexts and to the declared capabilities (such as logging). */
  readonly features: readonly ServerFeature[];
  /** Protocol extensions: their methods, capabilities and say in tools/call. */
  readonly extensions: Extensions;
  /** The middleware `server.use` added, the first outermost (none: no middleware code runs). */
  readonly middleware: Middleware[];
  readonly codec: RequestStateCodec;
  readonly replayGuard: ReplayGuard;
  readonly schemas: SchemaChecks;
  readonly hooks: HostHooks;
  readonly cache: CacheHints;
  /** Items per page of list results. */
  readonly pageSize: number;
  /** Whether granted scopes satisfy a required one (tools' `scopes`). */
  readonly hasScope: (granted: readonly string[], required: string) => boolean;
  /** Dynamic resource listing, added to the registered resources. */
  readonly listResources: ((ctx: RequestContext) => Resource[] | Promise<Resource[]>) | undefined;
  /** The open subscriptions/listen streams and what they may carry. */
  readonly hub: SubscriptionHub;
  /** Limits and hooks of subscriptions/listen. */
  readonly listen: {
    /** The open streams by owner, within `maxStreams` and each owner's share. */
    streams: FairShare;
    maxResourceSubscriptions: number;
    canSubscribe: ((uri: string, ctx: RequestContext) => boolean | Promise<boolean>) | undefined;
  };
}
