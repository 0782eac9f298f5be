/**
 * `@mrtr/client/legacy`: reach servers of the initialize-based revisions
 * (2025-11-25, 2025-06-18) with `@mrtr/client`'s calls and handlers.
 *
 * ```ts
 * const legacy = legacyClient();
 * const client = createClient({ transport: httpTransport(url), name, version, elicitation: { form }, legacy });
 * ```
 *
 * @module
 */
export { LEGACY_CLIENT_DEFAULTS, legacyClient } from "./legacy-client.js";
export type { LegacyClient, LegacyClientOptions } from "./legacy-client.js";
export type { EraVerdict } from "./verdict.js";
export { LegacyHandshakeError, ManualModeUnavailableError } from "./errors.js";
