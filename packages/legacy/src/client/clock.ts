/**
 * The time limit of one legacy exchange: `timeoutMs` from the request, given
 * again by each progress report, never past `maxTimeoutMs` in all (the
 * transport's limits, read from its wire).
 */
export interface LegacyClock {
  readonly signal: AbortSignal;
  readonly limitMs: number;
  touch(): void;
  stop(): void;
}

export function legacyClock(timeoutMs: number, maxTimeoutMs: number): LegacyClock {
  const controller = new AbortController();
  const start = Date.now();
  let limitMs = timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException("The exchange ran out of time.", "TimeoutError")), ms);
  };
  arm(timeoutMs);
  return {
    signal: controller.signal,
    get limitMs() {
      return limitMs;
    },
    touch() {
      if (controller.signal.aborted) return;
      const left = maxTimeoutMs - (Date.now() - start);
      limitMs = left < timeoutMs ? maxTimeoutMs : timeoutMs;
      arm(Math.max(0, Math.min(timeoutMs, left)));
    },
    stop: () => clearTimeout(timer),
  };
}
