/**
 * How long a crashed stdio upstream waits before it is started again: the
 * first delay, doubling with each crash in a row, up to a cap.
 */

/** The delay before the restart that follows the `crashes`-th crash in a row (1 for the first), in ms. */
export function restartDelay(crashes: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, crashes - 1));
}
