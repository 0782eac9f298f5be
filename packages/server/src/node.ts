/**
 * `@mrtr/server/node`: serving the web-standard handler from Node's `http` module.
 *
 * @module
 */
export { createNodeServer, NODE_SERVER_DEFAULTS, toNodeListener } from "./http/node.js";
export type { NodeListenerOptions, NodeServerOptions } from "./http/node.js";
