/**
 * @mrtr/deprecated/server: sampling and roots for `@mrtr/server`, opt-in.
 *
 * ```ts
 * const server = createServer({ ..., inputKinds: [samplingKind(), rootsKind()] });
 * ```
 *
 * Registering the kinds adds `ctx.sample(key, params)` and
 * `ctx.listRoots(key?)` to every InputContext (typed here by augmenting
 * `@mrtr/server`), and lets low-level handlers put `createMessage(...)` and
 * `listRoots()` into `inputRequired({ inputRequests })`.
 *
 * @deprecated Sampling and roots are deprecated since MCP 2026-07-28
 * (SEP-2577). Migrate: call a model provider directly; pass directories
 * through tool arguments, resource URIs or configuration. Earliest removal:
 * the first protocol revision released on or after 2027-07-28.
 */
import type { CreateMessageRequestParams, CreateMessageResult, ListRootsResult } from "../types.gen.js";

export { samplingKind } from "./sampling.js";
export type { SamplingKindOptions } from "./sampling.js";
export { rootsKind } from "./roots.js";
export type { RootsKindOptions } from "./roots.js";
export { createMessage, listRoots } from "../builders.js";

declare module "@mrtr/server" {
  interface InputContext<S = unknown> {
    /**
     * Replay style: asks the client's model for a completion and returns its
     * answer (a valid `CreateMessageResult`). Same determinism rule as
     * `ctx.elicit`: the same key must always ask the same question. Present
     * when the server registered `samplingKind()`.
     *
     * @deprecated Sampling is deprecated since MCP 2026-07-28 (SEP-2577).
     * Migrate: call a model provider directly from the server. Earliest
     * removal: the first protocol revision released on or after 2027-07-28.
     */
    sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult>;
    /**
     * Replay style: asks the client for its roots (each a `file://` URI),
     * under `key` (default `"roots"`). Present when the server registered `rootsKind()`.
     *
     * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577).
     * Migrate: pass directories through tool arguments, resource URIs or
     * configuration. Earliest removal: the first protocol revision released
     * on or after 2027-07-28.
     */
    listRoots(key?: string): Promise<ListRootsResult>;
  }
}
