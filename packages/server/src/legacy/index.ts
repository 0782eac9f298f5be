/**
 * @mrtr/server/legacy: clients of the initialize-based revisions
 * (2025-11-25, 2025-06-18) served by an `@mrtr/server` built for the draft,
 * from the same handlers, over Streamable HTTP (`legacyHttp`: sessions as
 * that revision has them, or none) and stdio (`legacyStdio`).
 *
 * ```ts
 * createHttpHandler(server, { legacy: legacyHttp() });
 * serveStdio(server, { legacy: legacyStdio() });
 * ```
 *
 * @module
 */
export { legacyHttp, LEGACY_HTTP_DEFAULTS } from "./http.js";
export type { LegacyHttpOptions } from "./http.js";
export { legacyStdio } from "./stdio.js";
export type { LegacyStdioOptions } from "./stdio.js";
export { CALL_OVERHEAD_BYTES, LegacySession, SESSION_DEFAULTS } from "./session.js";
export type { CallAdmission, CallHold, HeldCall, ListenAdmission, SessionExchange, SessionLimits, SessionOptions, SessionOutput } from "./session.js";
export { LEGACY_SHARE_DEFAULTS } from "./legacy-shares.js";
export type { HeldBytesOptions, ListenStreamOptions } from "./legacy-shares.js";
export { isLegacyInitialize } from "./claims.js";
