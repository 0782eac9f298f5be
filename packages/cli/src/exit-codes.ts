/**
 * Exit codes of every `mrtr` command: 0 when everything checked is valid
 * (warnings allowed), 1 when something is invalid, 2 on a usage or I/O error
 * (bad option, unreadable file). 2 wins over 1.
 */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

export type ExitCode = typeof EXIT_OK | typeof EXIT_INVALID | typeof EXIT_USAGE;

/** A bad command line: the message says what to type instead. Exits 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
