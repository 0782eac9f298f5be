/**
 * Turns a validation verdict into findings: one error per schema issue, or,
 * for a valid message, one warning per use of a deprecated feature (with its
 * removal date and migration).
 */
import type { Finding } from "../report/finding.js";
import type { MessageCheck } from "./check-message.js";
import { DEPRECATED_FEATURES, DEPRECATED_SINCE, EARLIEST_REMOVAL, findDeprecated } from "./deprecations.js";
import type { Unit } from "./units.js";

/** Findings about one value checked. */
export function findingsOf(check: MessageCheck, value: unknown, at: { file: string; unit: Pick<Unit, "line" | "locate">; prefix: string }): Finding[] {
  const place = (pointer: string) => {
    const full = at.prefix + pointer;
    const pos = at.unit.locate?.(full);
    return { file: at.file, ...(pos ? { line: pos.line, column: pos.column } : at.unit.line !== undefined && { line: at.unit.line }), pointer: full };
  };
  const type = check.type ? { schemaType: check.type } : {};
  if (!check.valid) {
    return check.issues.map((issue) => ({
      ...place(issue.path),
      rule: "message-schema",
      severity: "error" as const,
      message: issue.message,
      ...type,
      code: issue.code,
    }));
  }
  if (!check.type) return [];
  return findDeprecated(value, check.type).map((use) => {
    const feature = DEPRECATED_FEATURES[use.feature];
    return {
      ...place(use.pointer),
      rule: "deprecated-feature",
      severity: "warning" as const,
      message: `Uses ${use.feature} (${use.what}), deprecated since ${DEPRECATED_SINCE}; earliest removal: ${EARLIEST_REMOVAL}. Migrate: ${feature.migrate}`,
      cite: feature.page,
      ...type,
    };
  });
}
