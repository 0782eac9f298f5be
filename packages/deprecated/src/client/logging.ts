/**
 * The client plugin for logging (server/utilities/logging.mdx): asks for log
 * messages by naming a level in each request's
 * `_meta["io.modelcontextprotocol/logLevel"]`, and hands each
 * `notifications/message` that arrives on that request's own stream, before
 * its answer, to the application with the call it belongs to.
 *
 * It is one client middleware: it names the level in the request, and hears
 * the request's stream through `next(message, { onMessage })`.
 */
import { McpClientError, type ClientMiddleware, type SentCall } from "@mrtr/client";
import { warnDeprecated, type DeprecationOptions } from "../internal/deprecation.js";
import { LOG_LEVEL_META, levelRank } from "../internal/logging-levels.js";
import type { LoggingLevel, LoggingMessageNotificationParams } from "../types.gen.js";
import { cLoggingMessageNotification } from "../zod/checks.gen.js";

/**
 * Which call a log message belongs to: the request whose stream carried it.
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * read the server's stderr on stdio, or its OpenTelemetry traces. Earliest
 * removal: the first protocol revision released on or after 2027-07-28.
 */
export interface LogMessageInfo {
  /** The request's method (`tools/call`, `prompts/get`, …). */
  readonly method: string;
  /** The tool or prompt named by a `tools/call` or `prompts/get`. */
  readonly name?: string;
  /** The resource named by a `resources/read`. */
  readonly uri?: string;
  /** The JSON-RPC id of the request (each round of a call has its own). */
  readonly requestId: string | number;
  /** The call's flow, as client middleware sees it (`SentCall.flow.id`): the same for every round of one call. */
  readonly flowId: string;
  /** The round of the call: 1 for its first request, 2 for the first retry, … */
  readonly round: number;
  /** The level the request asked for. */
  readonly level: LoggingLevel;
}

/**
 * Receives one log message (its params, checked: `level`, `data`, and
 * `logger` when the server named one) and the call it belongs to. Called
 * while the call runs, before its answer; what it throws or rejects with is
 * ignored (the call goes on).
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * read the server's stderr on stdio, or its OpenTelemetry traces. Earliest
 * removal: the first protocol revision released on or after 2027-07-28.
 */
export type LogMessageHandler = (message: LoggingMessageNotificationParams, info: LogMessageInfo) => void | Promise<void>;

/**
 * Options of {@link logging}.
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * read the server's stderr on stdio, or its OpenTelemetry traces. Earliest
 * removal: the first protocol revision released on or after 2027-07-28.
 */
export interface ClientLoggingOptions extends DeprecationOptions {
  /**
   * The least severe level to receive. A function chooses per request (it
   * sees each request as middleware does: method, params, flow and round);
   * undefined asks for none on that request. A request whose `_meta` already
   * names a level keeps it.
   */
  level: LoggingLevel | ((call: SentCall) => LoggingLevel | undefined);
  /** Receives each log message with the call it belongs to. */
  onMessage: LogMessageHandler;
  /**
   * Most `notifications/message` looked at per request (default 1 000),
   * malformed ones included; later ones are dropped unread.
   */
  maxMessagesPerRequest?: number;
}

/** Default of `maxMessagesPerRequest`. */
const MAX_MESSAGES = 1000;

/** A request in flight that asked for log messages. */
interface Asked {
  /** The rank of the level it asked for. */
  readonly rank: number;
  /** Handed with each of its messages. */
  readonly info: LogMessageInfo;
  /** `notifications/message` looked at so far. */
  seen: number;
}

/**
 * The client plugin for logging: asks the server for log messages at
 * `level` and above on the client's requests, and hands each
 * `notifications/message` that arrives on a request's own stream to
 * `onMessage` with the call it belongs to. Pass it as client middleware:
 *
 * ```ts
 * const log = logging({ level: "info", onMessage: (m, info) => console.log(info.method, m.level, m.data) });
 * const client = createClient({ ..., transport: httpTransport(url), middleware: [log] });
 * ```
 *
 * A message is checked (the generated `LoggingMessageNotification` check)
 * and dropped when malformed, below the level asked, past
 * `maxMessagesPerRequest`, or after the request's answer; none is kept.
 * Subscription streams never carry log messages (the draft: MUST NOT) and get
 * no level. A session of an initialize-based server (2025-11-25) delivers none.
 *
 * Emits a one-time DeprecationWarning (code `MRTR_DEP_LOGGING`) unless silenced.
 *
 * @deprecated Logging is deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * read the server's stderr on stdio, or its OpenTelemetry traces. Earliest
 * removal: the first protocol revision released on or after 2027-07-28.
 */
export function logging(options: ClientLoggingOptions): ClientMiddleware {
  if (typeof options !== "object" || options === null) throw new TypeError("logging(options): options must be { level, onMessage }");
  const { level, onMessage, maxMessagesPerRequest = MAX_MESSAGES } = options;
  if (typeof level !== "function" && levelRank(level) < 0) throw new TypeError(`logging(options): level must be a log level (debug … emergency) or a function, not ${JSON.stringify(level)}`);
  if (typeof onMessage !== "function") throw new TypeError("logging(options): onMessage must be a function");
  if (!Number.isInteger(maxMessagesPerRequest) || maxMessagesPerRequest < 1) throw new TypeError("logging(options): maxMessagesPerRequest must be a positive integer");
  warnDeprecated("logging", options);

  function deliver(entry: Asked, message: Readonly<Record<string, unknown>>): void {
    if (entry.seen >= maxMessagesPerRequest) return;
    entry.seen++;
    if (cLoggingMessageNotification(message, 0, false) !== undefined) return;
    const params = message.params as LoggingMessageNotificationParams;
    if (levelRank(params.level) < entry.rank) return;
    try {
      const returned: unknown = onMessage(params, entry.info);
      if (returned instanceof Promise) returned.catch(() => undefined);
    } catch {
      // A failing handler must not break the call.
    }
  }

  return async (call, next) => {
    const params = (call.message.params ?? {}) as Record<string, unknown>;
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    const given = meta[LOG_LEVEL_META];
    // A level the request already names is kept (an unknown one too: the server refuses it with -32602).
    if (given !== undefined && levelRank(given) < 0) return next();
    const chosen = given ?? (typeof level === "function" ? level(call) : level);
    if (chosen === undefined) return next();
    const rank = levelRank(chosen);
    if (rank < 0) throw new McpClientError(`logging(): the level function returned ${JSON.stringify(chosen)}, which is not a log level.`);
    const named = call.method === "tools/call" || call.method === "prompts/get" ? params.name : undefined;
    const uri = call.method === "resources/read" ? params.uri : undefined;
    const info: LogMessageInfo = Object.freeze({
      method: call.method,
      ...(typeof named === "string" && { name: named }),
      ...(typeof uri === "string" && { uri }),
      requestId: call.message.id,
      flowId: call.flow.id,
      round: call.flow.round,
      level: chosen as LoggingLevel,
    });
    const entry: Asked = { rank, info, seen: 0 };
    let open = true;
    const message = given !== undefined ? call.message : { ...call.message, params: { ...params, _meta: { ...meta, [LOG_LEVEL_META]: chosen } } };
    try {
      return await next(message, { onMessage: (m) => open && m.method === "notifications/message" && deliver(entry, m) });
    } finally {
      open = false; // nothing after the answer
    }
  };
}
