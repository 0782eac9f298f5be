/**
 * `legacyClient()`: the era plugin of `createClient({ legacy })`. It wraps
 * the client's transport so that a server of an initialize-based revision
 * (2025-11-25, 2025-06-18) is reached with the same calls and handlers as a
 * 2026-07-28 one.
 *
 * Era detection (basic/versioning.mdx, "Backward Compatibility"): in `auto`
 * mode the first request is preceded by a `server/discover` probe; a
 * discover result or a recognized modern error means modern, anything else
 * (an error of another kind, an HTTP 400 that is not a modern error, no
 * answer in time on stdio) legacy. The verdict is kept for the origin (HTTP)
 * or the server process (stdio), can be read (`verdict`), persisted and
 * passed back (`prior`), and is revised when it stops holding: a modern
 * server that answers like a legacy one, or a legacy one that refuses
 * `initialize` with a modern error, is probed again (at most
 * `maxEraChanges` times in a row, then the request fails).
 */
import { LegacyServerError, McpClientError } from "../errors.js";
import type { ExchangeOptions, Transport, TransportResponse } from "../transport.js";
import { isDiscoverAnswer, isModernError } from "../era-evidence.js";
import type { ClientEra, EraClient } from "../eras.js";
import type { TransportWire } from "../wire.js";
import { definedOnly } from "@mrtr/internal";
import type { JSONRPCNotification, JSONRPCRequest } from "@mrtr/schema";
import { LEGACY_LATEST_PROTOCOL_VERSION } from "@mrtr/legacy";
import { ChannelLink } from "./channel-link.js";
import { LegacyHandshakeError, ManualModeUnavailableError, SessionLostError } from "./errors.js";
import { HttpLink, type HttpLinkLimits } from "./http-link.js";
import type { Message } from "./link.js";
import { LegacySession, type SessionLimits } from "./session.js";

/** What the plugin found the server to speak. */
export type EraVerdict =
  | {
      /** The server speaks 2026-07-28: the core client goes on alone. */
      era: "modern";
    }
  | {
      /** The server speaks an initialize-based revision: the plugin speaks it. */
      era: "legacy";
      /** The revision agreed on in `initialize`. */
      protocolVersion: string;
    };

/** Options of {@link legacyClient}. */
export interface LegacyClientOptions extends Partial<SessionLimits>, Partial<HttpLinkLimits> {
  /** `auto` (default): probe, then speak what the server speaks; `modern`: never fall back; `legacy`: never probe, always initialize. */
  mode?: "auto" | "modern" | "legacy";
  /** A verdict kept from an earlier run against the same server (read from `verdict` or `onVerdict`): no probe, unless it stops holding. */
  prior?: EraVerdict;
  /** Called whenever the verdict is reached or changes (to persist it). */
  onVerdict?: (verdict: EraVerdict) => void;
  /** The protocol version sent in `initialize` (default 2025-11-25; the server may answer 2025-06-18). */
  protocolVersion?: string;
  /** The legacy server's notifications other than progress and change notifications (log messages, for example). */
  onNotification?: (notification: Record<string, unknown>) => void;
  /** Era changes in a row before a request fails instead of probing again (default 2). */
  maxEraChanges?: number;
}

/** The defaults of {@link LegacyClientOptions}' limits. */
export const LEGACY_CLIENT_DEFAULTS = {
  initializeTimeoutMs: 30_000,
  maxServerRequests: 16,
  serverRequestTimeoutMs: 600_000,
  maxResumptions: 5,
  retryMs: 1_000,
  maxStreamFailures: 5,
  maxEraChanges: 2,
} as const;

/** The plugin: pass it as `createClient({ legacy })`; it tells which era it found. */
export interface LegacyClient extends ClientEra {
  /** The current verdict (undefined until the first request decided it). */
  readonly verdict: EraVerdict | undefined;
}

/**
 * The era plugin for `createClient({ legacy })`: finds out, with
 * `server/discover`, whether a server speaks 2026-07-28 or an
 * initialize-based revision (2025-11-25, 2025-06-18), and speaks the latter
 * through legacy sessions, with the same calls and input handlers.
 */
