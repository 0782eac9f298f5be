/** The server plugin for `roots/list`. */
import { ServerDefinitionError } from "@mrtr/server";
import type { InputKind } from "@mrtr/server/plugin";
import { listRoots } from "../builders.js";
import { warnDeprecated, type DeprecationOptions } from "../internal/deprecation.js";
import { isRecord } from "@mrtr/internal";
import { describeIssues } from "../internal/issues.js";
import { checkListRootsResult } from "../internal/roots-rules.js";
import type { ListRootsResult } from "../types.gen.js";
import { ListRootsRequestSchema } from "../zod/validators.gen.js";

/**
 * Options of {@link rootsKind}.
 *
 * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * pass directories through tool arguments, resource URIs or configuration.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 */
export interface RootsKindOptions extends DeprecationOptions {}

/** The key `ctx.listRoots()` asks under when none is given. */
export const DEFAULT_ROOTS_KEY = "roots";

/**
 * What `rootsKind()` adds to the context of every handler of the server that
 * registers it.
 *
 * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577).
 * Migrate: pass directories through tool arguments, resource URIs or
 * configuration. Earliest removal: the first protocol revision released on
 * or after 2027-07-28.
 */
export interface RootsContext {
  /**
   * Re-run style: asks the client for its roots (each a `file://` URI), under
   * `key` (default `"roots"`).
   *
   * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577).
   * Migrate: pass directories through tool arguments, resource URIs or
   * configuration. Earliest removal: the first protocol revision released
   * on or after 2027-07-28.
   */
  listRoots(key?: string): Promise<ListRootsResult>;
}

/**
 * The server's input kind for `roots/list`: pass it to
 * `createServer({ inputKinds: [rootsKind()] })`. Then handlers may return
 * `inputRequired({ inputRequests: { key: listRoots() } })` or, re-run style,
 * `await ctx.listRoots(key?)` (key default `"roots"`).
 *
 * A request needs `roots` declared in this request (else -32021 with
 * `data.requiredCapabilities: { roots: {} }`). The answer must be a valid
 * `ListRootsResult` whose every `uri` is a `file://` URI; otherwise the
 * question is asked again. Roots are a hint, not access control.
 *
 * Emits a one-time DeprecationWarning (code `MRTR_DEP_ROOTS`) unless silenced.
 *
 * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * pass directories through tool arguments, resource URIs or configuration.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 */
export function rootsKind(options: RootsKindOptions = {}): InputKind<RootsContext> {
  warnDeprecated("roots", options);
  return {
    method: "roots/list",
    missingCapabilities(_request, declared) {
      return isRecord(declared.roots) ? undefined : { roots: {} };
    },
    assertValid(request) {
      const parsed = ListRootsRequestSchema.safeParse(request);
      if (!parsed.success) throw new ServerDefinitionError(`Invalid roots request: ${describeIssues(parsed.error)}`);
    },
    checkAnswer(_request, answer) {
      const checked = checkListRootsResult(answer);
      return checked.ok ? { ok: true, value: checked.value } : { ok: false, reason: checked.problems.join("; ") };
    },
    contextMethods(ctx) {
      return {
        listRoots: (key = DEFAULT_ROOTS_KEY) => ctx.ask(key, listRoots()),
      };
    },
  };
}
