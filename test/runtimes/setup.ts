/**
 * The runtime suite's global setup: installs every runtime of install.ts
 * once, one after another, before any test file starts, so test files
 * collected in parallel never run two `npm install`s into the same folder of
 * .cache/runtimes. A runtime that fails to install is left to the files,
 * which skip or fail on it (matrix.ts); nothing is decided here.
 */
import { ensureRuntime, RUNTIMES, type RuntimeName } from "./install.js";

export default function setup(): void {
  for (const name of Object.keys(RUNTIMES) as RuntimeName[]) ensureRuntime(name);
}