export function legacyClient(options: LegacyClientOptions = {}): LegacyClient {
  const mode = options.mode ?? "auto";
  const limits = { ...LEGACY_CLIENT_DEFAULTS, ...definedOnly(options) } as typeof LEGACY_CLIENT_DEFAULTS;
  const version = options.protocolVersion ?? LEGACY_LATEST_PROTOCOL_VERSION;
  let verdict: EraVerdict | undefined = mode === "legacy" ? { era: "legacy", protocolVersion: version } : mode === "modern" ? { era: "modern" } : options.prior;
  let wrapped = false;
  const decide = (next: EraVerdict) => {
    const changed = JSON.stringify(next) !== JSON.stringify(verdict);
    verdict = next;
    if (changed) {
      try {
        options.onVerdict?.(next);
      } catch {
        // A failing listener must not break the request.
      }
    }
  };

  return {
    get verdict() {
      return verdict;
    },
    wrap(inner: Transport, client: EraClient): Transport {
      if (wrapped) throw new McpClientError("A legacyClient() plugin serves one client: create one per createClient call.");
      wrapped = true;
      const maybeWire: TransportWire | undefined = inner.wire;
      // A transport without a wire (@mrtr/server's in-process one) reaches a modern server: nothing to wrap.
      if (!maybeWire) {
        if (mode === "legacy") throw new McpClientError('legacyClient({ mode: "legacy" }) needs a transport that describes its wire (httpTransport or stdioTransport).');
        return inner;
      }
      const wire = maybeWire;
      let session: LegacySession | undefined;
      let sessionGeneration = -1;
      // stdio: the probe's verdict belongs to the process it was made for.
      let probedGeneration = -1;

      // The verdict names the version the server answered initialize with.
      const negotiated = (protocolVersion: string) => decide({ era: "legacy", protocolVersion });
      const sessionFor = (): LegacySession => {
        if (wire.kind === "http") {
          session ??= new LegacySession(new HttpLink(wire, limits), client, limits, version, options.onNotification, negotiated);
          return session;
        }
        const channel = wire.connect();
        if (!session || sessionGeneration !== channel.generation) {
          void session?.close();
          session = new LegacySession(new ChannelLink(channel), client, limits, version, options.onNotification, negotiated);
          sessionGeneration = channel.generation;
        }
        return session;
      };

      /** The era for this request: the kept verdict, or a probe. */
      async function eraFor(message: JSONRPCRequest): Promise<"modern" | "legacy"> {
        if (mode !== "auto") return mode;
        const meta = ((message.params ?? {}) as { _meta?: Record<string, unknown> })._meta ?? {};
        if (wire.kind === "channel") {
          const channel = wire.connect();
          if (verdict && probedGeneration !== channel.generation && options.prior === undefined) verdict = undefined; // a new process: probe again
          if (!verdict) {
            const era = await channel.probe(meta);
            probedGeneration = channel.generation;
            decide(era === "modern" ? { era } : { era, protocolVersion: version });
          }
          return verdict!.era;
        }
        if (!verdict) decide(await probeHttp(meta));
        return verdict!.era;
      }

      async function probeHttp(meta: Record<string, unknown>): Promise<EraVerdict> {
        const probe = { jsonrpc: "2.0", id: `probe-${globalThis.crypto.randomUUID().slice(0, 8)}`, method: "server/discover", params: { _meta: meta } } as JSONRPCRequest;
        try {
          const answer = await inner.request(probe);
          return isDiscoverAnswer(answer) || isModernError(answer) ? { era: "modern" } : { era: "legacy", protocolVersion: version };
        } catch (error) {
          if (error instanceof LegacyServerError) return { era: "legacy", protocolVersion: version };
          throw error;
        }
      }

      /** Runs `use` in the era the server speaks, revising the verdict when it stops holding. */
      async function inEra<T>(message: JSONRPCRequest, manual: boolean | undefined, modern: () => Promise<T>, legacy: (s: LegacySession) => Promise<T>): Promise<T> {
        for (let changes = 0; ; changes++) {
          const era = await eraFor(message);
          try {
            if (era === "modern") return await modern();
            if (manual) throw new ManualModeUnavailableError();
            try {
              return await legacy(sessionFor());
            } catch (error) {
              if (!(error instanceof SessionLostError) || wire.kind !== "http") throw error;
              // The server forgot the session: a new one, once.
              void session?.close();
              session = undefined;
              return await legacy(sessionFor());
            }
          } catch (error) {
            const stale =
              mode === "auto" &&
              ((era === "modern" && error instanceof LegacyServerError) || (era === "legacy" && error instanceof LegacyHandshakeError && isModernError({ error: error.error })));
            if (!stale) throw error;
            if (changes + 1 >= limits.maxEraChanges) {
              throw new McpClientError(`The server changed era ${changes + 1} times in a row (legacyClient's maxEraChanges option); last: ${(error as Error).message}`);
            }
            // The kept verdict no longer holds: probe again.
            if (era === "legacy") {
              void session?.close();
              session = undefined;
            }
            verdict = undefined;
            probedGeneration = -1;
          }
        }
      }

      const legacyOnly = (o: ExchangeOptions) => ({ ...(o.signal && { signal: o.signal }), ...(o.onMessage && { onMessage: o.onMessage as (m: Message) => void }) });

      return {
        wire,
        request: (message, o = {}) =>
          inEra(message, o.manual, () => inner.request(message, o), (s) => s.request(message as unknown as Message, legacyOnly(o)) as Promise<TransportResponse>),
        listen: (message, o) =>
          inEra(
            message,
            false,
            () => (inner.listen ? inner.listen(message, o) : inner.request(message, o)),
            (s) => s.listen(message as unknown as Message, { signal: o.signal ?? new AbortController().signal, ...(o.onMessage && { onMessage: o.onMessage }) }),
          ),
        async notify(message: JSONRPCNotification) {
          if (verdict?.era === "legacy") return session?.notify(message as unknown as Message);
          return inner.notify?.(message);
        },
        async close() {
          await session?.close();
          await inner.close?.();
        },
      };
    },
  };
}
