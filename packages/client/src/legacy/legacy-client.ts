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
import { McpClientError } from "../errors.js";
import type { ClientEra } from "../eras.js";
import { definedOnly } from "@mrtr/internal";
import { LEGACY_LATEST_PROTOCOL_VERSION } from "@mrtr/legacy";
import { eraSwitch } from "./era-switch.js";
import type { HttpLinkLimits } from "./http-link.js";
import type { SessionLimits } from "./session.js";
import { VerdictKeeper, type EraVerdict } from "./verdict.js";

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
  const initial: EraVerdict | undefined = mode === "legacy" ? { era: "legacy", protocolVersion: version } : mode === "modern" ? { era: "modern" } : options.prior;
  const verdict = new VerdictKeeper(initial, (next) => options.onVerdict?.(next));
  let wrapped = false;
  return {
    get verdict() {
      return verdict.current;
    },
    wrap(inner, client) {
      if (wrapped) throw new McpClientError("A legacyClient() plugin serves one client: create one per createClient call.");
      wrapped = true;
      // A transport without a wire (@mrtr/server's in-process one) reaches a modern server: nothing to wrap.
      if (!inner.wire) {
        if (mode === "legacy") throw new McpClientError('legacyClient({ mode: "legacy" }) needs a transport that describes its wire (httpTransport or stdioTransport).');
        return inner;
      }
      return eraSwitch(inner, inner.wire, client, { mode, limits, version, options, verdict });
    },
  };
}
