/**
 * Packs workspace packages with `npm pack` and installs the tarballs into a
 * new project outside the repository, as a user's build would install them
 * from the registry. Small and self-contained, for the packaging tests.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../helpers/paths.js";

const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_fund: "false", npm_config_audit: "false", npm_config_update_notifier: "false" } });

/** Packages (by folder under packages/) whose dist/ is missing: pack needs a build first. */
export function unbuilt(packages: string[]): string[] {
  return packages.filter((p) => !existsSync(join(repoRoot, "packages", p, "dist")));
}

/** `npm pack`s each package into `dest`; returns the tarball paths. */
export function pack(packages: string[], dest: string): string[] {
  mkdirSync(dest, { recursive: true });
  const out = npm(["pack", "--json", "--pack-destination", dest, ...packages.map((p) => `--workspace=packages/${p}`)], repoRoot);
  return (JSON.parse(out) as { filename: string }[]).map((t) => join(dest, t.filename));
}

/** A new npm project in the system's temporary folder (outside the workspace) with `tarballs` installed. */
export function installProject(tarballs: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "mrtr-packed-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "packed-consumer", version: "1.0.0", private: true, type: "module" }, null, 2));
  npm(["install", "--no-package-lock", "--prefer-offline", ...tarballs], dir);
  return dir;
}
