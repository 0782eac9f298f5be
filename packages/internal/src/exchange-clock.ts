/**
 * The time limit of one exchange, the same on every transport
 * (cancellation.mdx, "Timeouts"): `timeoutMs` from the request to its
 * answer; a progress report for the request restarts that clock, since work
 * is happening, but never past `maxTimeoutMs` in all; a long-lived exchange
 * (a subscriptions/listen stream) disarms it and is bounded otherwise.
 */

/** The limits of an exchange's clock. */
export interface ClockLimits {
  /** From the request to its answer, in ms; each progress report grants it again. */
  timeoutMs: number;
  /** Longest the exchange may last however often progress restarts the clock, in ms. */
  maxTimeoutMs: number;
}

export interface ExchangeClock {
  /** Aborts when the exchange ran out of time (reason: a `TimeoutError` DOMException). */
  readonly signal: AbortSignal;
  /** The limit that ran out: `timeoutMs`, or `maxTimeoutMs` when progress had extended it that far. */
  readonly limitMs: number;
  /** Progress was reported: `timeoutMs` again, within `maxTimeoutMs` of the start. */
  touch(): void;
  /** No time limit from now on (a stream bounded by other means). */
  disarm(): void;
  /** The exchange is over: stop the timer. */
  stop(): void;
}

/** Starts the clock of one exchange. */
export function startClock(limits: ClockLimits): ExchangeClock {
  const controller = new AbortController();
  const started = Date.now();
  let limitMs = limits.timeoutMs;
  const expire = (ms: number) => () => {
    limitMs = ms;
    controller.abort(new DOMException("The exchange timed out", "TimeoutError"));
  };
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(expire(limits.timeoutMs), limits.timeoutMs);
  return {
    signal: controller.signal,
    get limitMs() {
      return limitMs;
    },
    touch() {
      if (timer === undefined || controller.signal.aborted) return;
      clearTimeout(timer);
      const left = started + limits.maxTimeoutMs - Date.now();
      timer = left < limits.timeoutMs ? setTimeout(expire(limits.maxTimeoutMs), Math.max(0, left)) : setTimeout(expire(limits.timeoutMs), limits.timeoutMs);
    },
    disarm() {
      clearTimeout(timer);
      timer = undefined;
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
