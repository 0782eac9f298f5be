/** Waiting in the Redis tests: for a condition to hold, for a call to fail. */

/** Polls `condition` (no timing assertion: only how long the test may wait). */
export async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The error a call rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}
