/** The log levels, shared by the server feature and the client plugin for logging. */
import type { LoggingLevel } from "../types.gen.js";

/**
 * The levels, least severe first (RFC 5424 order).
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577).
 * Migrate: log to stderr on stdio, or to OpenTelemetry. Earliest removal:
 * the first protocol revision released on or after 2027-07-28.
 */
export const LOGGING_LEVELS: readonly LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/** The `_meta` key of a request that asks for log messages at a level and above. */
export const LOG_LEVEL_META = "io.modelcontextprotocol/logLevel";

/** The rank of `level` (0 for `debug`), or -1 when it is not a level. */
export function levelRank(level: unknown): number {
  return typeof level === "string" ? LOGGING_LEVELS.indexOf(level as LoggingLevel) : -1;
}
