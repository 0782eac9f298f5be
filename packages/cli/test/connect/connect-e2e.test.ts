/**
 * `mrtr connect URL` as a host runs it: the official SDK 1.x client launches
 * the command (from source) over stdio; the command reaches our server
 * behind `protect` (the development authorization server's tokens, on
 * loopback HTTP) through the gateway, signing in with the interactive flow.
 * MRTR_BROWSER names a small script that is the browser: it logs each URL it
 * is given and follows it, through the authorization server's redirect, to
 * the command's loopback listener. The tokens are cached in MRTR_CONFIG_DIR,
 * owner-only; a second launch reuses them (no browser); once the
 * authorization server revokes them, the next launch signs in again.
 * POSIX only (file modes, a script as the browser), as `npm test` is run.
 */
import { spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidTokenError, jwtVerifier, type TokenVerifier } from "@mrtr/server/auth";
import { startAuthorizationServer, startProtectedServer, type DevAuthorizationServer, type Running } from "../../../../test/helpers/auth.js";
import { FileAuthStore } from "../../src/connect/file-auth-store.js";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = fileURLToPath(new URL("../../src/bin.ts", import.meta.url));

/** The browser's part, as a program given the authorization URL: log it, then follow it to the loopback redirect. */
const BROWSER_SCRIPT = (log: string) => `#!${process.execPath}
import { appendFileSync } from "node:fs";
const url = process.argv[2];
appendFileSync(${JSON.stringify(log)}, "open " + url + "\\n");
const response = await fetch(url, { redirect: "follow" });
appendFileSync(${JSON.stringify(log)}, "done " + response.status + "\\n");
`;

/** A verifier that also asks the authorization server whether the token was revoked (what introspection would). */
function revocationAwareVerifier(as: DevAuthorizationServer): TokenVerifier {
  let verify: TokenVerifier | undefined;
  return (token, request) => {
    if (as.isRevoked(token)) throw new InvalidTokenError("The access token was revoked.");
    verify ??= jwtVerifier({ jwksUrl: as.jwksUrl, issuer: as.issuer, audience: `${new URL(request.url).origin}/mcp` });
    return verify(token, request);
  };
}

/** Environment of the launched command: this one's, without client credentials, plus `extra`. */
function launchEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("MRTR_")) env[k] = v;
  return { ...env, ...extra };
}

interface Fixture {
  as: DevAuthorizationServer;
  mcp: Running & { resource: string };
  dir: string;
  log: string;
  env: Record<string, string>;
}

async function startFixture(dpop: boolean): Promise<Fixture> {
  const as = await startAuthorizationServer({ scopesSupported: ["mcp", "offline_access"], dpop });
  const mcp = await startProtectedServer(as, { verify: revocationAwareVerifier(as), requiredScopes: ["mcp"], ...(dpop && { dpop: { required: true } }) });
  const dir = await mkdtemp(join(tmpdir(), "mrtr-connect-"));
  const log = join(dir, "browser.log");
  const browser = join(dir, "browser.mjs");
  await writeFile(browser, BROWSER_SCRIPT(log));
  await chmod(browser, 0o755);
  return { as, mcp, dir, log, env: launchEnv({ MRTR_CONFIG_DIR: join(dir, "config"), MRTR_BROWSER: browser }) };
}

async function stopFixture(f: Fixture | undefined): Promise<void> {
  await f?.mcp.close();
  await f?.as.close();
  if (f) await rm(f.dir, { recursive: true, force: true });
}

/** How many times the browser was opened. */
const browserOpens = async (log: string) => (await readFile(log, "utf8").catch(() => "")).split("\n").filter((l) => l.startsWith("open ")).length;

/** Launches `mrtr connect URL` as a host would, lists and calls `whoami`, closes; returns the tool names, the answer and stderr. */
async function launchAndUse(f: Fixture, extraArgs: string[]): Promise<{ tools: string[]; whoami: { subject?: string; scopes?: string[] }; stderr: string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--conditions=@mrtr/source", "--import", "tsx", bin, "connect", f.mcp.resource, ...extraArgs],
    env: f.env,
    cwd: repoRoot,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "e2e-host", version: "1.0.0" });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const result = await client.callTool({ name: "whoami", arguments: {} });
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    return { tools: tools.map((t) => t.name), whoami: JSON.parse(text) as { subject?: string; scopes?: string[] }, stderr };
  } catch (error) {
    throw new Error(`${(error as Error).message}\nstderr of mrtr connect:\n${stderr}`);
  } finally {
    await client.close();
  }
}

