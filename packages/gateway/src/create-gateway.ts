/**
 * `createGateway`: the front server, the upstreams and the catalog wired
 * together. Who sees what is `policy.ts` and `list-pages.ts`; a call through
 * the gateway is `forward.ts`; names are `catalog.ts`; keeping the upstreams
 * listed is `upstream-set.ts`.
 */
import { logging, rootsKind, samplingKind } from "@mrtr/deprecated/server";
import { createServer, SUBSCRIPTION_DEFAULTS, type McpServer } from "@mrtr/server";
import { ajvValidator } from "@mrtr/server/json-schema";
import { callContext } from "./call-context.js";
import { Catalog } from "./catalog.js";
import { checkGatewayOptions } from "./check-options.js";
import { CursorSeal } from "./cursor-seal.js";
import { forward } from "./forward.js";
import type { Gateway } from "./gateway.js";
import { HeldCalls } from "./held-calls.js";
import { resolveLimits } from "./limits.js";
import { listPages } from "./list-pages.js";
import type { GatewayOptions, GatewayPolicy, GatewayWarning } from "./options.js";
import { decide, policyMiddleware } from "./policy.js";
import { policyFromRules } from "./policy-rules.js";
import { frontSubscriptions } from "./resource-updates.js";
import { UpstreamSet } from "./upstream-set.js";
import { processBudget } from "./upstream/process-budget.js";
import { GATEWAY_VERSION } from "./version.js";

/** Items per list page when the front server's `pageSize` is not given. */
const DEFAULT_PAGE_SIZE = 100;

/**
 * Creates a gateway: one front server offering what all `upstreams` offer,
 * under namespaced names, to each caller what `policy` lets it see. Call
 * `start()`, then serve `gateway.server` like any server of ours.
 *
 * @example
 * ```ts
 * const gateway = createGateway({
 *   upstreams: {
 *     files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv/docs"] },
 *     search: { url: "https://search.example.com/mcp", auth: { type: "bearer", token: process.env.SEARCH_TOKEN! } },
 *   },
 * });
 * await gateway.start();
 * ```
 */
export function createGateway(options: GatewayOptions): Gateway {
  checkGatewayOptions(options);
  const limits = resolveLimits(options.limits);
  const instanceId = options.instanceId ?? globalThis.crypto.randomUUID().slice(0, 8);
  const warn = (warning: GatewayWarning) => {
    try {
      options.onWarning?.(warning);
    } catch {
      // A failing listener must not break the gateway.
    }
  };
  const policy: GatewayPolicy | undefined = typeof options.policy === "function" ? options.policy : options.policy ? policyFromRules(options.policy) : undefined;
  const allowed = policy ? (caller: Parameters<GatewayPolicy>[0], item: Parameters<GatewayPolicy>[1]) => decide(policy, caller, item) : () => true;
  const upstreams = new UpstreamSet(options.upstreams, {
    limits,
    budget: processBudget(limits.maxProcesses),
    version: GATEWAY_VERSION,
    // The front's validator, to screen upstream schemas as the front will compile them.
    validator: options.server?.jsonSchemaValidator ?? ajvValidator(),
    warn,
  });
  const subscriptions = frontSubscriptions({
    catalog: () => catalog,
    upstream: (name) => upstreams.get(name),
    allowed,
    max: limits.maxSubscriptionsPerUpstream,
    holdMs: SUBSCRIPTION_DEFAULTS.maxDurationMs,
    updated: (uri) => server.notify.resourceUpdated(uri),
  });
  const server: McpServer = createServer({
    ...options.server,
    name: options.name ?? "mrtr-gateway",
    version: options.version ?? GATEWAY_VERSION,
    inputKinds: [samplingKind({ silenceDeprecationWarning: true }), rootsKind({ silenceDeprecationWarning: true })],
    // Upstreams' log messages reach front clients that ask for them (a level in _meta, or logging/setLevel in a legacy session).
    features: [...(options.server?.features ?? []), logging({ silenceDeprecationWarning: true })],
    subscriptions: { listChanged: true, resourceUpdates: true, canSubscribe: subscriptions.canSubscribe },
  });
  const holds = new HeldCalls(limits);
  const deps = { instanceId, holds, warn };
  const catalog = new Catalog(server, [...upstreams.byName.keys()], options.namespace ?? true, {
    call: (upstream, method, params, ctx) => forward(deps, upstreams.get(upstream), method, params, ctx),
    complete: async (upstream, ref, argument, context) => {
      const client = await upstreams.get(upstream).primary();
      const result = await client.complete(ref, argument, Object.keys(context).length > 0 ? { arguments: { ...context } } : undefined, { timeoutMs: upstreams.get(upstream).timeoutMs });
      return result.completion;
    },
  }, warn);
  upstreams.deps.catalog = catalog;
  server.use(upstreams.listedFirst, callContext);
  if (policy) server.use(policyMiddleware(policy, catalog));
  const seal = new CursorSeal(options.server?.requestState?.secrets);
  server.use(listPages({ catalog, seal, pageSize: options.server?.pageSize ?? DEFAULT_PAGE_SIZE, ...(policy && { allowed }) }));

  return {
    server,
    instanceId,
    start: () => upstreams.start(),
    refresh: async (name) => {
      if (name !== undefined && !upstreams.byName.has(name)) throw new TypeError(`No upstream named ${JSON.stringify(name)}; the gateway has ${[...upstreams.byName.keys()].join(", ")}.`);
      await Promise.all((name === undefined ? [...upstreams.byName.keys()] : [name]).map((n) => upstreams.refresh(n)));
    },
    status: () => upstreams.status(),
    async close() {
      subscriptions.close();
      holds.closeAll(new Error("The gateway is closing."));
      await upstreams.close();
      await server.close();
    },
  };
}
