/**
 * @mrtr/deprecated/client: sampling, roots and logging for `@mrtr/client`, opt-in.
 *
 * ```ts
 * const log = logging({ level: "info", onMessage: (message, info) => console.log(info.method, message.level, message.data) });
 * const client = createClient({
 *   ...,
 *   transport: httpTransport(url),
 *   middleware: [log],
 *   inputKinds: [sampling(handler, { tools: true }), roots(list)],
 * });
 * ```
 *
 * @deprecated Sampling, roots and logging are deprecated since MCP 2026-07-28
 * (SEP-2577). Migrate: servers call a model provider directly; pass
 * directories through tool arguments, resource URIs or configuration; read
 * the server's stderr or its OpenTelemetry traces instead of its log messages.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 *
 * @module
 */
export { sampling } from "./sampling.js";
export type { SamplingHandler, SamplingOptions } from "./sampling.js";
export { roots } from "./roots.js";
export type { RootsOptions, RootsSource } from "./roots.js";
export { logging } from "./logging.js";
export type { ClientLoggingOptions, LogMessageHandler, LogMessageInfo } from "./logging.js";
