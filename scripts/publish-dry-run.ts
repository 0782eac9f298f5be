/**
 * `npm run publish:check`: `npm publish --dry-run` of every published
 * package, as the release will run it (after `npm run version` and a build),
 * failing on anything npm would correct, a version that is not a release, or
 * a tarball without its README, LICENSE or CHANGELOG
 * (scripts/lib/publish-check.ts). Run by .ci/run.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkPublish } from "./lib/publish-check.js";
import { publicPackages } from "./lib/workspace.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
let failed = 0;
for (const pkg of publicPackages(root)) {
  const { name, version, files, problems } = checkPublish(pkg.dir);
  console.log(`${problems.length === 0 ? "ok  " : "FAIL"} ${name}@${version} (${files} files)`);
  for (const problem of problems) console.log(`       ${problem}`);
  if (problems.length > 0) failed++;
}
if (failed > 0) {
  console.error(`publish:check: ${failed} package(s) would not publish as they should (above)`);
  process.exit(1);
}
