/**
 * The client core: what every call of one client shares, built once from
 * `createClient`'s options. The transport (wrapped by the era plugin), what
 * the client declares, the flow's policy, the version it speaks (switched
 * once a server lists others after -32022), request ids and progress tokens
 * that never repeat, the round listener, the claims of extensions, and the
 * client's life (its calls' signals, closing). The step, the flow, manual
 * mode and listen streams read it; none of them holds a closure of
 * createClient.
 */
import { LATEST_PROTOCOL_VERSION } from "@mrtr/schema";
import type { ClientCapabilities, Implementation, RequestMetaObject } from "@mrtr/schema";
import { flowSignal } from "./call-signal.js";
import { declared } from "./capabilities.js";
import type { EraClient } from "./eras.js";
import { McpClientError } from "./errors.js";
import { layersOf, type ClientMiddleware } from "./middleware.js";
import type { InputKinds } from "./input-requests.js";
import { lazyLegacy, type LazyEraTransport } from "./lazy-era.js";
import { flowPolicy } from "./policy.js";
import { progressTokens } from "./progress.js";
import type { RoundEvent } from "./round-events.js";
import type { Transport } from "./transport.js";
import type { CallOptions, Claim, ClientOptions, FlowPolicy } from "./types.js";

/** What every call of one client shares. */
export interface ClientCore {
  /** The transport, as the era plugin wraps it (`legacy`). */
  readonly transport: Transport;
  /** The input kinds, by the input-request method each answers. */
  readonly kinds: InputKinds;
  /** The capabilities declared in every request. */
  readonly capabilities: ClientCapabilities;
  /** How the client behaves between rounds, and the limits a server's answers keep within. */
  readonly policy: FlowPolicy;
  /** The server as `server/discover` described it (set by `client.discover`). */
  server: Implementation | undefined;
  /** The `_meta` of a request: the version spoken now, the capabilities, the client's info. */
  meta(): RequestMetaObject;
  /** A request id no request of this or another client instance had. */
  nextId(): string;
  /**
   * After -32022: switch to a version from the server's `supported` list that
   * this client speaks. True when it switched (the request is then sent again).
   */
  negotiate(supported: unknown): boolean;
  /** Tells the round listener (`onRound`); a listener that throws is ignored. */
  emit(event: RoundEvent): void;
  /** A fresh progress token (unique among this client's requests). */
  progressToken(): string;
  /** With extensions only: the extension continuing each claimed resultType, by `method + " " + resultType`. */
  readonly claims?: Map<string, Claim>;
  /** With extensions only: their methods whose `Mcp-Name` carries a params field, told to the transport. */
  readonly namedParams?: Readonly<Record<string, string>>;
  /** A result showed the server speaks an initialize-based revision: switch the transport to it (true when it did; the request is then sent again). */
  readonly eraFallBack?: () => Promise<boolean>;
  /** The middleware around every request sent (undefined without any: none of its code runs). */
  readonly middleware?: readonly ClientMiddleware[];
  /** The signal of a call with these options (its own signal, its time limit or the client's). */
  signalOf(options?: CallOptions): AbortSignal;
  /** Aborts when the client closes (listen iterators follow it). */
  readonly closed: AbortSignal;
  /** Throws when the client is closed. */
  open(): void;
  /** Closes the client: refuses new calls, ends listen iterators, closes the transport (once). */
  close(): Promise<void>;
}

/** Builds the core of a client with these options. */
export function createCore(options: ClientOptions): ClientCore {
  const { kinds, capabilities, namedParams } = declared(options);
  const clientInfo: Implementation = { name: options.name, version: options.version, ...(options.title !== undefined && { title: options.title }) };
  // The versions this client speaks; the first is sent until a server says otherwise (-32022).
  const spoken = [options.protocolVersion ?? LATEST_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION];
  let protocolVersion = spoken[0]!;
  const { requests, hooks } = layersOf(options.middleware ?? []);
  const transport = eraTransport(options, { capabilities, clientInfo, kinds, ...(hooks && { hooks }) });
  // client.close(): listen iterators follow this; new calls are refused.
  const closing = new AbortController();
  return {
    transport,
    kinds,
    capabilities,
    policy: flowPolicy(options),
    server: undefined,
    meta: () => ({
      "io.modelcontextprotocol/protocolVersion": protocolVersion,
      "io.modelcontextprotocol/clientCapabilities": structuredClone(capabilities),
      "io.modelcontextprotocol/clientInfo": clientInfo,
    }),
    nextId: requestIds(),
    negotiate: (supported) => {
      if (!Array.isArray(supported)) return false;
      const choice = spoken.find((v) => supported.includes(v));
      if (choice === undefined) return false;
      protocolVersion = choice;
      return true;
    },
    emit: (event) => {
      try {
        options.onRound?.(event);
      } catch {
        // A failing listener must not break the flow.
      }
    },
    progressToken: progressTokens(),
    ...(namedParams && { claims: new Map<string, Claim>(), namedParams }),
    ...("fallBack" in transport && { eraFallBack: (transport as LazyEraTransport).fallBack }),
    ...(requests && { middleware: requests }),
    // Calls in flight fail when the client closes, whatever the transport does on close.
    signalOf: (o = {}) => flowSignal(o.signal, o.timeoutMs ?? options.timeoutMs, closing.signal),
    closed: closing.signal,
    open: () => {
      if (closing.signal.aborted) throw new McpClientError("The client is closed; create a new one to talk to the server again.");
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort(new McpClientError("The client was closed."));
      await transport.close?.();
    },
  };
}

/** The transport the core uses: the one given, wrapped by the era plugin (`legacy`; by default the lazy one). */
function eraTransport(options: ClientOptions, client: EraClient): Transport {
  if (options.legacy === false) return options.transport;
  return options.legacy ? options.legacy.wrap(options.transport, client) : lazyLegacy(options.transport, client);
}

/** Ids that never repeat, even across client instances resuming one stored flow: a random prefix per instance, then a counter. */
function requestIds(): () => string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const prefix = `${Array.from(bytes, (b) => (b % 36).toString(36)).join("")}-`;
  let counter = 0;
  return () => `${prefix}${++counter}`;
}