describe("mrtr connect, launched by an SDK 1.x host over stdio", () => {
  // As a host's configuration would launch it, every time: `write` needs files:write, which no challenge asks for up front.
  const ARGS = ["--scope", "files:write"];
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(false);
  });
  afterAll(() => stopFixture(f));

  it("signs in through the browser once, then lists and calls the remote server's tools", async () => {
    const first = await launchAndUse(f, ARGS);
    expect(first.tools.sort()).toEqual(["whoami", "write"]);
    expect(first.whoami.subject).toBe("user-1");
    // The challenge's scope, offline_access (offered), and the one --scope adds.
    expect(first.whoami.scopes).toEqual(["mcp", "offline_access", "files:write"]);
    expect(await browserOpens(f.log)).toBe(1);
    const log = await readFile(f.log, "utf8");
    expect(log).toContain("done 200");
    expect(new URL(log.split("\n")[0]!.slice("open ".length)).searchParams.get("scope")).toBe("mcp offline_access files:write");
    expect(first.stderr).toMatch(/signing in at/);
    expect(first.stderr).toMatch(/signed in to/);
  }, 60_000);

  it("caches the tokens owner-only (0600 file, 0700 folder) under a hashed name", async () => {
    const store = new FileAuthStore({ directory: join(f.env.MRTR_CONFIG_DIR!, "auth") });
    const file = store.fileOf("tokens", f.mcp.resource);
    expect(file).toMatch(/[0-9a-f]{64}\.json$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(store.directory)).mode & 0o777).toBe(0o700);
    const tokens = await store.getTokens(f.mcp.resource);
    expect(tokens?.resource).toBe(f.mcp.resource);
    expect(tokens?.refreshToken).toBeTypeOf("string");
  });

  it("reuses the cached tokens at the next launch: the browser is not opened again", async () => {
    const authorizations = f.as.requests.filter((r) => r.path === "/authorize").length;
    const second = await launchAndUse(f, ARGS);
    expect(second.whoami.subject).toBe("user-1");
    expect(await browserOpens(f.log)).toBe(1);
    expect(f.as.requests.filter((r) => r.path === "/authorize").length).toBe(authorizations);
    expect(second.stderr).not.toMatch(/signing in at/);
  }, 60_000);

  it("signs in again once the authorization server has revoked the tokens", async () => {
    const store = new FileAuthStore({ directory: join(f.env.MRTR_CONFIG_DIR!, "auth") });
    const before = await store.getTokens(f.mcp.resource);
    f.as.revoke();
    const third = await launchAndUse(f, ARGS);
    expect(third.whoami.scopes).toContain("files:write");
    expect(third.whoami.subject).toBe("user-1");
    expect(await browserOpens(f.log)).toBe(2);
    expect(third.stderr).toMatch(/could not renew access/);
    const after = await store.getTokens(f.mcp.resource);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(f.as.isRevoked(after!.accessToken)).toBe(false);
  }, 60_000);

  it("refuses to start on a tokens file others may read, saying how to fix it (exit 2)", async () => {
    const file = new FileAuthStore({ directory: join(f.env.MRTR_CONFIG_DIR!, "auth") }).fileOf("tokens", f.mcp.resource);
    await chmod(file, 0o644);
    try {
      const child = spawn(process.execPath, ["--conditions=@mrtr/source", "--import", "tsx", bin, "connect", f.mcp.resource], { cwd: repoRoot, env: f.env, stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(2);
      expect(stderr).toContain(`chmod 600 ${file}`);
      expect(stdout).toBe("");
    } finally {
      await chmod(file, 0o600);
    }
  }, 30_000);

  it("exits 0 on SIGTERM and when stdin ends, having written nothing but protocol to stdout", async () => {
    for (const end of ["SIGTERM", "stdin"] as const) {
      const child = spawn(process.execPath, ["--conditions=@mrtr/source", "--import", "tsx", bin, "connect", f.mcp.resource], { cwd: repoRoot, env: f.env, stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not serving within 30 s; stderr:\n${stderr}`)), 30_000);
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString("utf8");
          if (stderr.includes("serving over stdio")) (clearTimeout(timer), resolve());
        });
      });
      if (end === "SIGTERM") child.kill("SIGTERM");
      else child.stdin.end();
      expect(await exited).toBe(0);
      expect(stdout).toBe("");
    }
    expect(await browserOpens(f.log)).toBe(2);
  }, 90_000);

  it("with --no-browser prints the sign-in URL to stderr (MRTR_BROWSER not run), and SIGINT while waiting exits 0", async () => {
    const env = { ...f.env, MRTR_CONFIG_DIR: join(f.dir, "empty-config") };
    const child = spawn(process.execPath, ["--conditions=@mrtr/source", "--import", "tsx", bin, "connect", f.mcp.resource, "--no-browser"], { cwd: repoRoot, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const printed = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no sign-in URL within 30 s; stderr:\n${stderr}`)), 30_000);
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
        const url = /open(?:ing)? this URL[^\n]*\n\s+(\S+)/.exec(stderr)?.[1];
        if (url) (clearTimeout(timer), resolve(url));
      });
    });
    expect(new URL(printed).href.startsWith(`${f.as.issuer}/authorize?`)).toBe(true);
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(stdout).toBe("");
    expect(await browserOpens(f.log)).toBe(2);
  }, 60_000);
});

describe("mrtr connect --dpop, to a server that accepts DPoP-bound tokens only", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(true);
  });
  afterAll(() => stopFixture(f));

  it("signs in once with DPoP and reuses the bound tokens at the next launch (the key is kept beside them)", async () => {
    const first = await launchAndUse(f, ["--dpop"]);
    expect(first.whoami.subject).toBe("user-1");
    const store = new FileAuthStore({ directory: join(f.env.MRTR_CONFIG_DIR!, "auth") });
    expect((await store.getTokens(f.mcp.resource))?.tokenType).toBe("DPoP");
    expect((await stat(store.fileOf("dpop-key", f.mcp.resource))).mode & 0o777).toBe(0o600);
    const second = await launchAndUse(f, ["--dpop"]);
    expect(second.whoami.subject).toBe("user-1");
    expect(await browserOpens(f.log)).toBe(1);
  }, 90_000);
});
