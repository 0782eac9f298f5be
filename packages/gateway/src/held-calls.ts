/**
 * The held calls of this instance: bounded in all and per caller, each
 * ended when the front client does not come back within `holdTimeoutMs`.
 */
import { ShareExceededError } from "@mrtr/server";
import { HeldCall } from "./held-call.js";
import type { GatewayLimits } from "./options.js";

/** This instance's held calls. */
export class HeldCalls {
  readonly #calls = new Map<string, { call: HeldCall; timer: ReturnType<typeof setTimeout> | undefined }>();
  readonly #perOwner = new Map<string, number>();

  constructor(readonly limits: Pick<GatewayLimits, "maxHolds" | "maxHoldsPerCaller" | "holdTimeoutMs">) {}

  /** Opens a hold for `owner`, within the limits (ShareExceededError otherwise: 429 for the caller's share, 503 for the total). */
  open(owner: string, upstream: string): HeldCall {
    const mine = this.#perOwner.get(owner) ?? 0;
    if (mine >= this.limits.maxHoldsPerCaller) {
      throw new ShareExceededError({ scope: "share", limit: "gateway held calls", retryAfterSeconds: 1, message: `Too many calls waiting for your answers: at most ${this.limits.maxHoldsPerCaller} per caller (the gateway's limits.maxHoldsPerCaller). Answer or abandon one first.` });
    }
    if (this.#calls.size >= this.limits.maxHolds) {
      throw new ShareExceededError({ scope: "total", limit: "gateway held calls", retryAfterSeconds: 1, message: `The gateway holds ${this.limits.maxHolds} calls waiting for answers (limits.maxHolds); retry shortly.` });
    }
    const call = new HeldCall(owner, upstream);
    this.#calls.set(call.id, { call, timer: undefined });
    this.#perOwner.set(owner, mine + 1);
    return call;
  }

  /** The hold of `id` when `owner` holds it. */
  get(id: unknown, owner: string): HeldCall | undefined {
    const entry = typeof id === "string" ? this.#calls.get(id) : undefined;
    return entry && entry.call.owner === owner ? entry.call : undefined;
  }

  /** The call now waits for the front client's retry: ended if it does not come in time. */
  waitForRetry(call: HeldCall): void {
    const entry = this.#calls.get(call.id);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.close(call, new Error(`No answer came within ${this.limits.holdTimeoutMs} ms (the gateway's limits.holdTimeoutMs).`)), this.limits.holdTimeoutMs);
    (entry.timer as { unref?: () => void }).unref?.();
  }

  /** A retry is being served: the timeout stops until it waits again. */
  resume(call: HeldCall): void {
    const entry = this.#calls.get(call.id);
    if (entry) clearTimeout(entry.timer);
  }

  /** Forgets a hold; with `reason`, ends its upstream call first. */
  close(call: HeldCall, reason?: Error): void {
    const entry = this.#calls.get(call.id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.#calls.delete(call.id);
    const left = (this.#perOwner.get(call.owner) ?? 1) - 1;
    if (left > 0) this.#perOwner.set(call.owner, left);
    else this.#perOwner.delete(call.owner);
    if (reason) call.end(reason);
  }

  /** Ends every hold (the gateway closing). */
  closeAll(reason: Error): void {
    for (const { call } of [...this.#calls.values()]) this.close(call, reason);
  }

  /** How many are held. */
  get size(): number {
    return this.#calls.size;
  }
}
