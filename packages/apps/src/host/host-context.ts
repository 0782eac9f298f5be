/**
 * What the host tells a view about where it is shown (`hostContext` of
 * `ui/initialize`'s result and `ui/notifications/host-context-changed`), and
 * what a change of it is: only the fields whose value differs.
 */
import type { ViewCsp, ViewPermissions } from "../ui-meta.js";

/** How a view is shown: in the conversation, over the whole screen, or floating. */
export type DisplayMode = "inline" | "fullscreen" | "pip";

/** Every display mode. */
export const DISPLAY_MODES: readonly DisplayMode[] = Object.freeze(["inline", "fullscreen", "pip"]);

/** Whether `value` is a display mode. */
export const isDisplayMode = (value: unknown): value is DisplayMode => DISPLAY_MODES.includes(value as DisplayMode);

/** A tool as `tools/list` gives it: its name and `_meta` are what the bridge reads; the rest is passed on. */
export interface ListedTool {
  /** Its name. */
  readonly name: string;
  /** Its `_meta` (`_meta.ui` gives its view and visibility). */
  readonly _meta?: Readonly<Record<string, unknown>> | undefined;
}

/** The host's context for a view (SEP-1865 `HostContext`); every field optional. */
export interface HostContext {
  /** The tool call that made the view: its JSON-RPC id and the tool (the bridge fills `{ tool }` from its `tool` option when absent). */
  toolInfo?: {
    /** The id of the `tools/call` request the view renders. */
    id?: string | number;
    /** The tool, as `tools/list` gave it. */
    tool: Record<string, unknown>;
  };
  /** The color theme. */
  theme?: "light" | "dark";
  /** CSS variables (`--color-background-primary`, …) and font CSS for the view to apply. */
  styles?: {
    /** CSS custom properties by name (`--color-background-primary`, …). */
    variables?: Record<string, string | undefined>;
    /** CSS the view may add. */
    css?: {
      /** `@font-face` rules or a font import. */
      fonts?: string;
    };
  };
  /** How the view is shown now. */
  displayMode?: DisplayMode;
  /** The display modes the host can show views in. */
  availableDisplayModes?: DisplayMode[];
  /** The container: a fixed `height`/`width`, or a `maxHeight`/`maxWidth` the view's own size may grow to (none: unbounded). */
  containerDimensions?: {
    /** A fixed height, in CSS pixels. */
    height?: number;
    /** The most height the view may grow to, in CSS pixels. */
    maxHeight?: number;
    /** A fixed width, in CSS pixels. */
    width?: number;
    /** The most width the view may grow to, in CSS pixels. */
    maxWidth?: number;
  };
  /** The user's language and region (BCP 47, such as `en-US`). */
  locale?: string;
  /** The user's time zone (IANA, such as `Europe/Paris`). */
  timeZone?: string;
  /** The host application's identifier. */
  userAgent?: string;
  /** The kind of platform. */
  platform?: "web" | "desktop" | "mobile";
  /** What the device can do. */
  deviceCapabilities?: {
    /** Whether the device has a touch screen. */
    touch?: boolean;
    /** Whether the pointer can hover. */
    hover?: boolean;
  };
  /** Safe area insets, in pixels. */
  safeAreaInsets?: {
    /** Inset from the top, in CSS pixels. */
    top: number;
    /** Inset from the right, in CSS pixels. */
    right: number;
    /** Inset from the bottom, in CSS pixels. */
    bottom: number;
    /** Inset from the left, in CSS pixels. */
    left: number;
  };
}

/** What the host offers a view (SEP-1865 `HostCapabilities`). */
export interface HostCapabilities {
  /** Experimental features, by identifier. */
  experimental?: Record<string, Record<string, unknown>>;
  /** The host opens links (`ui/open-link`). */
  openLinks?: Record<string, never>;
  /** The host passes the view's `tools/call` to its server. */
  serverTools?: {
    /** Whether the host tells the view when the server's tools change. */
    listChanged?: boolean;
  };
  /** The host passes the view's `resources/read` to its server. */
  serverResources?: {
    /** Whether the host tells the view when the server's resources change. */
    listChanged?: boolean;
  };
  /** The host takes the view's log messages (`notifications/message`). */
  logging?: Record<string, never>;
  /** The sandbox the host applies: the permissions it granted and the CSP origins it approved. */
  sandbox?: {
    /** The browser permissions granted to the view. */
    permissions?: ViewPermissions;
    /** The CSP origins the host approved. */
    csp?: ViewCsp;
  };
  /** The content the host takes in `ui/update-model-context` (ext-apps 2.x; not in revision 2026-01-26). */
  updateModelContext?: ContentModalities;
  /** The content the host takes in `ui/message` (ext-apps 2.x; not in revision 2026-01-26). */
  message?: ContentModalities;
}

/** Kinds of content a host takes, each `{}` when it does. */
export interface ContentModalities {
  /** Text blocks. */
  text?: Record<string, never>;
  /** Image blocks. */
  image?: Record<string, never>;
  /** Audio blocks. */
  audio?: Record<string, never>;
  /** Embedded resources. */
  resource?: Record<string, never>;
  /** Resource links. */
  resourceLink?: Record<string, never>;
  /** `structuredContent`. */
  structuredContent?: Record<string, never>;
}

/** The fields of `patch` whose value differs from `current` (compared as JSON); undefined values are no change. */
export function contextChanges(current: Readonly<HostContext>, patch: Readonly<HostContext>): HostContext {
  const before = current as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(before[key]))) as HostContext;
}
