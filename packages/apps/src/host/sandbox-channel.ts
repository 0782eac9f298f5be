/**
 * The host's end of the sandbox proxy, free of the DOM: waits for the
 * proxy's `ui/notifications/sandbox-proxy-ready`, answers it once with
 * `ui/notifications/sandbox-resource-ready` (the view's HTML, its declared
 * `csp` and `permissions`, the inner `sandbox`), then hands every other
 * message to the bridge. A `ui/notifications/sandbox-*` message never
 * reaches the bridge, and nothing reaches it before the proxy is ready.
 */
import type { ViewBridgeWarning } from "./bridge-types.js";
import type { ViewResource } from "./view-resource.js";

/** The prefix of the proxy's own notifications (never forwarded to or from the view). */
export const SANDBOX_METHOD_PREFIX = "ui/notifications/sandbox-";

/** What the channel needs. */
export interface SandboxChannelOptions {
  /** Posts a message to the proxy. */
  post(message: Record<string, unknown>): void;
  /** Gives a message of the view to the bridge. */
  deliver(message: unknown): void;
  /** The view. */
  resource: ViewResource;
  /** The permissions the host granted (`viewPolicy(...).approved.permissions`): the proxy's inner `allow`. */
  permissions?: Readonly<Record<string, Readonly<Record<string, never>>>>;
  /** The inner iframe's `sandbox` the host asks for (the proxy keeps only tokens it allows). */
  sandbox?: string;
  /** A message set aside. */
  onWarning?(warning: ViewBridgeWarning): void;
}

/** The host's end of one proxy. */
export interface SandboxChannel {
  /** Takes one message that came from the proxy's window. */
  take(message: unknown): void;
  /** Whether the proxy said it is ready (and got the view). */
  readonly ready: boolean;
  /** Resolves when the proxy is ready and has the view. */
  readonly loaded: Promise<void>;
}

/** The host's end of a sandbox proxy that will load `resource`. */
export function createSandboxChannel(options: SandboxChannelOptions): SandboxChannel {
  let ready = false;
  let markLoaded!: () => void;
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const warn = (reason: string, method?: string) => {
    try {
      options.onWarning?.({ type: "dropped", reason, ...(method !== undefined && { method }) });
    } catch {
      // a host's warning callback cannot break the channel
    }
  };
  return {
    take(message) {
      const method = methodOf(message);
      if (method?.startsWith(SANDBOX_METHOD_PREFIX)) {
        if (method !== `${SANDBOX_METHOD_PREFIX}proxy-ready`) return warn("a sandbox notification the host does not take", method);
        if (ready) return warn("the sandbox proxy said it was ready twice", method);
        ready = true;
        options.post({ jsonrpc: "2.0", method: `${SANDBOX_METHOD_PREFIX}resource-ready`, params: resourceParams(options) });
        return markLoaded();
      }
      if (!ready) return warn("a message before the sandbox proxy was ready", method);
      options.deliver(message);
    },
    get ready() {
      return ready;
    },
    loaded,
  };
}

function methodOf(message: unknown): string | undefined {
  const method = typeof message === "object" && message !== null ? (message as { method?: unknown }).method : undefined;
  return typeof method === "string" ? method : undefined;
}

/** `sandbox-resource-ready`'s params: the HTML, the declared `csp` (for the proxy's information: its own header is in force), the granted permissions, the inner sandbox. */
function resourceParams({ resource, sandbox, permissions }: SandboxChannelOptions): Record<string, unknown> {
  const ui: unknown = resource.meta;
  const csp = typeof ui === "object" && ui !== null ? (ui as Record<string, unknown>).csp : undefined;
  const isObject = typeof csp === "object" && csp !== null && !Array.isArray(csp);
  return { html: resource.html, ...(sandbox !== undefined && { sandbox }), ...(isObject && { csp }), ...(permissions && { permissions }) };
}
