import { defaultServerConditions } from "vite";
import { configDefaults, defineConfig } from "vitest/config";

// Tests run on the packages' source, never on a possibly stale dist/: every
// package export has an "@mrtr/source" condition pointing at its .ts entry.
const conditions = ["@mrtr/source", ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts", "test/**/*.test.ts"],
    // What the tarballs hold is checked apart (npm run test:packaging), and so
    // is the runtime matrix, which installs and starts other runtimes (npm run test:runtimes).
    exclude: [...configDefaults.exclude, "test/packaging/**", "test/runtimes/**"],
    testTimeout: 60_000,
    // Type-level promises (expectTypeOf) in *.test-d.ts are checked by tsc. @mrtr/deprecated's
    // augment @mrtr/schema for the whole program they are in, so its own package typecheck
    // (npm test runs every package's) checks them, apart from the core's.
    typecheck: {
      enabled: true,
      include: ["packages/*/test/**/*.test-d.ts"],
      exclude: ["packages/deprecated/**"],
      tsconfig: "./tsconfig.test.json",
    },
  },
});
