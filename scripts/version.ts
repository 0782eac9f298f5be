/**
 * `npm run version`: applies the pending changesets (`changeset version`),
 * keeps the peer ranges inside each fixed group exact, and refreshes the
 * lockfile. Release with this, not with `changeset version` alone.
 *
 * Why the peer ranges need help: the packages of a fixed group release
 * together under one version, so a peer dependency between two of them (as
 * `@mrtr/deprecated` on `@mrtr/server`) names exactly that version. But when
 * a minor release moves a peer dependency out of its range, changesets turns
 * the dependent's release into a major, and the fixed group carries that
 * major to every package. So the exact ranges are widened to `>=` their
 * version while changesets runs, and set to the new exact version after.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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

/** Each workspace package with a peer dependency on a member of its own fixed group. */
const dependents = workspacePackages(root).flatMap((pkg) => {
  const group = groupOf.get(pkg.manifest.name);
  const peers = Object.keys(pkg.manifest.peerDependencies ?? {}).filter((name) => group?.includes(name));
  return peers.length ? [{ file: join(pkg.dir, "package.json"), peers }] : [];
});
const originals = new Map(dependents.map((d) => [d.file, readFileSync(d.file, "utf8")]));

function rewrite(file: string, change: (manifest: Manifest) => void): void {
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  change(manifest);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

for (const { file, peers } of dependents) {
  rewrite(file, (m) => {
    for (const name of peers) {
      const range = m.peerDependencies![name]!;
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) throw new Error(`${file}: peer ${name} is "${range}"; a fixed group's peer range must be one exact version`);
      m.peerDependencies![name] = `>=${range}`;
    }
  });
}
try {
  run("changeset", ["version"]);
} catch (error) {
  for (const [file, text] of originals) writeFileSync(file, text);
  throw error;
}
const versions = new Map(workspacePackages(root).map((p) => [p.manifest.name, p.manifest.version]));
for (const { file, peers } of dependents) {
  rewrite(file, (m) => {
    for (const name of peers) m.peerDependencies![name] = versions.get(name)!;
  });
}
run("npm", ["install", "--package-lock-only", "--no-audit", "--no-fund"]);
