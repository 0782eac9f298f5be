/**
 * The fair shares of legacy sessions (docs/architecture.md, "Fair shares"):
 * sessions by count (`legacyHttp`), and by bytes what sessions hold across
 * requests — each call waiting for the client's answers (its params,
 * questions, state and answers, plus `CALL_OVERHEAD_BYTES`) and each HTTP
 * session's resumption log (`legacyHttp` and `legacyStdio`). Limits in all,
 * and a share per caller (a principal, or a peer without one) strictly
 * smaller.
 */
import { FairShare } from "@mrtr/internal";
import { ServerDefinitionError } from "../errors.js";

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

/** The defaults of {@link HeldBytesOptions}. */
export const LEGACY_SHARE_DEFAULTS = { maxHeldBytes: 64 * 1024 * 1024, maxHeldBytesPerPrincipal: 8 * 1024 * 1024 } as const satisfies Required<HeldBytesOptions>;

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
        perOwner: perPrincipal ?? Math.max(1, Math.min(100, Math.floor(maxSessions / 2))),
        options: { total: "maxSessions", perOwner: "maxSessionsPerPrincipal" },
        retryAfterSeconds: 5,
      }),
  );
}
