/**
 * `@mrtr/client/stdio` (Node): launch an MCP server and talk to it over its
 * standard streams (`stdioTransport`), or speak the same newline-delimited
 * wire over any stream pair you hold, such as a socket (`streamTransport`).
 *
 * @module
 */
export { STDIO_TRANSPORT_DEFAULTS, stdioTransport } from "./stdio-transport.js";
export type { StdioTransport, StdioTransportOptions } from "./stdio-transport.js";
export { streamTransport } from "./stream-transport.js";
export type { StreamTransportOptions } from "./stream-transport.js";
export { CHANNEL_DEFAULTS } from "./connection.js";
export type { ChannelLimits } from "./connection.js";
export { DEFAULT_ENV_NAMES, defaultEnvironment } from "./environment.js";
export type { StderrMode } from "./stderr.js";
