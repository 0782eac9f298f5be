/** The deep suites (`npm run test:deep`): vitest.config.ts's DEEP_SUITES, with the same resolution and limits. */
import { defineConfig } from "vitest/config";
import { DEEP_SUITES, shared } from "./vitest.config.js";

export default defineConfig({
  resolve: shared.resolve,
  ssr: shared.ssr,
  test: {
    include: DEEP_SUITES,
    exclude: shared.exclude,
    testTimeout: shared.testTimeout,
    maxWorkers: shared.maxWorkers,
  },
});
