/**
 * The notifications a view may send: `ui/notifications/initialized` (the
 * handshake's end), `ui/notifications/size-changed`, `notifications/message`
 * (a log entry) and `notifications/cancelled` (it gives up a request).
 * Others are dropped.
 */
import type { ViewNotificationMethod } from "./bridge-core.js";
import type { ViewLog, ViewSize } from "./bridge-types.js";
import { isRequestId } from "./json-rpc.js";
import { checkObject, optionalParams, optionalStringField } from "./param-checks.js";

const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

const sizeProblem = (p: Record<string, unknown>) => {
  for (const field of ["width", "height"]) {
    const value = p[field];
    if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value) || value < 0)) return `params.${field} must be a number of pixels`;
  }
  return undefined;
};

const levelProblem = (p: Record<string, unknown>) => (LOG_LEVELS.includes(p.level as string) ? undefined : `params.level must be one of ${LOG_LEVELS.join(", ")}`);
const dataProblem = (p: Record<string, unknown>) => (p.data !== undefined ? undefined : "params.data is required");
const requestIdProblem = (p: Record<string, unknown>) => (isRequestId(p.requestId) ? undefined : "params.requestId must be a request id");

/** The view's notifications the bridge takes, by method. */
export const VIEW_NOTIFICATIONS: Readonly<Record<string, ViewNotificationMethod>> = Object.freeze({
  "ui/notifications/initialized": { check: optionalParams, take: (_params, core) => core.viewInitialized() },
  "ui/notifications/size-changed": {
    check: (params) => checkObject(params, sizeProblem),
    take: (params, core) => core.options.onSizeChanged?.({ ...(params.width !== undefined && { width: params.width }), ...(params.height !== undefined && { height: params.height }) } as ViewSize),
  },
  "notifications/message": {
    check: (params) => checkObject(params, levelProblem, optionalStringField("logger"), dataProblem),
    take: (params, core) => core.options.onLog?.({ level: params.level, ...(params.logger !== undefined && { logger: params.logger }), data: params.data } as ViewLog),
  },
  "notifications/cancelled": {
    check: (params) => checkObject(params, requestIdProblem, optionalStringField("reason")),
    take: (params, core) => core.cancelViewRequest(params.requestId as string | number),
  },
});

/** The notification method of that name, if the bridge takes it (own keys only). */
export const viewNotificationMethod = (method: string): ViewNotificationMethod | undefined => (Object.hasOwn(VIEW_NOTIFICATIONS, method) ? VIEW_NOTIFICATIONS[method] : undefined);
