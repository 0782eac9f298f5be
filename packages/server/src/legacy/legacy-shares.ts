/**
 * The fair shares of legacy sessions (docs/architecture.md, "Fair shares"):
 * sessions by count (`legacyHttp`), the subscription stream each session
 * holds on the core by count (`legacyHttp` and `legacyStdio`: these streams
 * are the bridge's to bound, not the server's `subscriptions.maxStreams`),
 * and by bytes what sessions hold across requests — each call waiting for
 * the client's answers (its params, questions, state and answers, plus
 * `CALL_OVERHEAD_BYTES`) and each HTTP session's resumption log
 * (`legacyHttp` and `legacyStdio`). Limits in all, and a share per caller (a
 * principal, or a peer without one) strictly smaller.
 */
import { defaultShare, FairShare, isShareRefusal, refusalData } from "@mrtr/internal";
import { ServerDefinitionError } from "../errors.js";
import type { SessionOptions } from "./session.js";

/** The memory legacy sessions may hold while their calls wait and their streams keep messages for resumption. */
export interface HeldBytesOptions {
  /**
   * Bytes held in all by waiting calls and resumption logs (default 64 MiB).
   * When full, the waiting call used longest ago of the caller holding the
   * most is withdrawn (the client is told, and may send it again); with none
   * waiting, a new call is refused (-32603).
   */
  maxHeldBytes?: number;
  /** Bytes one caller's sessions hold at once (default 8 MiB, less than `maxHeldBytes`); past it a new call is refused (-32603, saying so). */
  maxHeldBytesPerPrincipal?: number;
}

/**
 * The subscription streams legacy sessions hold on the core: one per
 * initialized session, for its list changes and resource updates. They are
 * bounded here, never in the server's `subscriptions.maxStreams` pool, so
 * legacy sessions cannot take streams from modern clients.
 */
export interface ListenStreamOptions {
  /**
   * Subscription streams legacy sessions hold at once in all (default 1 000).
   * When all are held, the stream of the caller holding the most whose
   * session was used longest ago is let go to make room; that session opens
   * it again at its next request.
   */
  maxListenStreams?: number;
  /**
   * Subscription streams one caller's sessions hold at once (default 100, less
   * than `maxListenStreams`). Past it a session has none: its
   * `resources/subscribe` is refused (-32603 naming this option), and it
   * tries again at its next request.
   */
  maxListenStreamsPerPrincipal?: number;
}

/** The defaults of {@link HeldBytesOptions} and {@link ListenStreamOptions}. */
export const LEGACY_SHARE_DEFAULTS = {
  maxHeldBytes: 64 * 1024 * 1024,
  maxHeldBytesPerPrincipal: 8 * 1024 * 1024,
  maxListenStreams: 1000,
  maxListenStreamsPerPrincipal: 100,
} as const satisfies Required<HeldBytesOptions & ListenStreamOptions>;

function share(where: string, make: () => FairShare): FairShare {
  try {
    return make();
  } catch (error) {
    throw new ServerDefinitionError(`${where}(): ${(error as Error).message}`);
  }
}

/** What waiting calls and resumption logs hold, in bytes, by caller. */
export function heldBytesShare(where: string, options: HeldBytesOptions): FairShare {
  const totalBytes = options.maxHeldBytes ?? LEGACY_SHARE_DEFAULTS.maxHeldBytes;
  const perOwnerBytes = options.maxHeldBytesPerPrincipal ?? Math.min(LEGACY_SHARE_DEFAULTS.maxHeldBytesPerPrincipal, Math.floor(totalBytes / 2));
  return share(
    where,
    () =>
      new FairShare({
        name: "bytes held by legacy sessions' waiting requests and resumption logs",
        total: Number.POSITIVE_INFINITY,
        perOwner: Number.POSITIVE_INFINITY,
        totalBytes,
        perOwnerBytes,
        options: { total: "maxHeldBytes", perOwner: "maxHeldBytesPerPrincipal", totalBytes: "maxHeldBytes", perOwnerBytes: "maxHeldBytesPerPrincipal" },
        retryAfterSeconds: 5,
      }),
  );
}

/** Open sessions by caller. */
export function sessionShare(where: string, maxSessions: number, perPrincipal: number | undefined): FairShare {
  return share(
    where,
    () =>
      new FairShare({
        name: "legacy sessions",
        total: maxSessions,
        perOwner: perPrincipal ?? defaultShare(maxSessions, 100),
        options: { total: "maxSessions", perOwner: "maxSessionsPerPrincipal" },
        retryAfterSeconds: 5,
      }),
  );
}

/** The subscription streams sessions hold on the core, by caller. */
export function listenShare(where: string, options: ListenStreamOptions): FairShare {
  const total = options.maxListenStreams ?? LEGACY_SHARE_DEFAULTS.maxListenStreams;
  const perOwner = options.maxListenStreamsPerPrincipal ?? defaultShare(total, LEGACY_SHARE_DEFAULTS.maxListenStreamsPerPrincipal);
  return share(
    where,
    () =>
      new FairShare({
        name: "legacy sessions' subscription streams",
        total,
        perOwner,
        options: { total: "maxListenStreams", perOwner: "maxListenStreamsPerPrincipal" },
        retryAfterSeconds: 5,
      }),
  );
}

/** `SessionOptions.holdListen` for sessions of caller `owner()` (read when the stream opens) in `listens`; each stream is idle: it waits for nothing. */
export function holdListenIn(listens: FairShare, owner: () => string): NonNullable<SessionOptions["holdListen"]> {
  return (evict) => {
    const hold = listens.acquire(owner(), { idle: () => true, evict });
    if (!isShareRefusal(hold)) return hold;
    return { refused: true, message: hold.message, data: refusalData(hold) };
  };
}
