/**
 * `@mrtr/client/auth` is browser-safe: bundled for the browser it pulls no
 * `node:` module (the loopback listener lives in `@mrtr/client/auth/node`),
 * and the core client entry pulls no auth code at all. Bundles the package
 * source through its "@mrtr/source" condition, so no build is needed.
 */
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../../test/helpers/paths.js";

async function bundle(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: repoRoot, loader: "ts" },
    absWorkingDir: repoRoot,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["@mrtr/source"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return { inputs: Object.keys(result.metafile.inputs), text: result.outputFiles[0]!.text };
}

describe("bundles", () => {
  it("the auth entry bundles for the browser without any node: module", async () => {
    const { inputs } = await bundle('export { withAuth, callbackUserAgent } from "@mrtr/client/auth";');
    expect(inputs.some((i) => i.includes("oauth4webapi"))).toBe(true);
    expect(inputs.filter((i) => i.startsWith("node:") || i.endsWith("auth/node.ts"))).toEqual([]);
  });

  it("the core client entry carries no auth code", async () => {
    const { inputs } = await bundle('export { createClient, httpTransport } from "@mrtr/client";');
    expect(inputs.filter((i) => i.includes("/auth/") || i.includes("oauth4webapi"))).toEqual([]);
  });
});
