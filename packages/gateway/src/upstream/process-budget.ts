/**
 * The gateway's budget of stdio processes (`limits.maxProcesses`): one
 * budget is shared by all the stdio upstreams of a gateway, each holding a
 * slot while its process runs.
 */

/** One taken slot; `release()` gives it back (again is harmless). */
export interface ProcessSlot {
  /** Gives the slot back. */
  release(): void;
}

/** At most `max` processes at once. */
export interface ProcessBudget {
  /** The most processes at once. */
  readonly max: number;
  /** Slots taken now. */
  readonly inUse: number;
  /** Takes a slot, or returns undefined when all `max` are taken. */
  take(): ProcessSlot | undefined;
}

/** A budget of `max` processes at once (`max` a non-negative integer). */
export function processBudget(max: number): ProcessBudget {
  if (!Number.isInteger(max) || max < 0) throw new RangeError(`maxProcesses must be a non-negative integer (got ${String(max)}).`);
  let inUse = 0;
  return {
    max,
    get inUse() {
      return inUse;
    },
    take() {
      if (inUse >= max) return undefined;
      inUse++;
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          inUse--;
        },
      };
    },
  };
}
