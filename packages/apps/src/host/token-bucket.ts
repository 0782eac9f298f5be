/**
 * A token bucket: `burst` tokens at most, refilled at `rate` per second. Each
 * message from a view takes one; none left means the view is too fast.
 */

/** A token bucket over a clock in milliseconds. */
export class TokenBucket {
  #tokens: number;
  #at: number;

  /** A full bucket of `burst` tokens refilled at `rate` per second, read from `now` (default `Date.now`). */
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#tokens = burst;
    this.#at = now();
  }

  /** Takes one token; false when none is left. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** How long until the next token, in whole milliseconds (0: one is there). */
  waitMs(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : Math.ceil(((1 - this.#tokens) / this.rate) * 1000);
  }

  #refill(): void {
    const now = this.now();
    const elapsed = Math.max(0, now - this.#at);
    this.#at = now;
    this.#tokens = Math.min(this.burst, this.#tokens + (elapsed / 1000) * this.rate);
  }
}
