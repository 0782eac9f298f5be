/**
 * The runtime suite (`npm run test:runtimes`): our server and client on
 * Node 20, 22, 24, Bun, Deno (and workerd), each runtime installed on first
 * use into .cache/runtimes (install.ts). Unlike the unit tests it runs the
 * packages' built dist/ (no "@mrtr/source" condition), what users install:
 * run `npm run build` first. MRTR_RUNTIMES_REQUIRED=1 turns a runtime that
 * cannot be installed from a skip into a failure (CI sets it).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/runtimes/**/*.test.ts"],
    // matrix.ts runs the matrix only in this suite, not in the main vitest run that also collects test/**.
    env: { MRTR_RUNTIMES_SUITE: "1" },
    // Installs the runtimes once, before the files (collected in parallel) look for them.
    globalSetup: ["test/runtimes/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
