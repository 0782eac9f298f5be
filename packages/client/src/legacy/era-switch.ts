/**
 * One client's transport as a `legacyClient()` plugin wraps it: each
 * request goes to the era the server speaks (the kept verdict, or a probe:
 * `server/discover` over HTTP, the channel's probe on stdio), modern ones
 * through the transport as they are, legacy ones through a legacy session
 * (one per origin, or per server process on stdio). When the verdict stops
 * holding (a modern server answering like a legacy one, a legacy one
 * refusing `initialize` with a modern error) it probes again, at most
 * `maxEraChanges` times in a row.
 */
import { LegacyServerError, McpClientError } from "../errors.js";
import { isDiscoverAnswer, isModernError } from "../era-evidence.js";
import type { EraClient } from "../eras.js";
import type { ExchangeOptions, TransportResponse } from "../exchange.js";
import type { Transport } from "../transport.js";
import type { TransportWire } from "../wire.js";
import type { JSONRPCNotification, JSONRPCRequest } from "@mrtr/schema";
import { ChannelLink } from "./channel-link.js";
import { LegacyHandshakeError, ManualModeUnavailableError, SessionLostError } from "./errors.js";
import { HttpLink, type HttpLinkLimits } from "./http-link.js";
import type { Message } from "./link.js";
import { LegacySession, type SessionLimits } from "./session.js";
import type { EraVerdict, VerdictKeeper } from "./verdict.js";

/** What a plugin shares with every transport it wraps. */
export interface EraPlugin {
  /** `auto`: probe, then speak what the server speaks; `modern`, `legacy`: that era only. */
  readonly mode: "auto" | "modern" | "legacy";
  /** The limits of sessions, HTTP links and era changes. */
  readonly limits: SessionLimits & HttpLinkLimits & { maxEraChanges: number };
  /** The protocol version sent in `initialize`. */
  readonly version: string;
  /** The plugin's options read while it runs. */
  readonly options: {
    /** A verdict kept from an earlier run (then a new stdio process is not probed again). */
    prior?: EraVerdict;
    /** The legacy server's other notifications. */
    onNotification?: (notification: Record<string, unknown>) => void;
  };
  /** The plugin's verdict. */
  readonly verdict: VerdictKeeper;
}

/** `inner`, whose wire is `wire`, wrapped to reach the server in the era it speaks. */
export function eraSwitch(inner: Transport, wire: TransportWire, client: EraClient, plugin: EraPlugin): Transport {
  const eras = new EraSwitch(inner, wire, client, plugin);
  const legacyOnly = (o: ExchangeOptions) => ({ ...(o.signal && { signal: o.signal }), ...(o.onMessage && { onMessage: o.onMessage as (m: Message) => void }) });
  return {
    wire,
    request: (message, o = {}) =>
      eras.inEra(message, o.manual, () => inner.request(message, o), (s) => s.request(message as unknown as Message, legacyOnly(o)) as Promise<TransportResponse>),
    listen: (message, o) =>
      eras.inEra(
        message,
        false,
        () => (inner.listen ? inner.listen(message, o) : inner.request(message, o)),
        (s) => s.listen(message as unknown as Message, { signal: o.signal ?? new AbortController().signal, ...(o.onMessage && { onMessage: o.onMessage }) }),
      ),
    notify: (message: JSONRPCNotification) => eras.notify(message),
    close: () => eras.close(),
  };
}

/** The era state of one wrapped transport: its legacy session and which server process was probed. */
class EraSwitch {
  #session: LegacySession | undefined;
  #sessionGeneration = -1;
  // stdio: the probe's verdict belongs to the process it was made for.
  #probedGeneration = -1;

  constructor(
    private readonly inner: Transport,
    private readonly wire: TransportWire,
    private readonly client: EraClient,
    private readonly plugin: EraPlugin,
  ) {}

