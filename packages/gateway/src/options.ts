/**
 * What a gateway is made of, as code: its upstreams (each named, over HTTP
 * or launched over stdio, either protocol era), its policy, its limits and
 * the options of the front server. The JSON configuration file
 * (`config.schema.json`, `parseGatewayConfig`) describes the same, minus
 * what only code can say (a policy function, a server's hooks).
 */
import type { ServerOptions } from "@mrtr/server";

/** An upstream's protocol era: found out on first contact (`auto`, the default), or fixed. */
export type UpstreamEra = "auto" | "modern" | "legacy";

/** How the gateway signs in to an HTTP upstream: with its own credentials, never the front caller's. */
export type UpstreamAuth =
  | {
      /** No credentials. */
      type: "none";
    }
  | {
      /** A static bearer token (an API key the upstream issued to the gateway). */
      type: "bearer";
      /** The token. */
      token: string;
    }
  | {
      /** The OAuth client credentials grant, through the upstream's authorization server (discovered). */
      type: "client_credentials";
      /** The gateway's client id at that authorization server. */
      clientId: string;
      /** Its secret. */
      clientSecret: string;
      /** Scopes to ask for (space-separated, as OAuth writes them). */
      scope?: string;
      /** DPoP-bound tokens (RFC 9449), when the upstream asks for them (default false). */
      dpop?: boolean;
    };

/** What HTTP and stdio upstreams share. */
export interface UpstreamCommon {
  /** The era to speak (default `auto`: modern, or the legacy plugin once the upstream shows it is an initialize-based server). */
  era?: UpstreamEra;
  /** Time limit of one request to it, in ms (default `limits.upstreamTimeoutMs`). */
  timeoutMs?: number;
  /**
   * Sessions to keep with a legacy upstream (default 1 over stdio: one
   * process; 4 over HTTP). A call that may ask questions holds a session
   * for its whole length, so questions the upstream sends on it belong to it.
   */
  sessions?: number;
  /** Roots the gateway itself gives a legacy upstream that asks outside a call (file URIs or paths; default none). */
  roots?: readonly string[];
}

/** An upstream reached over Streamable HTTP. */
export interface HttpUpstreamConfig extends UpstreamCommon {
  /** The MCP endpoint. */
  url: string;
  /** How the gateway signs in (default none). */
  auth?: UpstreamAuth;
  /** Further headers of every request (not `Authorization`: use `auth`). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The fetch to reach it with (code only): `withAuth(fetch, …)` from
   * `@mrtr/client/auth` for any grant `auth` does not name (the interactive
   * flow `mrtr connect` uses). Takes the place of `auth`.
   */
  fetch?: typeof fetch;
}

/** An upstream the gateway launches and supervises over stdio. */
export interface StdioUpstreamConfig extends UpstreamCommon {
  /** The program (no shell). */
  command: string;
  /** Its arguments. */
  args?: readonly string[];
  /** Variables added to the safe default environment. */
  env?: Readonly<Record<string, string>>;
  /** Its working directory. */
  cwd?: string;
  /** When to launch it: with the gateway (`boot`) or on the first request that needs it (`demand`, the default). */
  start?: "boot" | "demand";
  /** Restarting after a crash: first delay, cap (doubling in between) and crashes in a row before it is left down (defaults 500 ms, 30 s, 10). */
  restart?: {
    /** The first delay, in ms. */
    initialMs?: number;
    /** The longest delay, in ms. */
    maxMs?: number;
    /** Crashes in a row (without a request answered between) before the upstream is left down. */
    maxAttempts?: number;
  };
  /** Resident memory it may use, in MiB, before it is stopped and restarted (default `limits.upstreamMemoryMb`). */
  maxMemoryMb?: number;
  /** Bytes of its stderr kept for diagnosis (the latest; default 64 KiB). */
  stderrBytes?: number;
}

/** One upstream. */
export type UpstreamConfig = HttpUpstreamConfig | StdioUpstreamConfig;

/** What kind of thing a policy decision is about. */
export type GatewayItemKind = "tool" | "prompt" | "resource" | "resourceTemplate";

/** One thing a caller may or may not see: its upstream and its name there, and the name the gateway gives it. */
export interface GatewayItem {
  /** Tool, prompt, resource or resource template. */
  kind: GatewayItemKind;
  /** The upstream's name. */
  upstream: string;
  /** Its name (a URI or URI template for resources) at the upstream. */
  name: string;
  /** Its name at the gateway (namespaced for tools and prompts; resources keep their URI). */
  exposed: string;
}

