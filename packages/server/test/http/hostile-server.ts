/**
 * The hostile-peer suites' server: hostile-fixture.ts in its own process on a
 * free loopback port, started before a file's tests and killed after them.
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { freePort, startProcess } from "../../../../test/helpers/processes.js";

const fixture = join(import.meta.dirname, "hostile-fixture.ts");

/** Starts the fixture for the calling file (extra environment sets its limits); read `port` and `child` inside tests. */
export function hostileServer(env: Record<string, string> = {}): { readonly port: number; readonly child: ChildProcess } {
  let child: ChildProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    child = await startProcess(fixture, { PORT: String(port), ...env });
  }, 60_000);
  afterAll(() => {
    child?.kill();
  });
  return {
    get port() {
      return port;
    },
    get child() {
      return child!;
    },
  };
}
