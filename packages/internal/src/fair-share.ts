/**
 * The one rule for every resource a server holds across requests (the rule
 * itself is stated once, in docs/architecture.md, "Fair shares"): a limit in
 * all, and inside it a share per owner (a principal, or a peer for callers
 * without one) strictly smaller than the limit, in a count and, where what is
 * held has a size, in bytes. Past its share an owner is refused; when the
 * limit in all is reached, room is made by letting go of the idle hold used
 * longest ago among the owner holding the most (an idle hold waits for its
 * peer or for nothing; work running for someone is never let go); when
 * nothing is idle, the newcomer is refused.
 *
 * Each holder (legacy sessions, their calls, listen streams, running tasks,
 * replay entries, connections) keeps one `FairShare` and turns a refusal into
 * its own answer (429 for a share, 503 for the limit in all, over HTTP).
 */

/** One resource's limits, with the option names that set them (for messages). */
export interface ShareLimits {
  /** What is held, for messages: "legacy sessions". */
  readonly name: string;
  /** Most held at once in all (`Infinity`: counted by bytes only). */
  readonly total: number;
  /** Most one owner holds at once: less than `total` (`Infinity` with it). */
  readonly perOwner: number;
  /** Bytes held at once in all (absent: sizes are not counted). */
  readonly totalBytes?: number;
  /** Bytes one owner holds at once: less than `totalBytes`. */
  readonly perOwnerBytes?: number;
  /** The options that set each limit, named in refusals and configuration errors ("legacyHttp({ maxSessions })"). */
  readonly options: { readonly total: string; readonly perOwner: string; readonly totalBytes?: string; readonly perOwnerBytes?: string };
  /** What a refused caller is told to wait, in seconds (default 5). */
  readonly retryAfterSeconds?: number;
}

/** What a holder tells the share about one thing it holds. */
export interface Evictable {
  /** Whether nothing runs for it now (it waits for its peer, or for nothing): only then may it be let go to make room. */
  idle(): boolean;
  /** Ends it to make room for another owner. Its hold is already released when this runs; a throw is ignored. */
  evict(): void;
}

/** Why a hold was refused. */
export interface ShareRefusal {
  readonly refused: true;
  /** `share`: the owner holds its share already (HTTP 429); `total`: the limit in all is reached and nothing idle could be let go (HTTP 503). */
  readonly scope: "share" | "total";
  /** What is held ("legacy sessions"). */
  readonly limit: string;
  /** What happened and what to do, for the caller. */
  readonly message: string;
  /** How long to wait before trying again, in seconds. */
  readonly retryAfterSeconds: number;
}

/** What a refusal says in a JSON-RPC error's `data`: which limit, which scope, when to try again. */
export function refusalData(refusal: Pick<ShareRefusal, "limit" | "scope" | "retryAfterSeconds">): { limit: string; scope: "share" | "total"; retryAfterSeconds: number } {
  return { limit: refusal.limit, scope: refusal.scope, retryAfterSeconds: refusal.retryAfterSeconds };
}

/**
 * The share one owner gets of `total` when only the total is set: half of
 * it, at most `cap` (the share's own default), at least 1; so setting a
 * smaller total alone keeps the share below it.
 */
export function defaultShare(total: number, cap: number): number {
  return Math.max(1, Math.min(cap, Math.floor(total / 2)));
}

/** Whether `value` is a refusal rather than a hold. */
export function isShareRefusal(value: unknown): value is ShareRefusal {
  return typeof value === "object" && value !== null && (value as { refused?: unknown }).refused === true;
}

/** One thing held by one owner. */
export interface Hold {
  /** Its owner. */
  readonly owner: string;
  /** The bytes it is counted at. */
  readonly bytes: number;
  /** Marks it used now: of two idle holds, the one used longer ago is let go first. */
  touch(): void;
  /** Counts it at `bytes` from now on; a growth past a share or the limit is refused (nothing changes) unless room is made. */
  resize(bytes: number): ShareRefusal | undefined;
  /** Lets go of it (once; later calls do nothing). */
  release(): void;
  /** Whether it is still held. */
  readonly held: boolean;
}

