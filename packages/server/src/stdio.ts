/**
 * `@mrtr/server/stdio` (Node): serving over standard streams, or any newline-delimited stream pair.
 *
 * @module
 */
export { serveStdio, STDIO_SERVE_DEFAULTS } from "./stdio/serve-stdio.js";
export type { StdioServeOptions, StdioServing } from "./stdio/serve-stdio.js";
