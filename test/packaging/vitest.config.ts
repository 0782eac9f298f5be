/**
 * The packaging suite (`npm run test:packaging`): what a consumer installs
 * from the tarballs, apart from the unit tests, which run on source.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/packaging/**/*.test.ts"],
    globalSetup: ["test/packaging/setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
