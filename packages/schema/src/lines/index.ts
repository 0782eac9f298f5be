/**
 * `@mrtr/schema/lines`: the framing of the stdio binding
 * (basic/transports/stdio.mdx), which both sides and any other
 * newline-delimited channel share: one JSON-RPC message per line, bounded.
 * Web-standard code, no dependencies.
 */
export { idOfTruncated, LineSplitter } from "./line-splitter.js";
export type { LineFrame } from "./line-splitter.js";
