/** What the flow benchmarks (stdio, legacy-http, http-flows, tasks, redis-guard) share: lanes of back-to-back flows, medians, figures. */

/** Flows per second: `lanes` loops of back-to-back `flow()` calls until `duration` ms have passed. */
export async function flowsPerSecond(flow: () => Promise<void>, lanes: number, duration: number): Promise<number> {
  let count = 0;
  const start = performance.now();
  const lane = async () => {
    while (performance.now() - start < duration) {
      await flow();
      count++;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return count / ((performance.now() - start) / 1000);
}

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A figure as printed: whole, with thousands separators. */
export const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");

/**
 * Each contender's flows per second, `rounds` times, after one warm-up of
 * `warmupMs` each; contenders take turns within a round, so a slow phase of
 * the machine hits them alike.
 */
export async function sampleRounds<N extends string>(
  names: readonly N[],
  flow: (name: N) => Promise<void>,
  o: { concurrency: number; warmupMs: number; ms: number; rounds: number },
): Promise<Record<N, number[]>> {
  for (const name of names) await flowsPerSecond(() => flow(name), o.concurrency, o.warmupMs);
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<N, number[]>;
  // Each round starts with the next contender, so none always runs first (an A/A run of one server as two contenders showed ~8 % apart in a fixed order).
  for (let round = 0; round < o.rounds; round++) {
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) samples[name].push(await flowsPerSecond(() => flow(name), o.concurrency, o.ms));
  }
  return samples;
}

/** One contender's line: its median and the range of its rounds. */
export const figureLine = (name: string, xs: readonly number[], unit: string, pad: number): string =>
  `  ${name.padEnd(pad)} ${fmt(median(xs)).padStart(7)} ${unit} (rounds ${fmt(Math.min(...xs))} to ${fmt(Math.max(...xs))})`;
