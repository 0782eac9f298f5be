/**
 * @mrtr/deprecated/client: sampling and roots for `@mrtr/client`, opt-in.
 *
 * ```ts
 * const client = createClient({ ..., inputKinds: [sampling(handler, { tools: true }), roots(list)] });
 * ```
 *
 * @deprecated Sampling and roots are deprecated since MCP 2026-07-28
 * (SEP-2577). Migrate: servers call a model provider directly; pass
 * directories through tool arguments, resource URIs or configuration.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 *
 * @module
 */
export { sampling } from "./sampling.js";
export type { SamplingHandler, SamplingOptions } from "./sampling.js";
export { roots } from "./roots.js";
export type { RootsOptions, RootsSource } from "./roots.js";
