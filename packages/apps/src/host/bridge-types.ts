/**
 * The shapes of a view bridge: what the host gives `createViewBridge`, what
 * it asks the host to decide, and the bridge it gets back.
 */
import type { ViewBridgeLimits } from "./bridge-limits.js";
import type { ContentBlock } from "./content-checks.js";
import type { DisplayMode, HostCapabilities, HostContext, ListedTool } from "./host-context.js";

/**
 * What the bridge needs of a client connected to the view's own server:
 * `McpClient` of `@mrtr/client` is one.
 */
export interface ViewServerClient {
  /** Calls a tool of the server (`tools/call`). */
  callTool(name: string, args?: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown>;
  /** Reads a resource of the server (`resources/read`). */
  readResource(uri: string, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** A host or a view, as it names itself. */
export interface Implementation {
  /** Its name. */
  name: string;
  /** Its version. */
  version: string;
  /** A display name. */
  title?: string;
}

/** What the view said of itself in `ui/initialize`. */
export interface ViewApp {
  /** Its name and version (`appInfo`). */
  readonly info: Readonly<Implementation> & Readonly<Record<string, unknown>>;
  /** What it offers (`appCapabilities`): `availableDisplayModes` binds `ui/request-display-mode`. */
  readonly capabilities: Readonly<Record<string, unknown>> & {
    /** The display modes the view supports. */
    readonly availableDisplayModes?: readonly DisplayMode[];
  };
  /** The protocol version it asked for. */
  readonly protocolVersion: string;
}

/** A `ui/message` the view sends: content for the conversation, as the user. */
export interface ViewMessage {
  /** Always `"user"`. */
  readonly role: "user";
  /** The content (a single block sent by the view is given as a list of one). */
  readonly content: readonly ContentBlock[];
}

/** A `ui/update-model-context`: what the model should know of the view from now on (each replaces the last). */
export interface ViewModelContext {
  /** Content blocks for the model. */
  readonly content?: readonly ContentBlock[];
  /** Structured data for the model. */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}

/** A `ui/notifications/size-changed`: the view's content size in pixels. */
export interface ViewSize {
  /** Its width, if it said. */
  readonly width?: number;
  /** Its height, if it said. */
  readonly height?: number;
}

/** A `notifications/message` of the view: a log entry. */
export interface ViewLog {
  /** Its level (syslog's: `debug` … `emergency`). */
  readonly level: "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";
  /** The logger's name. */
  readonly logger?: string;
  /** What is logged. */
  readonly data: unknown;
}

/** Something the bridge set aside or failed at without answering the view: for the host's logs. */
export interface ViewBridgeWarning {
  /** `dropped`: a message not served (malformed, unanswerable, too fast, too early, after close); `send-failed`: `send` threw; `callback-failed`: a host callback or the client failed. */
  readonly type: "dropped" | "send-failed" | "callback-failed";
  /** What happened. */
  readonly reason: string;
  /** The method concerned, when known. */
  readonly method?: string;
  /** The error thrown, if any. */
  readonly error?: unknown;
}

/** How `teardown` ended: the view answered, answered with an error, did not answer in time, was never initialized (nothing sent), or the bridge was closed. */
export type TeardownOutcome = "answered" | "refused" | "timeout" | "not-initialized" | "closed";

/** Where a bridge is in its life: awaiting `ui/initialize`, awaiting `ui/notifications/initialized`, ready, tearing down, closed. */
export type ViewBridgePhase = "connecting" | "initializing" | "ready" | "tearing-down" | "closed";

/** The options of `createViewBridge`: these, and `send`. */
export interface ViewBridgeOptions extends ViewHostOptions {
  /** Sends one JSON-RPC message to the view (the binding posts it); never called after the bridge closes. */
  send(message: Record<string, unknown>): void;
}

/** What the host gives a view's bridge but how to send to the view (`mountView` sends through the sandbox proxy). */
export interface ViewHostOptions {
  /** A client connected to the view's own server: the view's `tools/call` and `resources/read` go through it. */
  client: ViewServerClient;
  /** The tool whose view this is, as `tools/list` gave it (the context's `toolInfo.tool` when the host gives none). */
  tool: ListedTool;
  /** The server's tools as `tools/list` gave them (or a function giving the current list): the view may call those whose visibility includes `"app"`. */
  tools: readonly ListedTool[] | (() => readonly ListedTool[]);
  /** The host's name and version (`hostInfo`). */
  hostInfo: Implementation;
  /** The context `ui/initialize` answers with; change it later with `hostContextChanged`. */
  hostContext?: HostContext;
  /** What the host offers, over what the bridge derives from the callbacks given (`serverTools`, `serverResources`, `openLinks` with `onOpenLink`, `logging` with `onLog`). */
  hostCapabilities?: HostCapabilities;
  /** Whether the view may read `uri` from its server (default: any resource of its own server). */
  canReadResource?(uri: string): boolean | Promise<boolean>;
  /** Asks the user whether to open `url` (an `http:` or `https:` URL) and opens it: `true` when opened; anything else refuses. Absent: `ui/open-link` is not served. */
  onOpenLink?(url: string): boolean | Promise<boolean>;
  /** Adds the view's message to the conversation; `false` (or a throw) refuses it. Absent: `ui/message` is not served. */
  onMessage?(message: ViewMessage): boolean | void | Promise<boolean | void>;
  /** Keeps the view's model context (each replaces the last); `false` (or a throw) refuses it. Absent: not served. */
  onUpdateModelContext?(context: ViewModelContext): boolean | void | Promise<boolean | void>;
  /** Switches the view to `mode` if the host will (only asked for modes the view and the host both list), returning the mode in force. Absent: the current mode is kept. */
  onRequestDisplayMode?(mode: DisplayMode): DisplayMode | Promise<DisplayMode>;
  /** The view's content size changed (resize its frame when its dimensions are flexible). */
  onSizeChanged?(size: ViewSize): void;
  /** A log entry of the view. */
  onLog?(entry: ViewLog): void;
  /** What the bridge set aside or failed at (it never throws). */
  onWarning?(warning: ViewBridgeWarning): void;
  /** Bounds against the view, over `VIEW_BRIDGE_DEFAULTS`. */
  limits?: Partial<ViewBridgeLimits>;
}

/** The host's side of one view: feed it the view's messages, tell the view what happens. */
export interface ViewBridge {
  /** Takes one message from the view (an object, or JSON text); answers through `send`. Never throws. */
  receive(message: unknown): void;
  /** Where the bridge is in its life. */
  readonly phase: ViewBridgePhase;
  /** What the view said of itself in `ui/initialize` (undefined before). */
  readonly app: ViewApp | undefined;
  /** The context in force, with every change merged. */
  readonly hostContext: Readonly<HostContext>;
  /** The tool's complete arguments (`ui/notifications/tool-input`); partial ones are not sent after it. Held until the view is initialized. */
  toolInput(args: Record<string, unknown>): void;
  /** Arguments still streaming (`ui/notifications/tool-input-partial`); before initialization only the last is kept. */
  toolInputPartial(args: Record<string, unknown>): void;
  /** The tool's result (`ui/notifications/tool-result`; a `CallToolResult`, the draft's `resultType`, `ttlMs` and `cacheScope` left out), after its input. Held until the view is initialized. */
  toolResult(result: object): void;
  /** The tool call was cancelled (`ui/notifications/tool-cancelled`). Held until the view is initialized. */
  toolCancelled(reason?: string): void;
  /** Merges a change of context and tells the view the fields that changed (`ui/notifications/host-context-changed`; merged while the view is not initialized). */
  hostContextChanged(patch: HostContext): void;
  /** Sends a request to the initialized view (such as `tools/call` of the view's own tools) and resolves to its result; rejects with `ViewBridgeError`. */
  request(method: string, params?: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<Record<string, unknown>>;
  /** Sends `ui/resource-teardown` and resolves when the view answers or `timeoutMs` passes; then the bridge is closed. Called again: the same promise. */
  teardown(options?: { timeoutMs?: number; reason?: string }): Promise<TeardownOutcome>;
  /** Closes the bridge at once: the view's pending calls are aborted, the host's requests rejected, nothing more is sent. */
  close(): void;
}
