/**
 * The era a client speaks when not told otherwise: 2026-07-28, and an
 * initialize-based revision (2025-11-25, 2025-06-18) as soon as a server
 * shows it speaks one (basic/versioning.mdx, "Backward Compatibility"): an
 * HTTP 400 that is not a modern error, a stdio process that does not answer
 * `server/discover` as a modern server does (the transports' evidence, as
 * `LegacyServerError`), or a result without `resultType` that does not fit
 * (the flow's, through `fallBack`). Only then is `legacyClient()` imported
 * (`./legacy/`, with `@mrtr/legacy`'s checks) and the request sent again
 * through a legacy session; a client that only meets modern servers loads
 * none of it, and a bundle puts it in a chunk of its own. No probe is added:
 * modern traffic is exactly what it was.
 *
 * `createClient({ legacy: false })` speaks 2026-07-28 only (a legacy server
 * fails with `LegacyServerError`); `legacy: legacyClient({ ... })` takes the
 * plugin as it is (its `mode`, `prior` and limits).
 */
import { LegacyServerError } from "./errors.js";
import type { EraClient } from "./eras.js";
import type { Transport } from "./transport.js";

/** What a client says when the legacy era's code cannot be loaded (a bundle that left it out, a broken install). */
export const LEGACY_UNAVAILABLE = "its support could not be loaded: npm install @mrtr/legacy";

/** A transport that becomes a legacy one once a server shows its era; `fallBack` switches on the flow's evidence (true when it did). */
export type LazyEraTransport = Transport & { fallBack(): Promise<boolean> };

export function lazyLegacy(inner: Transport, client: EraClient): LazyEraTransport {
  let legacy: Transport | undefined;
  let loading: Promise<Transport | undefined> | undefined;
  const load = () => (loading ??= import("./legacy/after-evidence.js").then((m) => m.legacyTransport(inner, client), () => undefined));
  /** On the transport's evidence: the same exchange again, through a legacy session. */
  async function again<T>(error: unknown, run: (t: Transport) => Promise<T>): Promise<T> {
    if (!(error instanceof LegacyServerError)) throw error;
    legacy ??= await load();
    if (!legacy) throw new LegacyServerError(`${error.evidence}; ${LEGACY_UNAVAILABLE}`, error.status);
    return run(legacy);
  }
  const wrapped: LazyEraTransport = {
    ...(inner.wire && { wire: inner.wire }),
    async request(message, options = {}) {
      if (legacy) return legacy.request(message, options);
      try {
        return await inner.request(message, options);
      } catch (error) {
        return again(error, (t) => t.request(message, options));
      }
    },
    async notify(message) {
      await (legacy ?? inner).notify?.(message);
    },
    async close() {
      // A legacy transport closes its session and the transport it wraps.
      await (legacy ?? inner).close?.();
    },
    async fallBack() {
      if (legacy) return false;
      legacy = await load();
      return legacy !== undefined;
    },
  };
  if (inner.listen) {
    const listen = inner.listen.bind(inner);
    wrapped.listen = async (message, options) => {
      if (legacy) return legacy.listen!(message, options);
      try {
        return await listen(message, options);
      } catch (error) {
        return again(error, (t) => t.listen!(message, options));
      }
    };
  }
  return wrapped;
}
