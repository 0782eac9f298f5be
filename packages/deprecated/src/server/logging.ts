/**
 * The server feature for logging (server/utilities/logging.mdx): `ctx.log`
 * in every tool, prompt and resource handler. A request asks for log
 * messages by naming a level in `_meta["io.modelcontextprotocol/logLevel"]`;
 * without one nothing is sent (the draft: MUST NOT), with one each message
 * at or above it goes out as `notifications/message` on that request's own
 * stream, before its answer, never after.
 */
import type { ServerFeature } from "@mrtr/server/plugin";
import { warnDeprecated, type DeprecationOptions } from "../internal/deprecation.js";
import { LOG_LEVEL_META, LOGGING_LEVELS } from "../internal/logging-levels.js";
import type { LoggingLevel, LoggingMessageNotification } from "../types.gen.js";

/**
 * Options of {@link logging}.
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * log to stderr on stdio, or to OpenTelemetry. Earliest removal: the first
 * protocol revision released on or after 2027-07-28.
 */
export interface LoggingOptions extends DeprecationOptions {
  /** Longest `data` string sent, in UTF-16 units (default 4 096); longer ones are cut. */
  maxMessageLength?: number;
}

/**
 * What `logging()` adds to the context of every tool, prompt and resource handler.
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577).
 * Migrate: log to stderr on stdio, or to OpenTelemetry. Earliest removal:
 * the first protocol revision released on or after 2027-07-28.
 */
export interface LoggingContext {
  /**
   * Sends a log message to the client, if this request asked for messages at
   * `level` or above; otherwise does nothing. `data` is a string or any JSON
   * value, and SHOULD NOT hold credentials or other secrets.
   *
   * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577).
   * Migrate: log to stderr on stdio, or to OpenTelemetry. Earliest removal:
   * the first protocol revision released on or after 2027-07-28.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): void;
}

export { LOGGING_LEVELS };

/**
 * The logging feature: pass it to `createServer({ features: [logging()] })`.
 * The server then declares the `logging` capability and handlers get
 * `ctx.log(level, data, logger?)`.
 *
 * Emits a one-time DeprecationWarning (code `MRTR_DEP_LOGGING`) unless silenced.
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * log to stderr on stdio, or to OpenTelemetry. Earliest removal: the first
 * protocol revision released on or after 2027-07-28.
 */
export function logging(options: LoggingOptions = {}): ServerFeature<LoggingContext> {
  warnDeprecated("logging", options);
  const max = options.maxMessageLength ?? 4096;
  return {
    name: "logging",
    capabilities: { logging: {} },
    contextMethods(ctx, emit) {
      const asked: unknown = ctx.meta[LOG_LEVEL_META];
      const threshold = typeof asked === "string" ? LOGGING_LEVELS.indexOf(asked as LoggingLevel) : -1;
      return {
        log(level, data, logger) {
          const rank = LOGGING_LEVELS.indexOf(level);
          if (threshold < 0 || rank < threshold) return;
          const payload = typeof data === "string" && data.length > max ? data.slice(0, max) : data;
          const message: LoggingMessageNotification = { jsonrpc: "2.0", method: "notifications/message", params: { level, data: payload, ...(logger !== undefined && { logger }) } };
          emit(message as never); // a deprecated notification: the core's notification type does not name it
        },
      };
    },
  };
}
