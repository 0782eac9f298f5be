/**
 * `mrtr connect` without a person: with MRTR_CLIENT_ID and MRTR_CLIENT_SECRET
 * set, the command obtains its token with the client credentials grant at
 * the server's authorization server (a small one in this test: metadata,
 * JWKS and a token endpoint that checks the client's Basic credentials) and
 * never opens a browser. The SDK 1.x client launches it over stdio.
 */
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, startProtectedServer, type Running } from "../../../../test/helpers/auth.js";
import { FileAuthStore } from "../../src/connect/file-auth-store.js";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = fileURLToPath(new URL("../../src/bin.ts", import.meta.url));
const CLIENT = { id: "nightly-agent", secret: "nightly-agent-secret-0123456789" };

let as: Running & { origin: string };
let mcp: Running & { resource: string };
let dir: string;
const tokenRequests: URLSearchParams[] = [];

/** A client credentials authorization server: metadata, JWKS, and tokens for CLIENT, for the resource asked for. */
async function startClientCredentialsServer(): Promise<Running & { origin: string }> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
  const running = await serve(async (request) => {
    const url = new URL(request.url);
    const origin = url.origin;
    if (url.pathname === "/.well-known/oauth-authorization-server") {
      return json({ issuer: origin, token_endpoint: `${origin}/token`, jwks_uri: `${origin}/jwks`, grant_types_supported: ["client_credentials"], token_endpoint_auth_methods_supported: ["client_secret_basic"] });
    }
    if (url.pathname === "/jwks") return json({ keys: [jwk] });
    if (url.pathname !== "/token") return new Response("not found", { status: 404 });
    const basic = Buffer.from((request.headers.get("authorization") ?? "").replace(/^Basic /, ""), "base64").toString().split(":").map(decodeURIComponent);
    if (basic[0] !== CLIENT.id || basic[1] !== CLIENT.secret) return json({ error: "invalid_client" }, 401);
    const form = new URLSearchParams(await request.text());
    tokenRequests.push(form);
    if (form.get("grant_type") !== "client_credentials") return json({ error: "unsupported_grant_type" }, 400);
    const token = await new SignJWT({ scope: form.get("scope") ?? "", client_id: CLIENT.id })
      .setProtectedHeader({ alg: "ES256", kid: "k1" })
      .setIssuer(origin)
      .setSubject(CLIENT.id)
      .setAudience(form.get("resource") ?? "")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    return json({ access_token: token, token_type: "Bearer", expires_in: 300 });
  });
  return running;
}

beforeAll(async () => {
  as = await startClientCredentialsServer();
  mcp = await startProtectedServer({ issuer: as.origin, jwksUrl: `${as.origin}/jwks` });
  dir = await mkdtemp(join(tmpdir(), "mrtr-connect-headless-"));
});
afterAll(async () => {
  await mcp?.close();
  await as?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("mrtr connect with client credentials from the environment", () => {
  it("gets its token without a browser and serves the remote tools", async () => {
    const log = join(dir, "browser.log");
    const browser = join(dir, "browser.sh");
    await writeFile(browser, `#!/bin/sh\necho "$1" >> ${JSON.stringify(log)}\n`);
    await chmod(browser, 0o755);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("MRTR_")) env[k] = v;
    Object.assign(env, { MRTR_CONFIG_DIR: join(dir, "config"), MRTR_BROWSER: browser, MRTR_CLIENT_ID: CLIENT.id, MRTR_CLIENT_SECRET: CLIENT.secret });
    const transport = new StdioClientTransport({ command: process.execPath, args: ["--conditions=@mrtr/source", "--import", "tsx", bin, "connect", mcp.resource, "--scope", "jobs"], env, cwd: repoRoot, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const client = new Client({ name: "ci-host", version: "1.0.0" });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["whoami", "write"]);
      const result = await client.callTool({ name: "whoami", arguments: {} });
      const whoami = JSON.parse((result.content as { text: string }[])[0]!.text) as { subject: string; principal: string };
      expect(whoami.subject).toBe(CLIENT.id);
      expect(whoami.principal).toBe(`${as.origin}#${CLIENT.id}`);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nstderr of mrtr connect:\n${stderr}`);
    } finally {
      await client.close();
    }
    expect(await readFile(log, "utf8").catch(() => "")).toBe("");
    expect(tokenRequests.map((f) => [f.get("grant_type"), f.get("scope"), f.get("resource")])).toEqual([["client_credentials", "jobs", mcp.resource]]);
    expect(stderr).toMatch(/client credentials/);
    expect(stderr).not.toContain(CLIENT.secret);
    const store = new FileAuthStore({ directory: join(dir, "config", "auth") });
    expect((await stat(store.fileOf("tokens", mcp.resource))).mode & 0o777).toBe(0o600);
  }, 60_000);
});
