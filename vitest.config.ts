import { defaultServerConditions } from "vite";
import { configDefaults, defineConfig } from "vitest/config";

// Tests run on the packages' source, never on a possibly stale dist/: every
// package export has an "@mrtr/source" condition pointing at its .ts entry.
const conditions = ["@mrtr/source", ...defaultServerConditions];

/**
 * The deep suites, run by `npm run test:deep` (vitest.deep.config.ts) and by
 * CI, not by `npm test`, so the everyday command stays quick: the large
 * differential and fuzz runs against ajv, the interop runs against real
 * programs (the official SDKs, the Inspector, reference servers), the
 * browser suites (Chromium) and the many-instance end-to-end runs.
 */
export const DEEP_SUITES = [
  "packages/zod/test/zod-mapping.test.ts",
  "packages/zod/test/differential.test.ts",
  "packages/deprecated/test/differential.test.ts",
  "packages/tasks/test/schema-differential.test.ts",
  "packages/legacy/test/schema-differential.test.ts",
  "test/differential-harness.test.ts",
  "test/interop/**/*.test.ts",
  "test/e2e/**/*.test.ts",
  "packages/apps/test/browser/**/*.test.ts",
  "examples/web-host/test/**/*.test.ts",
  "test/examples/**/*.test.ts",
  "test/release/publish-check.test.ts",
];

/** What every run shares: where tests are found, how packages resolve, the time a test may take. */
export const shared = {
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts", "test/**/*.test.ts"],
  // What the tarballs hold is checked apart (npm run test:packaging), and so
  // is the runtime matrix, which installs and starts other runtimes (npm run test:runtimes).
  exclude: [...configDefaults.exclude, "test/packaging/**", "test/runtimes/**"],
  testTimeout: 60_000,
  // vitest's default is one worker fewer than the cores: one, on a two-core machine. Most suites wait on
  // sockets, child processes and timers rather than the CPU, so two run side by side in about half the time.
  maxWorkers: 2,
};

// Type-level promises (expectTypeOf) in *.test-d.ts are checked by tsc: each
// package's typecheck (npm test runs them all) covers its test/ folder.
export default defineConfig({
  resolve: shared.resolve,
  ssr: shared.ssr,
  test: {
    include: shared.include,
    exclude: [...shared.exclude, ...DEEP_SUITES],
    testTimeout: shared.testTimeout,
    maxWorkers: shared.maxWorkers,
  },
});
