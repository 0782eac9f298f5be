/**
 * @mrtr/deprecated/server: sampling and roots for `@mrtr/server`, opt-in.
 *
 * ```ts
 * const server = createServer({ ..., inputKinds: [samplingKind(), rootsKind()] });
 * ```
 *
 * Registering a kind adds its helper to the context of every handler of that
 * server, typed only there: `ctx.sample(key, params)` with `samplingKind()`,
 * `ctx.listRoots(key?)` with `rootsKind()`. Low-level handlers put
 * `createMessage(...)` and `listRoots()` into `inputRequired({ inputRequests })`.
 *
 * @deprecated Sampling and roots are deprecated since MCP 2026-07-28
 * (SEP-2577). Migrate: call a model provider directly; pass directories
 * through tool arguments, resource URIs or configuration. Earliest removal:
 * the first protocol revision released on or after 2027-07-28.
 */
export { samplingKind } from "./sampling.js";
export type { SamplingContext, SamplingKindOptions } from "./sampling.js";
export { rootsKind } from "./roots.js";
export type { RootsContext, RootsKindOptions } from "./roots.js";
export { createMessage, listRoots } from "../builders.js";
