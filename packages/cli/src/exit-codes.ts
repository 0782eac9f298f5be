/**
 * Exit codes of every `mrtr` command: 0 when everything checked is valid
 * (warnings allowed), 1 when something is invalid, 2 on a usage or I/O error
 * (bad option, unreadable file). 2 wins over 1.
 */
export const EXIT_OK = 0;
/** Exit code 1: something checked is invalid. */
export const EXIT_INVALID = 1;
/** Exit code 2: a usage or I/O error (it wins over 1). */
export const EXIT_USAGE = 2;

/** The exit code of an `mrtr` command: 0, 1 or 2. */
export type ExitCode = typeof EXIT_OK | typeof EXIT_INVALID | typeof EXIT_USAGE;

/** A bad command line: the message says what to type instead. Exits 2. */
export class UsageError extends Error {
  /** Always `"UsageError"`. */
  override readonly name = "UsageError";
}
