/**
 * Whether the client of this request renders views: it declared the
 * extension under `capabilities.extensions` with the HTML view MIME type in
 * its `mimeTypes` (in every request's `_meta` in 2026-07-28; in `initialize`
 * for a 2025-11-25 session, which the legacy bridge carries the same way).
 */
import type { RequestContext } from "@mrtr/server";
import { APPS_EXTENSION_ID, VIEW_MIME_TYPE } from "../ui-meta.js";

/** A client's settings of the extension. */
export interface UiCapability {
  /** The view MIME types it renders (the strings it declared). */
  readonly mimeTypes?: readonly string[];
}

/** The settings a client declared for the extension (`{ mimeTypes }`), or undefined when it declared none. */
export function uiCapabilityOf(capabilities: RequestContext["clientCapabilities"] | undefined): UiCapability | undefined {
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  const settings = typeof extensions === "object" && extensions !== null ? (extensions as Record<string, unknown>)[APPS_EXTENSION_ID] : undefined;
  if (typeof settings !== "object" || settings === null || Array.isArray(settings)) return undefined;
  const mimeTypes = (settings as { mimeTypes?: unknown }).mimeTypes;
  return Array.isArray(mimeTypes) ? { mimeTypes: mimeTypes.filter((m): m is string => typeof m === "string") } : {};
}

/** Whether the client of `ctx` renders HTML views. */
export function supportsViews(ctx: Pick<RequestContext, "clientCapabilities">): boolean {
  return uiCapabilityOf(ctx.clientCapabilities)?.mimeTypes?.includes(VIEW_MIME_TYPE) === true;
}
