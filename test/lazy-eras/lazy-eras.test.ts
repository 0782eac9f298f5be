/**
 * Both eras by default, paid for only when used: a program serving and
 * calling modern peers on every binding with every default (`createHttpHandler(server)`,
 * `serveStdio(server)`, `createClient({ transport })`) loads none of the
 * legacy era's code — no module of `@mrtr/legacy`, of `@mrtr/server/legacy`
 * or of `@mrtr/client/legacy` (but the server's few lines that tell a legacy
 * `initialize` apart) — and loads it the moment a legacy client, then a
 * legacy server, appears. Every module Node loads is recorded by a loader
 * hook (record-loads.mjs).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

const here = join(repoRoot, "test/lazy-eras");

/** The modules the program loaded, between its marks. */
function loadsByPhase(): Record<string, string[]> {
  const run = spawnSync(process.execPath, ["--import", join(here, "record-loads.mjs"), ...sourceArgs(join(here, "modern-then-legacy.ts"))], { cwd: repoRoot, encoding: "utf8", timeout: 60_000 });
  expect(run.status, run.stderr.split("\n").filter((l) => !l.startsWith("load ")).join("\n")).toBe(0);
  const phases: Record<string, string[]> = { modern: [] };
  let phase = "modern";
  for (const line of run.stderr.split("\n")) {
    if (line.startsWith("mark ")) phases[(phase = `after ${line.slice(5)}`)] = [];
    else if (line.startsWith("load file://")) phases[phase]!.push(line.slice(5).replace(`file://${repoRoot}/`, ""));
  }
  return phases;
}

/** Modules of the legacy era: the revision's checks, and the plugins (the server's claims.ts, which tells a legacy `initialize` apart, excepted). */
const LEGACY = /^packages\/(legacy\/|server\/src\/legacy\/(?!claims\.ts)|client\/src\/legacy\/)/;

describe("the legacy era, loaded only when a peer of it appears", () => {
  const phases = loadsByPhase();

  it("is not loaded by a program that serves and calls only modern peers, over HTTP and stdio, with every default", () => {
    expect(phases.modern!.some((m) => m.startsWith("packages/server/src/")), "the server was loaded").toBe(true);
    expect(phases.modern!.filter((m) => LEGACY.test(m))).toEqual([]);
  });

  it("is loaded by the server when a legacy client opens a session, and by the client when a legacy server refuses it", () => {
    expect(phases["after modern"]!.filter((m) => LEGACY.test(m))).toEqual(expect.arrayContaining([expect.stringMatching(/^packages\/server\/src\/legacy\/http\.ts$/), expect.stringMatching(/^packages\/legacy\//)]));
    expect(phases["after legacy-server"]!.filter((m) => LEGACY.test(m))).toEqual(expect.arrayContaining([expect.stringMatching(/^packages\/client\/src\/legacy\/legacy-client\.ts$/)]));
  });
});
