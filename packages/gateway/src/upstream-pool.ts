/**
 * One upstream and the clients that reach it. A modern upstream is
 * stateless: one client serves every call. An initialize-based one asks its
 * questions on the session a call runs in, with nothing naming the call, so
 * each session (a process over stdio, an `Mcp-Session-Id` over HTTP) serves
 * one call that may ask at a time: such a call leases a session for its
 * whole length, and a question arriving on it belongs to the lease holder.
 */
import { createClient, httpTransport, type McpClient, type Transport } from "@mrtr/client";
import { legacyClient, type LegacyClient } from "@mrtr/client/legacy";
import { roots, sampling } from "@mrtr/deprecated/client";
import type { DiscoverResult } from "@mrtr/schema";
import type { Root } from "@mrtr/deprecated";
import { ShareExceededError } from "@mrtr/server";
import { currentCall } from "./call-context.js";
import { frontCapabilities } from "./front-capabilities.js";
import type { HeldCall } from "./held-call.js";
import type { GatewayLimits, GatewayWarning, HttpUpstreamConfig, StdioUpstreamConfig, UpstreamConfig } from "./options.js";
import { superviseStdio, type ProcessBudget, type SupervisedClient } from "./upstream/stdio-supervisor.js";

/** What the pool needs from the gateway. */
export interface UpstreamDeps {
  readonly limits: GatewayLimits;
  readonly budget: ProcessBudget;
  readonly version: string;
  readonly onWarning: (warning: GatewayWarning) => void;
  /** A new process or session is up: the upstream's lists may differ. */
  readonly onRestart: () => void;
}

/** One session (or, for a modern upstream, the one client) and who holds it. */
export interface Slot {
  readonly index: number;
  /** The call holding it, whose questions it carries. */
  holder: HeldCall | undefined;
  /** The era plugin of its current client (its verdict says the era). */
  plugin: LegacyClient | undefined;
  client(): Promise<McpClient>;
  readonly supervised?: SupervisedClient;
  close(): Promise<void>;
}

/** Whether a config is a stdio one. */
export function isStdio(config: UpstreamConfig): config is StdioUpstreamConfig {
  return "command" in config;
}

/** One upstream: its sessions, its era, the lease queue. */
export class Upstream {
  readonly transport: "http" | "stdio";
  discovered: DiscoverResult | undefined;
  lastError: string | undefined;
  readonly #slots: Slot[] = [];
  readonly #waiting: { resolve: (slot: Slot) => void; reject: (error: Error) => void }[] = [];
  #closed = false;

  constructor(
    readonly name: string,
    readonly config: UpstreamConfig,
    readonly deps: UpstreamDeps,
  ) {
    this.transport = isStdio(config) ? "stdio" : "http";
  }

  /** The era, once a first exchange showed it. */
  get era(): "modern" | "legacy" | undefined {
    if (this.config.era === "modern" || this.config.era === "legacy") return this.config.era;
    return this.#slots[0]?.plugin?.verdict?.era;
  }

  /** The first session: lists, completion and every call of a modern upstream. */
  primary(): Promise<McpClient> {
    return this.#slot(0).client();
  }

  /** Asks the upstream what it offers (and so learns its era). */
  async discover(): Promise<DiscoverResult> {
    const client = await this.primary();
    this.discovered = await client.discover({ timeoutMs: this.timeoutMs });
    return this.discovered;
  }

  /** A session for one call that may ask, held until `release` (legacy only). Waits within the queue's limits. */
  lease(signal: AbortSignal): Promise<Slot> {
    const size = this.config.sessions ?? (this.transport === "stdio" ? 1 : 4);
    for (let i = 0; i < size; i++) {
      const slot = this.#slot(i);
      if (!slot.holder && !this.#leased.has(slot)) {
        this.#leased.add(slot);
        return Promise.resolve(slot);
      }
    }
    if (this.#waiting.length >= this.deps.limits.maxQueuedPerUpstream) {
      return Promise.reject(new ShareExceededError({ scope: "total", limit: `sessions of upstream "${this.name}"`, retryAfterSeconds: 1, message: `Every session of upstream "${this.name}" is busy and ${this.#waiting.length} calls wait already (the gateway's limits.maxQueuedPerUpstream); retry shortly, or give the upstream more sessions.` }));
    }
    return new Promise((resolve, reject) => {
      const entry = {
        resolve: (slot: Slot) => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          resolve(slot);
        },
        reject,
      };
      const drop = (error: Error) => {
        const at = this.#waiting.indexOf(entry);
        if (at >= 0) this.#waiting.splice(at, 1);
        clearTimeout(timer);
        reject(error);
      };
      const onAbort = () => drop(signal.reason as Error);
      const timer = setTimeout(() => drop(new ShareExceededError({ scope: "total", limit: `sessions of upstream "${this.name}"`, retryAfterSeconds: 1, message: `No session of upstream "${this.name}" came free within ${this.deps.limits.queueTimeoutMs} ms (the gateway's limits.queueTimeoutMs); retry shortly.` })), this.deps.limits.queueTimeoutMs);
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }

  readonly #leased = new Set<Slot>();

  /** Gives a leased session back (to the next waiting call, if any). */
  release(slot: Slot): void {
    slot.holder = undefined;
    const next = this.#waiting.shift();
    if (next) next.resolve(slot);
    else this.#leased.delete(slot);
  }

  /** The sessions made so far. */
  get slots(): readonly Slot[] {
    return this.#slots;
  }

  /** Launches the first session now (`start: "boot"`). */
  async boot(): Promise<void> {
    await this.#slot(0).supervised?.boot();
  }

  /** Ends every session and fails waiting calls. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const w of this.#waiting.splice(0)) w.reject(new Error(`The gateway is closing; upstream "${this.name}" is no longer reached.`));
    await Promise.allSettled(this.#slots.map((s) => s.close()));
  }

  /** Time limit of one request (or one round of a call) to it, in ms. */
  get timeoutMs(): number {
    return this.config.timeoutMs ?? this.deps.limits.upstreamTimeoutMs;
  }

  /** Session `index`, made on first use. */
  #slot(index: number): Slot {
    const made = this.#slots[index];
    if (made) return made;
    if (this.#closed) throw new Error(`Upstream "${this.name}" is closed.`);
    const slot = isStdio(this.config) ? this.#stdioSlot(index, this.config) : this.#httpSlot(index, this.config);
    this.#slots[index] = slot;
    return slot;
  }

  #stdioSlot(index: number, config: StdioUpstreamConfig): Slot {
    const slot: Slot = {
      index,
      holder: undefined,
      plugin: undefined,
      client: () => supervised.client(),
      close: () => supervised.close(),
      get supervised() {
        return supervised;
      },
    };
    const supervised = superviseStdio({
      name: this.name,
      config,
      makeClient: (transport) => this.#client(transport, slot),
      budget: this.deps.budget,
      memoryMb: config.maxMemoryMb ?? this.deps.limits.upstreamMemoryMb,
      timeoutMs: this.timeoutMs,
      onWarning: this.deps.onWarning,
      onRestart: () => this.deps.onRestart(),
    });
    return slot;
  }

