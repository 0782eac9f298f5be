import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Type-level promises (expectTypeOf) in *.test-d.ts are checked by tsc.
    typecheck: {
      enabled: true,
      include: ["packages/*/test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.test.json",
    },
  },
});
