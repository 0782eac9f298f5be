/** The client plugin for `roots/list`. */
import { InvalidAnswerError, type InputInfo } from "@mrtr/client";
import type { ClientInputKind } from "@mrtr/client/plugin";
import { warnDeprecated, type DeprecationOptions } from "../internal/deprecation.js";
import { describeIssues } from "../internal/issues.js";
import { checkListRootsResult } from "../internal/roots-rules.js";
import type { Root } from "../types.gen.js";
import { ListRootsRequestSchema } from "../zod/validators.gen.js";

/**
 * The roots a client offers: a fixed list, or a function called for each
 * `roots/list` request. Each root's `uri` must be a `file://` URI.
 *
 * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * pass directories through tool arguments, resource URIs or configuration.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 */
export type RootsSource = readonly Root[] | ((info: InputInfo) => readonly Root[] | Promise<readonly Root[]>);

/**
 * Options of {@link roots}.
 *
 * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * pass directories through tool arguments, resource URIs or configuration.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 */
export interface RootsOptions extends DeprecationOptions {}

/**
 * The client plugin for `roots/list`: pass it to
 * `createClient({ inputKinds: [roots([{ uri: "file:///home/me/project" }])] })`.
 * The client then declares `roots` in every request and answers roots input
 * requests with the list (a fixed list is checked at once; a function's
 * result before it is sent: InvalidAnswerError when a root is not a `file://` URI).
 *
 * Emits a one-time DeprecationWarning (code `MRTR_DEP_ROOTS`) unless silenced.
 *
 * @deprecated Roots are deprecated since MCP 2026-07-28 (SEP-2577). Migrate:
 * pass directories through tool arguments, resource URIs or configuration.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 */
export function roots(source: RootsSource, options: RootsOptions = {}): ClientInputKind {
  if (typeof source !== "function") {
    if (!Array.isArray(source)) throw new TypeError("roots(list): list must be an array of roots or a function returning one");
    const checked = checkListRootsResult({ roots: [...source] });
    if (!checked.ok) throw new TypeError(`roots(list): ${checked.problems.join("; ")}`);
  }
  warnDeprecated("roots", options);
  return {
    method: "roots/list",
    capabilities: { roots: {} },
    check(request) {
      const parsed = ListRootsRequestSchema.safeParse(request);
      return parsed.success ? { ok: true } : { ok: false, kind: "invalid", problem: describeIssues(parsed.error) };
    },
    async answer(_request, info) {
      const list = typeof source === "function" ? await source(info) : source;
      return { roots: Array.isArray(list) ? [...list] : list };
    },
    prepare(_request, answer, key) {
      const checked = checkListRootsResult(answer);
      if (!checked.ok) throw new InvalidAnswerError(key, checked.problems);
      return checked.value;
    },
  };
}
