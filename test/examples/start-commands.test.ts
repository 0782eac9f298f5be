/**
 * Each example of the README's feature list runs with the one command its
 * README gives (`npm start -w @mrtr/example-<name>`), checks its own results
 * and exits 0 by itself. Run on the packages' sources (the `@mrtr/source`
 * condition through NODE_OPTIONS), as every test is, never on a possibly
 * stale dist/. Two examples are left to their own tests, which drive them:
 * they wait for a person rather than end.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { featureExamples } from "../helpers/feature-list.js";
import { repoRoot } from "../helpers/paths.js";
import { cases } from "../helpers/cases.js";

/** Examples whose command waits for a person, with the test that drives them instead. */
const INTERACTIVE: Record<string, string> = {
  "terminal-client": "prompts at the terminal; examples/terminal-client/test/ drives it",
  "web-host": "serves a page until stopped; examples/web-host/test/ drives it in Chromium",
};

const runnable = featureExamples().filter((name) => !(name in INTERACTIVE));

/** Runs `npm start -w @mrtr/example-<name>` from the repository root; its exit code and output. */
function start(name: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --conditions=@mrtr/source`.trim() };
    const child = spawn("npm", ["start", "--silent", "-w", `@mrtr/example-${name}`], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("each example runs with its one command", () => {
  it.each(cases(runnable, "the runnable examples"))("npm start -w @mrtr/example-%s checks itself and exits 0", { timeout: 120_000 }, async (name) => {
    const { code, output } = await start(name);
    expect(code, output).toBe(0);
  });
});
