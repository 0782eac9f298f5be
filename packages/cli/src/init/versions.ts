/**
 * The exact versions `mrtr init` writes for the packages that are not ours,
 * in one place: the versions this repository builds and tests with (the root
 * package.json, examples/frameworks, this package's devDependencies;
 * test/init/init.test.ts holds them equal). @mrtr/server and @mrtr/client are
 * written at the cli's own version instead.
 */
export const PINNED = {
  tsx: "4.23.15",
  typescript: "5.9.3",
  "@types/node": "20.19.43",
  hono: "4.13.19",
  "@hono/node-server": "2.1.9",
  express: "5.3.0",
  "@types/express": "5.0.6",
} as const;

/** A package whose version `mrtr init` pins. */
export type PinnedPackage = keyof typeof PINNED;