/** Who is asking: what the front's authorization established. */
export interface GatewayCaller {
  /** The principal (the server's `principal` hook, else the token's issuer#subject); undefined when unauthenticated. */
  principal: string | undefined;
  /** The token's scopes. */
  scopes: readonly string[];
}

/**
 * Which upstreams and items a caller may see and use. One decision serves
 * lists and calls alike, so they always agree: what a list hides, a call
 * refuses as unknown.
 */
export type GatewayPolicy = (caller: GatewayCaller, item: GatewayItem) => boolean;

/** A policy as data (what the JSON file says): rules tried in order, the first that matches decides; none matching denies. */
export interface PolicyRule {
  /** Principals it applies to (exact, or `*` for any authenticated caller, or `anonymous`); absent: everyone. */
  principals?: readonly string[];
  /** A scope the caller's token must hold for the rule to apply. */
  scope?: string;
  /** Upstreams it covers (absent: all). */
  upstreams?: readonly string[];
  /** Exposed names it covers, with `*` as a wildcard (absent: all). */
  items?: readonly string[];
  /** Allow or deny. */
  effect: "allow" | "deny";
}

/** The gateway's limits; each has a default (GATEWAY_LIMITS). */
export interface GatewayLimits {
  /** Items (tools, prompts, resources, templates, each counted) one upstream may list (default 2 000); more are dropped with a warning. */
  maxItemsPerUpstream: number;
  /** Pages followed when listing one upstream (default 50). */
  maxPagesPerUpstream: number;
  /** Time limit of one request to an upstream, in ms (default 60 000). */
  upstreamTimeoutMs: number;
  /** Held legacy calls (waiting for the front client's answer) on this instance (default 256). */
  maxHolds: number;
  /** Held legacy calls per caller (default 16). */
  maxHoldsPerCaller: number;
  /** How long a held legacy call waits for the front client's retry, in ms (default 300 000). */
  holdTimeoutMs: number;
  /** Calls waiting for a legacy session (all sessions busy) per upstream (default 64). */
  maxQueuedPerUpstream: number;
  /** How long a call waits for a legacy session, in ms (default 30 000). */
  queueTimeoutMs: number;
  /** stdio upstreams running at once (default 32). */
  maxProcesses: number;
  /** Resident memory per stdio upstream, in MiB (default 1 024). */
  upstreamMemoryMb: number;
  /** Resource URIs followed for front subscribers per upstream (default 256); more are refused (left out of the front's acknowledgement). */
  maxSubscriptionsPerUpstream: number;
}

/** Options of `createGateway`. */
export interface GatewayOptions {
  /** The upstreams, by name (letters, digits, `-`; at most 32 characters; the namespace of their tools and prompts). */
  upstreams: Readonly<Record<string, UpstreamConfig>>;
  /** The front server's name (default "mrtr-gateway"). */
  name?: string;
  /** Its version (default this package's). */
  version?: string;
  /**
   * Whether tool and prompt names carry their upstream's name
   * (`github_create_issue`; default true). `false` keeps them as the
   * upstream names them and needs exactly one upstream (`mrtr connect`).
   */
  namespace?: boolean;
  /** Who sees what: a function, or rules (default: everyone sees everything). */
  policy?: GatewayPolicy | readonly PolicyRule[];
  /** Limits (each absent one is its GATEWAY_LIMITS default). */
  limits?: Partial<GatewayLimits>;
  /**
   * This instance's id, named in the sealed state of held legacy calls so a
   * retry that reaches another instance is told so (default: random per process).
   */
  instanceId?: string;
  /** Options of the front server (`requestState` secrets, `principal`, hooks, …), but not what the gateway sets itself. */
  server?: Omit<ServerOptions, "name" | "version" | "subscriptions" | "inputKinds" | "listResources">;
  /** Told what goes wrong with upstreams (a crash, a list cut short, a collision renamed); default: nothing. */
  onWarning?: (warning: GatewayWarning) => void;
}

/** Something the gateway noticed and worked around. */
export interface GatewayWarning {
  /** What kind. */
  kind: "upstream-down" | "upstream-restarted" | "list-truncated" | "name-collision" | "item-skipped" | "memory-exceeded" | "call-failed";
  /** The upstream. */
  upstream: string;
  /** In words. */
  message: string;
}
