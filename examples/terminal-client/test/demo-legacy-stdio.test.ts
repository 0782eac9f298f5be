/**
 * The terminal client given a legacy stdio server on its command line
 * (`--stdio <command>`): an official SDK 1.x server of 2025-11-25
 * (test/interop/fixtures/sdk1-legacy-server.ts). The client finds out the
 * server's era with its probe, initializes a session, and shows the
 * server and its tools as for a modern one.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const legacyServer = fileURLToPath(new URL("../../../test/interop/fixtures/sdk1-legacy-server.ts", import.meta.url));
const source = ["--conditions=@mrtr/source", "--import", "tsx"];

describe("the terminal client and a legacy stdio server", () => {
  it("connects to an SDK 1.x (2025-11-25) server launched with --stdio and offers its tools", async () => {
    const child = spawn(process.execPath, [...source, main, "--stdio", process.execPath, ...source, legacyServer, "--stdio"], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
    let out = "";
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no tool menu within 20 s; printed:\n${out}`)), 20_000);
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString("utf8");
          if (out.includes("Which tool do you want to call?") && out.includes("touch_resource")) (clearTimeout(timer), resolve());
        });
        child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`the client exited (${code}); printed:\n${out}`))));
      });
    } finally {
      child.kill();
    }
    expect(out).toMatch(/Connected to sdk1-legacy/);
    expect(out).toMatch(/An SDK 1\.x server of 2025-11-25/); // initialize's instructions, shown as a modern server's
    expect(out).toMatch(/greet/);
  }, 30_000);
});
