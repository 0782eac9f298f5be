/** The check of a roots answer, shared by the server and client plugins. */
import type { ListRootsResult } from "../types.gen.js";
import { ListRootsResultSchema } from "../zod/validators.gen.js";
import { describeIssues } from "./issues.js";

/** Whether a URI is a `file://` URI (the scheme compared case-insensitively, as URI schemes are). */
export function isFileUri(uri: string): boolean {
  return /^file:\/\//i.test(uri);
}

/** A valid `ListRootsResult` whose every root is a `file://` URI, or why not. */
export function checkListRootsResult(value: unknown): { ok: true; value: ListRootsResult } | { ok: false; problems: string[] } {
  const parsed = ListRootsResultSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: [`not a ListRootsResult: ${describeIssues(parsed.error)}`] };
  const problems = parsed.data.roots.flatMap((root, i) => (isFileUri(root.uri) ? [] : [`roots[${i}].uri ${JSON.stringify(root.uri)} is not a file:// URI`]));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: parsed.data };
}
