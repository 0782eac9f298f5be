/**
 * The runtime fixture (fixtures/server.ts) served over HTTP, natively, by
 * each runtime of the matrix: `Bun.serve`, `Deno.serve`, or
 * `@mrtr/server/node` on Node. One process per runtime per test file,
 * started on first use and stopped by pid with `stopAll`.
 */
import { start, type MatrixRuntime, type Running, type Runtime } from "./matrix.js";

/** The entry that serves the fixture natively on each runtime. */
export const HTTP_ENTRY: Record<MatrixRuntime, string> = {
  node20: "test/runtimes/fixtures/serve-node.ts",
  node22: "test/runtimes/fixtures/serve-node.ts",
  node24: "test/runtimes/fixtures/serve-node.ts",
  bun: "test/runtimes/fixtures/serve-bun.ts",
  deno: "test/runtimes/fixtures/serve-deno.ts",
};

/** A served fixture: its endpoint URL and its process. */
export interface Served {
  url: string;
  running: Running;
}

const started = new Map<MatrixRuntime, Promise<Served>>();

/** The fixture served by `rt`, started on first use (port 0: the runtime picks a free one and prints it). */
export function servedOn(rt: Runtime): Promise<Served> {
  let served = started.get(rt.name);
  if (served === undefined) {
    served = start(rt, HTTP_ENTRY[rt.name], { PORT: "0" }).then((running) => ({ url: running.ready, running }));
    started.set(rt.name, served);
  }
  return served;
}

/** Stops every fixture this file started. */
export async function stopAll(): Promise<void> {
  const all = [...started.values()];
  started.clear();
  await Promise.all(all.map((s) => s.then((x) => x.running.stop(), () => undefined)));
}
