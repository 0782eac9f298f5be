/**
 * One bounded exchange with Redis: it waits at most `timeoutMs`, then rejects
 * with the caller's own error and aborts the signal it handed to the client,
 * so a command still queued (Redis down, client reconnecting) is withdrawn
 * and cannot land later. One already sent may still land: callers say what
 * that means for them. Every command of @mrtr/redis goes through here.
 */

/** Runs `send` (one or more commands sharing `signal`) and settles with it, or rejects with `timedOut()` after `timeoutMs`. */
export async function withinDeadline<T>(timeoutMs: number, timedOut: () => Error, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timedOut();
      reject(error); // first, so the caller sees this rather than the client's abort error
      abort.abort(error); // withdraws the command if it is still queued
    }, timeoutMs);
  });
  try {
    return await Promise.race([send(abort.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
