/**
 * The gateway's upstreams as a set: each one's listing (discover, list,
 * screen, into the catalog), kept current (its list changes followed once it
 * answered, a restart listed again), launched at start or on the first
 * request that needs it, and its state for `status()`.
 */
import type { JsonSchemaValidator, Middleware } from "@mrtr/server";
import type { Catalog } from "./catalog.js";
import { followChanges } from "./follow-changes.js";
import type { UpstreamStatus } from "./gateway.js";
import { listUpstream } from "./list-upstream.js";
import type { GatewayLimits, GatewayWarning, UpstreamConfig } from "./options.js";
import { screenSchemas } from "./schema-screen.js";
import { isStdio, Upstream } from "./upstream-pool.js";
import type { ProcessBudget } from "./upstream/process-budget.js";

/** What the set needs of the gateway. */
export interface UpstreamSetDeps {
  readonly limits: GatewayLimits;
  readonly budget: ProcessBudget;
  readonly version: string;
  readonly validator: JsonSchemaValidator;
  readonly warn: (warning: GatewayWarning) => void;
  /** Where each upstream's lists go (set once the catalog exists). */
  catalog?: Catalog;
}

/** The upstreams of one gateway. */
export class UpstreamSet {
  readonly byName = new Map<string, Upstream>();
  readonly #listed = new Map<string, Promise<void>>();
  readonly #followed = new Set<string>();
  readonly #closing = new AbortController();

  constructor(
    configs: Readonly<Record<string, UpstreamConfig>>,
    readonly deps: UpstreamSetDeps,
  ) {
    for (const [name, config] of Object.entries(configs)) {
      this.byName.set(name, new Upstream(name, config, { limits: deps.limits, budget: deps.budget, version: deps.version, onWarning: deps.warn, onRestart: () => void this.refresh(name) }));
    }
  }

  /** The upstream named `name` (it exists: names come from the catalog). */
  get(name: string): Upstream {
    return this.byName.get(name)!;
  }

  /** Lists `name` again now; its list changes are followed from its first answer on. */
  refresh(name: string): Promise<void> {
    const upstream = this.get(name);
    const { limits, warn, validator } = this.deps;
    const run = (async () => {
      try {
        await upstream.discover();
        this.deps.catalog?.set(name, await screenSchemas(name, await listUpstream(upstream, limits, warn), validator, warn));
        upstream.lastError = undefined;
        if (!this.#followed.has(name)) {
          this.#followed.add(name);
          followChanges(upstream, this.#closing.signal, () => void this.refresh(name));
        }
      } catch (error) {
        upstream.lastError = (error as Error).message;
        warn({ kind: "upstream-down", upstream: name, message: `Upstream "${name}" could not be listed: ${(error as Error).message}` });
      }
    })();
    this.#listed.set(name, run);
    return run;
  }

  /** Launches and lists every upstream but those started on demand. */
  async start(): Promise<void> {
    await Promise.all(
      [...this.byName.values()].map(async (upstream) => {
        if (isStdio(upstream.config) && (upstream.config.start ?? "demand") === "demand") return;
        await upstream.boot().catch(() => undefined);
        await this.refresh(upstream.name);
      }),
    );
  }

  /** Front middleware: upstreams not listed yet (started on demand) are listed before the first request that may need them. */
  readonly listedFirst: Middleware = async (call, next) => {
    const idle = [...this.byName.keys()].filter((name) => !this.#listed.has(name));
    if (idle.length > 0 && call.method !== "server/discover") await Promise.all(idle.map((name) => this.refresh(name)));
    return next();
  };

  /** Stops following and ends every upstream. */
  async close(): Promise<void> {
    this.#closing.abort();
    await Promise.allSettled([...this.byName.values()].map((u) => u.close()));
  }

  /** Each upstream's state. */
  status(): UpstreamStatus[] {
    return [...this.byName.values()].map((u) => statusOf(u, this.deps.catalog?.count(u.name) ?? 0));
  }
}

/** One upstream's state, for `status()`. */
function statusOf(upstream: Upstream, items: number): UpstreamStatus {
  const supervised = upstream.slots[0]?.supervised;
  // A process that runs but does not answer (its listing failed) is down too.
  const state: UpstreamStatus["state"] = upstream.lastError && supervised?.state !== "restarting" ? "down" : supervised ? supervised.state : upstream.discovered ? "up" : "idle";
  return {
    name: upstream.name,
    transport: upstream.transport,
    era: upstream.era,
    state,
    items,
    ...(upstream.lastError !== undefined && { lastError: upstream.lastError }),
    restarts: upstream.slots.reduce((n, s) => n + (s.supervised?.restarts ?? 0), 0),
    ...(supervised && { stderr: supervised.stderr() }),
  };
}
