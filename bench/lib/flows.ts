/** What the flow benchmarks (stdio, legacy-http, redis-guard) share: lanes of back-to-back flows, medians, figures. */

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
