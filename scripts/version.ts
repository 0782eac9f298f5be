/**
 * `npm run version`: applies the pending changesets (`changeset version`),
 * keeps the peer ranges between workspace packages as the release policy
 * says (scripts/lib/peer-ranges.ts: exact inside a fixed group, `^` across
 * groups, never a spurious major), and refreshes the lockfile. Release with
 * this, not with `changeset version` alone.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { releasedRange, widened } from "./lib/peer-ranges.js";
import { workspacePackages, type Manifest } from "./lib/workspace.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

interface ChangesetConfig {
  fixed?: string[][];
}

function run(command: string, args: string[]): void {
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
}

const config = JSON.parse(readFileSync(join(root, ".changeset/config.json"), "utf8")) as ChangesetConfig;
const groupOf = new Map<string, string[]>();
for (const group of config.fixed ?? []) for (const name of group) groupOf.set(name, group);
const before = workspacePackages(root);
const names = new Set(before.map((p) => p.manifest.name));
const versionsBefore = new Map(before.map((p) => [p.manifest.name, p.manifest.version]));

/** Each workspace package with a peer dependency on another workspace package, and those peers' ranges. */
const dependents = before.flatMap((pkg) => {
  const peers = Object.entries(pkg.manifest.peerDependencies ?? {}).filter(([name]) => names.has(name));
  return peers.length ? [{ name: pkg.manifest.name, file: join(pkg.dir, "package.json"), peers: new Map(peers) }] : [];
});
const originals = new Map(dependents.map((d) => [d.file, readFileSync(d.file, "utf8")]));

function rewrite(file: string, change: (manifest: Manifest) => void): void {
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  change(manifest);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

for (const { file, peers } of dependents) {
  rewrite(file, (m) => {
    for (const [name, range] of peers) m.peerDependencies![name] = widened(range, `${file}: ${name}`);
  });
}
try {
  run("changeset", ["version"]);
} catch (error) {
  for (const [file, text] of originals) writeFileSync(file, text);
  throw error;
}
const versions = new Map(workspacePackages(root).map((p) => [p.manifest.name, p.manifest.version]));
const problems: string[] = [];
for (const { name: dependent, file, peers } of dependents) {
  const released = versions.get(dependent) !== versionsBefore.get(dependent);
  rewrite(file, (m) => {
    for (const [name, original] of peers) {
      const outcome = releasedRange(original, versions.get(name)!, groupOf.get(dependent)?.includes(name) ?? false, released, `${dependent} (peer ${name})`);
      if (outcome.ok) m.peerDependencies![name] = outcome.range;
      else problems.push(outcome.problem);
    }
  });
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
run("npm", ["install", "--package-lock-only", "--no-audit", "--no-fund"]);