/** Checks one resource's limits; the message names the options, or undefined when they are sound. */
export function shareLimitsProblem(limits: ShareLimits): string | undefined {
  const o = limits.options;
  const whole = (v: number | undefined) => v === undefined || (Number.isSafeInteger(v) && v >= 1);
  const count = (v: number) => v === Number.POSITIVE_INFINITY || whole(v);
  if (!count(limits.total)) return `${o.total} must be a whole number of at least 1 (got ${String(limits.total)}).`;
  if (!count(limits.perOwner)) return `${o.perOwner} must be a whole number of at least 1 (got ${String(limits.perOwner)}).`;
  if (limits.total === Number.POSITIVE_INFINITY && (limits.perOwner !== Number.POSITIVE_INFINITY || limits.totalBytes === undefined)) return `${o.total} must be set.`;
  if (limits.total > 1 && limits.total !== Number.POSITIVE_INFINITY && limits.perOwner >= limits.total) {
    return `${o.perOwner} (${limits.perOwner}) must be less than ${o.total} (${limits.total}), so one caller at its share leaves room for the others.`;
  }
  if (!whole(limits.totalBytes) || !whole(limits.perOwnerBytes)) return `${o.totalBytes ?? "totalBytes"} and ${o.perOwnerBytes ?? "perOwnerBytes"} must be whole numbers of at least 1.`;
  if ((limits.totalBytes === undefined) !== (limits.perOwnerBytes === undefined)) return `${o.totalBytes} and ${o.perOwnerBytes} go together.`;
  if (limits.totalBytes !== undefined && limits.perOwnerBytes! >= limits.totalBytes) {
    return `${o.perOwnerBytes} (${limits.perOwnerBytes}) must be less than ${o.totalBytes} (${limits.totalBytes}), so one caller at its share leaves room for the others.`;
  }
  return undefined;
}

interface Owned {
  holds: Set<HoldImpl>;
  bytes: number;
}

class HoldImpl implements Hold {
  used: number;
  held = true;
  constructor(
    readonly share: FairShare,
    readonly owner: string,
    readonly item: Evictable,
    public bytes: number,
    tick: number,
  ) {
    this.used = tick;
  }
  touch(): void {
    this.share.touch(this);
  }
  resize(bytes: number): ShareRefusal | undefined {
    return this.share.resize(this, bytes);
  }
  release(): void {
    this.share.release(this);
  }
}

/** The holds of one resource, by owner, within its limits. */
export class FairShare {
  readonly limits: ShareLimits;
  readonly #owners = new Map<string, Owned>();
  #count = 0;
  #bytes = 0;
  #tick = 0;

  /** Throws a `RangeError` naming the options when the limits are not sound (see {@link shareLimitsProblem}). */
  constructor(limits: ShareLimits) {
    const problem = shareLimitsProblem(limits);
    if (problem) throw new RangeError(problem);
    this.limits = limits;
  }

