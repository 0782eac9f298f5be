/**
 * `mountView`: a view in a web page, as MCP Apps requires of web hosts
 * (SEP-1865, revision 2026-01-26, "Sandbox proxy"). The page embeds the
 * sandbox proxy (`@mrtr/apps/sandbox`) from another origin in an iframe
 * sandboxed `allow-scripts allow-same-origin`, with the `allow` the host
 * grants; the proxy is served with the view's Content-Security-Policy and
 * loads the view in an inner frame. Messages are taken only from that
 * iframe's window and the proxy's origin, and posted only to them; the
 * proxy's own notifications stay between page and proxy, and everything
 * else goes through a view bridge (`createViewBridge`), which checks it.
 */
import { sandboxProxyUrl } from "../sandbox/proxy-url.js";
import type { TeardownOutcome, ViewBridge, ViewBridgeWarning, ViewHostOptions, ViewSize } from "../host/bridge-types.js";
import { createSandboxChannel } from "../host/sandbox-channel.js";
import type { TeardownOptions } from "../host/teardown.js";
import { createViewBridge } from "../host/view-bridge.js";
import { ViewBridgeError } from "../host/view-bridge-error.js";
import { viewPolicy, type HostPolicy, type ViewPolicy } from "../host/view-policy.js";
import type { ViewResource } from "../host/view-resource.js";

/** The proxy frame's `sandbox` (the revision requires exactly these). */
export const PROXY_FRAME_SANDBOX = "allow-scripts allow-same-origin";

/** The options of `mountView`: the bridge's (but `send`), and where and what to show. */
export interface MountViewOptions extends ViewHostOptions {
  /** The element the view's iframe is appended to. */
  container: Element;
  /** Where `createSandboxProxyHandler` answers: an origin other than the page's. */
  proxyUrl: string | URL;
  /** The view (`viewResourceOf` of its `resources/read`). */
  resource: ViewResource;
  /** What the host lets views have; the view's policy is narrowed by it (the proxy's handler applies its own too). */
  hostPolicy?: HostPolicy;
  /** The inner frame's `sandbox` (default the proxy's: `allow-scripts`). */
  sandbox?: string;
  /** How long the proxy has to say it is ready, in ms (default 10 000); past it the view is closed and its frame removed, as `unmount` would. */
  proxyTimeoutMs?: number;
  /** Tallest the iframe grows when the view reports its size and no `onSizeChanged` is given, in px (default: `hostContext.containerDimensions.maxHeight` when given, else 2 000). */
  maxHeight?: number;
  /** The policy built for the view, with what was refused (for the host's audit trail). */
  onPolicy?(policy: ViewPolicy): void;
  /** The page's window (default `globalThis.window`). */
  window?: Window;
}

/** A view shown in the page. */
export interface MountedView {
  /** Its bridge: tell the view the tool's input and result through it. */
  readonly bridge: ViewBridge;
  /** The proxy's iframe. */
  readonly frame: HTMLIFrameElement;
  /** The view's policy. */
  readonly policy: ViewPolicy;
  /** Resolves when the proxy has the view; rejects with a `ViewBridgeError`: "timeout" when it did not say it was ready in time, "closed" when unmounted before. */
  readonly loaded: Promise<void>;
  /** Tears the view down (`ui/resource-teardown`, awaited within its bound), then removes its iframe. */
  unmount(options?: TeardownOptions): Promise<TeardownOutcome>;
}