  /** Runs the request in the era the server speaks, revising the verdict when it stops holding. */
  async inEra<T>(message: JSONRPCRequest, manual: boolean | undefined, modern: () => Promise<T>, legacy: (s: LegacySession) => Promise<T>): Promise<T> {
    const { mode, limits, verdict } = this.plugin;
    for (let changes = 0; ; changes++) {
      const era = await this.eraFor(message);
      try {
        if (era === "modern") return await modern();
        if (manual) throw new ManualModeUnavailableError();
        return await this.inSession(legacy);
      } catch (error) {
        const stale =
          mode === "auto" &&
          ((era === "modern" && error instanceof LegacyServerError) || (era === "legacy" && error instanceof LegacyHandshakeError && isModernError({ error: error.error })));
        if (!stale) throw error;
        if (changes + 1 >= limits.maxEraChanges) {
          throw new McpClientError(`The server changed era ${changes + 1} times in a row (legacyClient's maxEraChanges option); last: ${(error as Error).message}`);
        }
        // The kept verdict no longer holds: probe again.
        if (era === "legacy") this.dropSession();
        verdict.current = undefined;
        this.#probedGeneration = -1;
      }
    }
  }

  /** Sends a notification the way the kept verdict says. */
  async notify(message: JSONRPCNotification): Promise<void> {
    if (this.plugin.verdict.current?.era === "legacy") return this.#session?.notify(message as unknown as Message);
    return this.inner.notify?.(message);
  }

  /** Closes the session, then the transport. */
  async close(): Promise<void> {
    await this.#session?.close();
    await this.inner.close?.();
  }

  /** Runs `legacy` in the session; over HTTP, once more in a new one when the server forgot it. */
  private async inSession<T>(legacy: (s: LegacySession) => Promise<T>): Promise<T> {
    try {
      return await legacy(this.sessionFor());
    } catch (error) {
      if (!(error instanceof SessionLostError) || this.wire.kind !== "http") throw error;
      this.dropSession();
      return await legacy(this.sessionFor());
    }
  }

  /** The era for this request: the kept verdict, or a probe. */
  private async eraFor(message: JSONRPCRequest): Promise<"modern" | "legacy"> {
    const { mode, version, options, verdict } = this.plugin;
    if (mode !== "auto") return mode;
    const meta = ((message.params ?? {}) as { _meta?: Record<string, unknown> })._meta ?? {};
    if (this.wire.kind === "channel") {
      const channel = this.wire.connect();
      if (verdict.current && this.#probedGeneration !== channel.generation && options.prior === undefined) verdict.current = undefined; // a new process: probe again
      if (!verdict.current) {
        const era = await channel.probe(meta);
        this.#probedGeneration = channel.generation;
        verdict.decide(era === "modern" ? { era } : { era, protocolVersion: version });
      }
      return verdict.current!.era;
    }
    if (!verdict.current) verdict.decide(await this.probeHttp(meta));
    return verdict.current!.era;
  }

  private async probeHttp(meta: Record<string, unknown>): Promise<EraVerdict> {
    const probe = { jsonrpc: "2.0", id: `probe-${globalThis.crypto.randomUUID().slice(0, 8)}`, method: "server/discover", params: { _meta: meta } } as JSONRPCRequest;
    try {
      const answer = await this.inner.request(probe);
      return isDiscoverAnswer(answer) || isModernError(answer) ? { era: "modern" } : { era: "legacy", protocolVersion: this.plugin.version };
    } catch (error) {
      if (error instanceof LegacyServerError) return { era: "legacy", protocolVersion: this.plugin.version };
      throw error;
    }
  }

  /** The session for the server: one per origin (HTTP), one per server process (stdio). */
  private sessionFor(): LegacySession {
    const { limits, version, options, verdict } = this.plugin;
    // The verdict names the version the server answered initialize with.
    const negotiated = (protocolVersion: string) => verdict.decide({ era: "legacy", protocolVersion });
    if (this.wire.kind === "http") {
      this.#session ??= new LegacySession(new HttpLink(this.wire, limits), this.client, limits, version, options.onNotification, negotiated);
      return this.#session;
    }
    const channel = this.wire.connect();
    if (!this.#session || this.#sessionGeneration !== channel.generation) {
      void this.#session?.close();
      this.#session = new LegacySession(new ChannelLink(channel), this.client, limits, version, options.onNotification, negotiated);
      this.#sessionGeneration = channel.generation;
    }
    return this.#session;
  }

  private dropSession(): void {
    void this.#session?.close();
    this.#session = undefined;
  }
}
