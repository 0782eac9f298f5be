/**
 * @mrtr/deprecated/server: sampling, roots and logging for `@mrtr/server`, opt-in.
 *
 * ```ts
 * const server = createServer({ ..., inputKinds: [samplingKind(), rootsKind()], features: [logging()] });
 * ```
 *
 * Registering a kind adds its helper to the context of every handler of that
 * server, typed only there: `ctx.sample(key, params)` with `samplingKind()`,
 * `ctx.listRoots(key?)` with `rootsKind()`, `ctx.log(level, data)` with
 * `logging()` (sent only for requests whose `_meta` names a log level). Low-level handlers put
 * `createMessage(...)` and `listRoots()` into `inputRequired({ inputRequests })`.
 *
 * @deprecated Sampling and roots are deprecated since MCP 2026-07-28
 * (SEP-2577). Migrate: call a model provider directly; pass directories
 * through tool arguments, resource URIs or configuration. Earliest removal:
 * the first protocol revision released on or after 2027-07-28.
 *
 * @module
 */
export { samplingKind } from "./sampling.js";
export type { SamplingContext, SamplingKindOptions } from "./sampling.js";
export { rootsKind } from "./roots.js";
export type { RootsContext, RootsKindOptions } from "./roots.js";
export { logging, LOGGING_LEVELS } from "./logging.js";
export type { LoggingContext, LoggingOptions } from "./logging.js";
export { createMessage, listRoots } from "../builders.js";
