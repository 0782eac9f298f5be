/**
 * `@mrtr/otel`: OpenTelemetry for `@mrtr/server` and `@mrtr/client`, after
 * the OpenTelemetry semantic conventions for MCP. One line on each side:
 * `server.use(serverTelemetry())` and `createClient({ middleware: [clientTelemetry()] })`.
 * Spans and metrics go to the globally registered providers unless given;
 * with only `@opentelemetry/api` installed, nothing is recorded.
 *
 * @module
 */
export { serverTelemetry } from "./server-telemetry.js";
export { clientTelemetry, CLIENT_TELEMETRY_DEFAULTS } from "./client-telemetry.js";
export type { ClientTelemetryOptions } from "./client-telemetry.js";
export type { TelemetryOptions } from "./options.js";
export { MAX_META_VALUE_LENGTH, TRACE_META_KEYS } from "./meta-carrier.js";
