/**
 * Throughput of validators over a list of messages. A validator is reduced to
 * a `Check` per message (the per-type function is looked up before timing), so
 * the timed loop is the same for every contender: call, count, repeat.
 */

/** Whether one message is accepted. */
export type Check = (data: unknown) => boolean;

/** One message, with the check that judges it already resolved. */
export interface Case {
  check: Check;
  data: unknown;
}

/** Keeps results observable so the engine cannot drop the calls. */
let sink = 0;
export const consumed = (): number => sink;

/** Messages per second: whole passes over `cases` until at least `ms` have elapsed. */
export function throughput(cases: readonly Case[], ms: number): number {
  let messages = 0;
  let accepted = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i]!;
      if (c.check(c.data)) accepted++;
    }
    messages += cases.length;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  sink += accepted;
  return messages / (elapsed / 1000);
}

export interface Plan {
  /** Untimed run of each contender before the first round. */
  warmupMs: number;
  /** Timed run of each contender in each round. */
  ms: number;
  rounds: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Messages per second of each contender: warmed up, then timed in `rounds`
 * rounds that alternate the contenders (so drift hits all alike); the median
 * round counts.
 */
export function race<K extends string>(contenders: Record<K, readonly Case[]>, plan: Plan): Record<K, number> {
  const names = Object.keys(contenders) as K[];
  for (const name of names) throughput(contenders[name], plan.warmupMs);
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < plan.rounds; round++) {
    for (const name of names) samples[name].push(throughput(contenders[name], plan.ms));
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])])) as Record<K, number>;
}