  /** Holds one more for `owner`, counted at `bytes`; or says why not (after letting idle holds go where that makes room). */
  acquire(owner: string, item: Evictable, bytes = 0): Hold | ShareRefusal {
    const l = this.limits;
    const mine = this.#owners.get(owner);
    if ((mine?.holds.size ?? 0) >= l.perOwner) return this.#refuse("share", owner);
    if (l.perOwnerBytes !== undefined && (mine?.bytes ?? 0) + bytes > l.perOwnerBytes) return this.#refuse("share", owner);
    if (this.#count >= l.total && !this.#makeRoom("count", 1, undefined)) return this.#refuse("total", owner);
    if (l.totalBytes !== undefined && this.#bytes + bytes > l.totalBytes && !this.#makeRoom("bytes", this.#bytes + bytes - l.totalBytes, undefined)) {
      return this.#refuse("total", owner);
    }
    let owned = this.#owners.get(owner);
    if (!owned) this.#owners.set(owner, (owned = { holds: new Set(), bytes: 0 }));
    const hold = new HoldImpl(this, owner, item, bytes, ++this.#tick);
    owned.holds.add(hold);
    owned.bytes += bytes;
    this.#count++;
    this.#bytes += bytes;
    return hold;
  }

  /** What is held: by `owner`, or in all. */
  usage(owner?: string): { count: number; bytes: number } {
    if (owner === undefined) return { count: this.#count, bytes: this.#bytes };
    const owned = this.#owners.get(owner);
    return { count: owned?.holds.size ?? 0, bytes: owned?.bytes ?? 0 };
  }

  /** Owners holding anything now. */
  get owners(): number {
    return this.#owners.size;
  }

  /** @internal */
  touch(hold: HoldImpl): void {
    if (hold.held) hold.used = ++this.#tick;
  }

  /** @internal */
  resize(hold: HoldImpl, bytes: number): ShareRefusal | undefined {
    if (!hold.held) return undefined;
    const l = this.limits;
    const growth = bytes - hold.bytes;
    if (growth > 0) {
      const owned = this.#owners.get(hold.owner)!;
      if (l.perOwnerBytes !== undefined && owned.bytes + growth > l.perOwnerBytes) return this.#refuse("share", hold.owner);
      if (l.totalBytes !== undefined && this.#bytes + growth > l.totalBytes && !this.#makeRoom("bytes", this.#bytes + growth - l.totalBytes, hold)) {
        return this.#refuse("total", hold.owner);
      }
    }
    const owned = this.#owners.get(hold.owner)!;
    owned.bytes += growth;
    this.#bytes += growth;
    hold.bytes = bytes;
    return undefined;
  }

  /** @internal */
  release(hold: HoldImpl): void {
    if (!hold.held) return;
    hold.held = false;
    const owned = this.#owners.get(hold.owner);
    if (!owned?.holds.delete(hold)) return;
    owned.bytes -= hold.bytes;
    this.#count--;
    this.#bytes -= hold.bytes;
    if (owned.holds.size === 0) this.#owners.delete(hold.owner);
  }

  /**
   * Lets idle holds go until `needed` (holds or bytes) is free: each time the
   * idle hold used longest ago of the owner holding the most (in the full
   * dimension), never `keep`. False when not enough could be let go.
   */
  #makeRoom(dimension: "count" | "bytes", needed: number, keep: HoldImpl | undefined): boolean {
    let freed = 0;
    while (freed < needed) {
      const size = (o: Owned) => (dimension === "count" ? o.holds.size : o.bytes);
      const owners = [...this.#owners.values()].sort((a, b) => size(b) - size(a));
      // Owners holding as much as each other are one group: the idle hold used longest ago in the largest group with one goes.
      let victim: HoldImpl | undefined;
      for (let i = 0; i < owners.length && !victim; ) {
        const group = size(owners[i]!);
        for (; i < owners.length && size(owners[i]!) === group; i++) {
          for (const hold of owners[i]!.holds) {
            if (hold === keep || (victim !== undefined && hold.used >= victim.used)) continue;
            if (safeIdle(hold.item)) victim = hold;
          }
        }
      }
      if (!victim) return false;
      freed += dimension === "count" ? 1 : victim.bytes;
      this.release(victim);
      try {
        victim.item.evict();
      } catch {
        // A holder failing to end its own item must not stop the newcomer.
      }
    }
    return true;
  }

  #refuse(scope: "share" | "total", owner: string): ShareRefusal {
    const l = this.limits;
    const retryAfterSeconds = l.retryAfterSeconds ?? 5;
    const mine = this.usage(owner);
    const message =
      scope === "share"
        ? `Too many ${l.name} held by one caller (${mine.count}${l.perOwnerBytes !== undefined ? `, ${mine.bytes} bytes` : ""}; its share: ${l.perOwner} by ${l.options.perOwner}${l.perOwnerBytes !== undefined ? `, ${l.perOwnerBytes} bytes by ${l.options.perOwnerBytes}` : ""}). Finish or close some of them, then try again.`
        : `Too many ${l.name} held in all (${l.total} by ${l.options.total}${l.totalBytes !== undefined ? `, ${l.totalBytes} bytes by ${l.options.totalBytes}` : ""}) and none idle to let go. Try again in ${retryAfterSeconds} s.`;
    return { refused: true, scope, limit: l.name, message, retryAfterSeconds };
  }
}

function safeIdle(item: Evictable): boolean {
  try {
    return item.idle();
  } catch {
    return false;
  }
}
