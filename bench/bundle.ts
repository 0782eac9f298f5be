/**
 * `npm run bench` (bundle): the size of the smallest browser app that calls
 * one tool over HTTP, on @mrtr/client (packages/client/test/fixtures/minimal-app.ts)
 * and on the official SDK's client (bench/fixtures/official-minimal-app.ts,
 * `@modelcontextprotocol/client`), bundled in the same run with the same
 * settings (esbuild --bundle --minify --platform=browser --format=esm
 * --splitting, from the built packages a consumer installs): what a page
 * loads first, minified and gzip, as a ratio, and the chunks loaded later
 * (ours: the legacy era, loaded when a legacy server is met).
 * Then what one validator of a tool result costs a bundle on each flavour of
 * @mrtr/zod, beside the official SDK's schema of it. Asserts nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BROWSER_BUNDLE, bundleApp, kB, type Bundle } from "../test/helpers/bundle.js";
import { repoRoot } from "./lib/corpus.js";

const TARGET = 0.3;
const app = (path: string) => readFileSync(join(repoRoot, path), "utf8");
const settings = Object.entries(BROWSER_BUNDLE).map(([k, v]) => (v === true ? `--${k}` : `--${k}=${v}`)).join(" ");

function line(label: string, ours: Bundle, theirName: string, theirs: Bundle, target?: number): void {
  const ratio = ours.bytes / theirs.bytes;
  const gzipRatio = ours.gzipBytes / theirs.gzipBytes;
  const goal = target === undefined ? "" : ` (target ≤ ${target.toFixed(2)}x: ${ratio <= target ? "met" : "missed"})`;
  console.log(
    `${label}: ours ${kB(ours.bytes)} (gzip ${kB(ours.gzipBytes)}) | ${theirName} ${kB(theirs.bytes)} (gzip ${kB(theirs.gzipBytes)}) | ratio ${ratio.toFixed(2)}x, gzip ${gzipRatio.toFixed(2)}x${goal}`,
  );
}

console.log(`bundle: esbuild ${settings}, built packages`);
const ours = await bundleApp(app("packages/client/test/fixtures/minimal-app.ts"));
const official = await bundleApp(app("bench/fixtures/official-minimal-app.ts"));
line("bundle: minimal tool-calling app ", ours, "official client", official, TARGET);
console.log(`bundle: loaded later: ours ${kB(ours.lazy.bytes)} (the legacy era, when a legacy server is met) | official client ${kB(official.lazy.bytes)}`);

const validate = (from: string, name: string) => `import { ${name} } from "${from}";\nconsole.log(${name}.safeParse(JSON.parse("{}")).success);\n`;
const officialSchema = await bundleApp(validate("@modelcontextprotocol/core", "CallToolResultSchema"));
line("bundle: one CallToolResult validator, zod      ", await bundleApp(validate("@mrtr/zod", "CallToolResultSchema")), "official", officialSchema);
line("bundle: one CallToolResult validator, zod/mini ", await bundleApp(validate("@mrtr/zod/mini", "CallToolResultSchema")), "official", officialSchema);
const check = await bundleApp(`import { checkCallToolResult } from "@mrtr/zod/checks";\nconsole.log(checkCallToolResult(JSON.parse("{}"), 0, false));\n`);
line("bundle: one CallToolResult check (no zod)      ", check, "official", officialSchema);