  #httpSlot(index: number, config: HttpUpstreamConfig): Slot {
    let made: Promise<McpClient> | undefined;
    const slot: Slot = {
      index,
      holder: undefined,
      plugin: undefined,
      client: () => (made ??= this.#httpTransport(config).then((transport) => this.#client(transport, slot))),
      close: async () => {
        const client = await made?.catch(() => undefined);
        await client?.close();
      },
    };
    return slot;
  }

  /** The HTTP transport with the gateway's own credentials for this upstream (never the front caller's). */
  async #httpTransport(config: HttpUpstreamConfig): Promise<Transport> {
    const auth = config.auth ?? { type: "none" };
    let fetcher = config.fetch;
    const headers: Record<string, string> = { ...config.headers };
    if (auth.type === "bearer") headers.authorization = `Bearer ${auth.token}`;
    if (auth.type === "client_credentials" && !fetcher) {
      const { withAuth } = await import("@mrtr/client/auth");
      fetcher = withAuth(globalThis.fetch, {
        clientCredentials: { clientId: auth.clientId, clientSecret: auth.clientSecret, ...(auth.scope !== undefined && { scopes: auth.scope.split(" ").filter(Boolean) }) },
        ...(auth.dpop && { dpop: true }),
      });
    }
    return httpTransport(config.url, { ...(fetcher && { fetch: fetcher }), headers, timeoutMs: this.timeoutMs });
  }

  /** A client of one session: its questions go to the slot's holder. */
  #client(transport: Transport, slot: Slot): McpClient {
    const mode = this.config.era ?? "auto";
    // A legacy session's log messages belong to the call holding it.
    const onNotification = (n: Record<string, unknown>) => {
      if (n.method === "notifications/message" && typeof n.params === "object" && n.params !== null) slot.holder?.log?.(n.params as Record<string, unknown>);
    };
    slot.plugin = legacyClient({ mode, serverRequestTimeoutMs: this.deps.limits.holdTimeoutMs + this.timeoutMs, onNotification });
    const silent = { silenceDeprecationWarning: true };
    return createClient({
      transport: relayingLogs(transport),
      name: "mrtr-gateway",
      version: this.deps.version,
      elicitation: { form: (params) => this.#ask(slot, "elicitation/create", params) as never, url: (params) => this.#ask(slot, "elicitation/create", params) as never },
      inputKinds: [
        sampling((params) => this.#ask(slot, "sampling/createMessage", params) as never, { tools: true, context: true, ...silent }),
        roots(() => this.#roots(slot), silent),
      ],
      cache: false,
      legacy: slot.plugin,
      middleware: [frontCapabilities],
    });
  }

  /** A question of a legacy upstream: to the call holding the session, or refused outside a call. */
  async #ask(slot: Slot, method: string, params: object): Promise<unknown> {
    if (!slot.holder) throw new Error(`Upstream "${this.name}" asked ${method} outside a call; through the gateway there is no one to ask.`);
    return slot.holder.ask(method, params as Record<string, unknown>);
  }

  /** Roots: the front client's (within a call that may ask), else the ones configured for the upstream. */
  async #roots(slot: Slot): Promise<Root[]> {
    if (slot.holder) {
      const answer = (await slot.holder.ask("roots/list", {})) as { roots?: Root[] };
      return answer.roots ?? [];
    }
    return this.configuredRoots();
  }

  /** The roots configured for this upstream, as file URIs. */
  configuredRoots(): Root[] {
    return (this.config.roots ?? []).map((r) => ({ uri: r.startsWith("file://") ? r : new URL(`file://${r.startsWith("/") ? "" : "/"}${r}`).href }));
  }
}

/**
 * The transport with each request's `notifications/message` (a modern
 * upstream logs on the request's own stream) handed to the front call it
 * serves; everything else of the transport as it is.
 */
function relayingLogs(transport: Transport): Transport {
  const request: Transport["request"] = (message, options) => {
    const call = currentCall();
    if (!call) return transport.request(message, options);
    return transport.request(message, {
      ...options,
      onMessage: (m) => {
        if (m.method === "notifications/message" && typeof m.params === "object" && m.params !== null) call.log?.(m.params as Record<string, unknown>);
        options?.onMessage?.(m);
      },
    });
  };
  return new Proxy(transport, {
    get(target, key) {
      if (key === "request") return request;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
