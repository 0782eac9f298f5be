/**
 * `@mrtr/apps/browser`: MCP Apps views in a web page. `mountView` embeds the
 * sandbox proxy (`@mrtr/apps/sandbox`, served from another origin) and
 * serves the view through a view bridge of `@mrtr/apps/host`. The one
 * entry point that needs the DOM (its types name `Element`, `Window` and
 * `HTMLIFrameElement`); the host side stays free of it.
 *
 * @module
 */
export { mountView, PROXY_FRAME_SANDBOX } from "./mount-view.js";
export type { MountedView, MountViewOptions } from "./mount-view.js";
