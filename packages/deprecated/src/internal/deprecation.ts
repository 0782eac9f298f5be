/**
 * The deprecation warning: one `process.emitWarning` of type
 * `DeprecationWarning` per feature per process, when a sampling, roots or
 * logging plugin is first created. The "already warned" set lives on `globalThis`
 * under a registered symbol, so two copies of this package in one process
 * still warn once.
 *
 * Silenced by:
 * - the plugin option `silenceDeprecationWarning: true`;
 * - the environment variable `MRTR_SILENCE_DEPRECATION`: `1`, `true` or `all`
 *   silences every feature; otherwise a comma-separated list of codes
 *   (`MRTR_DEP_SAMPLING`) or feature names (`sampling`, `roots`, `logging`);
 * - Node's own `--no-deprecation` (`process.noDeprecation`), which
 *   `process.emitWarning` honours for this type.
 */

/** The deprecated features that warn. */
export type DeprecatedFeature = "sampling" | "roots" | "logging";

/** The stable `code` of each feature's warning. */
export const DEPRECATION_CODES = {
  sampling: "MRTR_DEP_SAMPLING",
  roots: "MRTR_DEP_ROOTS",
  logging: "MRTR_DEP_LOGGING",
} as const satisfies Record<DeprecatedFeature, string>;

/** The environment variable that silences the warnings. */
export const SILENCE_ENV = "MRTR_SILENCE_DEPRECATION";

const MESSAGES: Record<DeprecatedFeature, string> = {
  sampling:
    "MCP sampling (sampling/createMessage) is deprecated since protocol revision 2026-07-28 (SEP-2577). " +
    "Migrate: call a model provider directly from the server instead of borrowing the client's model.",
  roots:
    "MCP roots (roots/list) are deprecated since protocol revision 2026-07-28 (SEP-2577). " +
    "Migrate: pass directories through tool arguments, resource URIs or configuration.",
  logging:
    "MCP logging (notifications/message) is deprecated since protocol revision 2026-07-28 (SEP-2577). " +
    "Migrate: log to stderr on stdio, or to OpenTelemetry for structured observability.",
};

const REMOVAL = "Earliest removal: the first protocol revision released on or after 2027-07-28.";
const SILENCE = `Silence with the option { silenceDeprecationWarning: true } or ${SILENCE_ENV}=1.`;

/** Options every plugin factory accepts. */
export interface DeprecationOptions {
  /** Do not emit the one-time DeprecationWarning for this feature from this call. */
  silenceDeprecationWarning?: boolean;
}

const WARNED = Symbol.for("mrtr.deprecated.warned");

function warnedSet(): Set<string> {
  const holder = globalThis as { [WARNED]?: Set<string> };
  return (holder[WARNED] ??= new Set<string>());
}

function silencedByEnv(feature: DeprecatedFeature): boolean {
  const value = process.env?.[SILENCE_ENV]?.trim();
  if (!value) return false;
  const lower = value.toLowerCase();
  if (lower === "1" || lower === "true" || lower === "all") return true;
  const listed = lower.split(",").map((s) => s.trim());
  return listed.includes(feature) || listed.includes(DEPRECATION_CODES[feature].toLowerCase());
}

/** Emits the feature's DeprecationWarning, unless silenced or already emitted in this process. */
export function warnDeprecated(feature: DeprecatedFeature, options: DeprecationOptions = {}): void {
  if (options.silenceDeprecationWarning === true) return;
  if (typeof process === "undefined" || typeof process.emitWarning !== "function") return;
  if (silencedByEnv(feature)) return;
  const code = DEPRECATION_CODES[feature];
  const warned = warnedSet();
  if (warned.has(code)) return;
  warned.add(code);
  process.emitWarning(`${MESSAGES[feature]} ${REMOVAL} ${SILENCE}`, { type: "DeprecationWarning", code });
}