/** Shows a view in `container`; throws a TypeError when the proxy's origin is the page's own, or for options the bridge cannot work with. */
export function mountView(options: MountViewOptions): MountedView {
  const win = options.window ?? globalThis.window;
  const proxyOrigin = new URL(options.proxyUrl, win.location.href).origin;
  if (proxyOrigin === win.location.origin) throw new TypeError(`mountView: the sandbox proxy (${proxyOrigin}) must be served from another origin than the page; MCP Apps requires it, and a same-origin view could reach the page.`);
  const policy = viewPolicy(options.resource.meta, options.hostPolicy);
  options.onPolicy?.(policy);
  const frame = win.document.createElement("iframe");
  const warn = (warning: ViewBridgeWarning) => options.onWarning?.(warning);
  const bridge = createViewBridge({
    ...options,
    hostCapabilities: { sandbox: policy.approved, ...options.hostCapabilities },
    send: (message) => frame.contentWindow?.postMessage(message, proxyOrigin),
    onSizeChanged: options.onSizeChanged ?? ((size) => fitHeight(frame, size, options.maxHeight ?? contextMaxHeight(options) ?? 2_000)),
  });
  const channel = createSandboxChannel({
    post: (message) => frame.contentWindow?.postMessage(message, proxyOrigin),
    deliver: (message) => bridge.receive(message),
    resource: options.resource,
    permissions: policy.approved.permissions,
    ...(options.sandbox !== undefined && { sandbox: options.sandbox }),
    onWarning: warn,
  });
  const listener = (event: MessageEvent) => {
    if (event.source === frame.contentWindow && event.origin === proxyOrigin && frame.contentWindow !== null) channel.take(event.data);
  };
  win.addEventListener("message", listener);
  frame.setAttribute("sandbox", PROXY_FRAME_SANDBOX);
  if (policy.allow !== "") frame.setAttribute("allow", policy.allow);
  frame.setAttribute("referrerpolicy", "no-referrer");
  frame.setAttribute("title", `View of ${options.tool.name}`);
  frame.style.cssText = "border:0;width:100%;height:0;display:block";
  frame.src = sandboxProxyUrl(options.proxyUrl, win.location.origin, proxyCsp(options.resource.meta, policy));
  options.container.appendChild(frame);
  const removeFrame = () => {
    win.removeEventListener("message", listener);
    frame.remove();
  };
  const ready = proxyReady(channel.loaded, options.proxyTimeoutMs ?? 10_000, () => {
    warn({ type: "dropped", reason: "the sandbox proxy did not say it was ready in time; the view is closed" });
    bridge.close();
    removeFrame();
  });
  let unmounted: Promise<TeardownOutcome> | undefined;
  const unmount = (teardown?: TeardownOptions) => {
    ready.cancel();
    return (unmounted ??= bridge.teardown(teardown).finally(removeFrame));
  };
  return { bridge, frame, policy, loaded: ready.promise, unmount };
}

/**
 * The csp the proxy builds the header from: what the page's policy approved
 * (so a `hostPolicy` given only here narrows the policy in force too), or
 * nothing when the view declared none (the restrictive default). When the
 * view declared bases and the page kept none, `baseUriDomains` goes as
 * `["'none'"]`, which the proxy refuses as it refused them, so its
 * `base-uri` is `'none'` as the page's is (an empty list would mean none
 * declared: `'self'`).
 */
function proxyCsp(meta: unknown, policy: ViewPolicy): ViewPolicy["approved"]["csp"] | undefined {
  const declared = typeof meta === "object" && meta !== null ? (meta as { csp?: unknown }).csp : undefined;
  if (typeof declared !== "object" || declared === null || Array.isArray(declared)) return undefined;
  const bases = (declared as { baseUriDomains?: unknown }).baseUriDomains;
  const declaredBases = Array.isArray(bases) ? bases.length > 0 : bases !== undefined;
  return declaredBases && policy.approved.csp.baseUriDomains === undefined ? { ...policy.approved.csp, baseUriDomains: ["'none'"] } : policy.approved.csp;
}

/** The view's own bound, when the host gave one in its context. */
function contextMaxHeight(options: MountViewOptions): number | undefined {
  const dimensions = options.hostContext?.containerDimensions as { maxHeight?: unknown } | undefined;
  return typeof dimensions?.maxHeight === "number" && dimensions.maxHeight > 0 ? dimensions.maxHeight : undefined;
}

/** The iframe's height follows the view's, up to `maxHeight` (a flexible height, as the revision's host behaviour says). */
function fitHeight(frame: HTMLIFrameElement, size: ViewSize, maxHeight: number): void {
  if (typeof size.height === "number" && Number.isFinite(size.height) && size.height >= 0) frame.style.height = `${Math.min(Math.ceil(size.height), maxHeight)}px`;
}

/** `loaded`, bounded by `ms` (then `onTimeout`), and ended by `cancel` (an unmount) without a timeout. */
function proxyReady(loaded: Promise<void>, ms: number, onTimeout: () => void): { promise: Promise<void>; cancel(): void } {
  let cancel = () => undefined as void;
  const promise = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new ViewBridgeError("timeout", `The sandbox proxy did not say it was ready within ${ms} ms; check that proxyUrl serves createSandboxProxyHandler for this page's origin.`));
    }, ms);
    cancel = () => {
      clearTimeout(timer);
      reject(new ViewBridgeError("closed", "The view was unmounted before the sandbox proxy was ready."));
    };
    void loaded.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  promise.catch(() => undefined);
  return { promise, cancel };
}
