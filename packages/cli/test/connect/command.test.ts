/**
 * `mrtr connect`'s command line and the small pieces around it: options,
 * headers, the choice of grant and of browser, `--scope` in the interactive
 * flow, the retry of a remote server that was down, and that the command
 * loads nothing heavy until it runs.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Gateway, UpstreamStatus } from "@mrtr/gateway";
import type { ServedCall } from "@mrtr/server";
import { connectAuth, serverKey } from "../../src/connect/auth-options.js";
import { browserChoice } from "../../src/connect/browser.js";
import { parseConnectArgs, parseHeaders } from "../../src/connect/command.js";
import { recordingExtraScope, unionScopes, withExtraScope } from "../../src/connect/extra-scope.js";
import { FileAuthStore } from "../../src/connect/file-auth-store.js";
import { retryWhenDown } from "../../src/connect/retry-when-down.js";
import { UsageError } from "../../src/exit-codes.js";
import { HELP, main } from "../../src/main.js";
import { MemoryAuthStore, type UserAgent } from "@mrtr/client/auth";

describe("mrtr connect's command line", () => {
  it("reads the URL and the options", () => {
    const settings = parseConnectArgs(["https://mcp.example.com/mcp", "--client-id", "abc", "--scope", "files:read files:write", "--no-browser", "--dpop", "--header", "X-Tenant: acme", "--header", "x-trace:1", "--callback-port", "8765"]);
    expect(settings).toEqual({
      url: new URL("https://mcp.example.com/mcp"),
      clientId: "abc",
      scope: "files:read files:write",
      noBrowser: true,
      callbackPort: 8765,
      dpop: true,
      headers: { "X-Tenant": "acme", "x-trace": "1" },
    });
    expect(parseConnectArgs(["http://127.0.0.1:3000/mcp"])).toEqual({ url: new URL("http://127.0.0.1:3000/mcp"), noBrowser: false, dpop: false, headers: {} });
    expect(parseConnectArgs(["--help"])).toBeUndefined();
  });

  it("refuses what it cannot use, as usage errors", () => {
    for (const argv of [[], ["a", "b"], ["not a url"], ["ftp://example.com/mcp"], ["https://x/mcp", "--bogus"], ["https://x/mcp", "--callback-port", "70000"], ["https://x/mcp", "--callback-port", "-1"]]) {
      expect(() => parseConnectArgs(argv), argv.join(" ")).toThrow(UsageError);
    }
    expect(() => parseHeaders(["Authorization: Bearer x"])).toThrow(/cannot set Authorization/);
    expect(() => parseHeaders(["no-colon"])).toThrow(/NAME:VALUE/);
    expect(() => parseHeaders([": value"])).toThrow(/NAME:VALUE/);
    expect(() => parseHeaders(["bad name: v"])).toThrow(/NAME:VALUE/);
  });

  it("is listed in mrtr --help and prints its own help", async () => {
    expect(HELP).toMatch(/^ {2}connect URL /m);
    let out = "";
    const code = await main(["connect", "--help"], { stdout: { write: (t) => void (out += t) }, stderr: { write: () => undefined }, stdin: (async function* () {})() });
    expect(code).toBe(0);
    expect(out).toContain("MRTR_CLIENT_SECRET");
    expect(out).toContain("~/.config/mrtr/auth");
  });

  it("loads the gateway, the authorization layer and the stdio binding only when it runs", async () => {
    const source = await readFile(new URL("../../src/connect/command.ts", import.meta.url), "utf8");
    // Type-only imports leave nothing at run time.
    const staticImports = [...source.matchAll(/^import\s(?!type\s)[^;]*?from\s+"([^"]+)";/gms)].map((m) => m[1]);
    expect(staticImports).toEqual(["../args.js", "../exit-codes.js"]);
    expect(source).toContain('await import("./serve.js")');
    const serve = await readFile(new URL("../../src/connect/serve.ts", import.meta.url), "utf8");
    expect(serve).toContain('await import("@mrtr/gateway")');
  });
});

describe("the grant and the browser", () => {
  let dir: string;
  let store: FileAuthStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "mrtr-connect-auth-"));
    store = new FileAuthStore({ directory: dir });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));
  const settings = parseConnectArgs(["https://mcp.example.com/mcp?x=1"])!;

  it("uses client credentials when MRTR_CLIENT_ID and MRTR_CLIENT_SECRET are set: no user agent", async () => {
    const auth = await connectAuth({ ...settings, scope: "jobs" }, { MRTR_CLIENT_ID: "agent", MRTR_CLIENT_SECRET: "s3cret" }, store);
    expect(auth.grant).toBe("client_credentials");
    expect(auth.options.clientCredentials).toEqual({ clientId: "agent", clientSecret: "s3cret", scope: "jobs" });
    expect(auth.options.userAgent).toBeUndefined();
    expect(auth.options.store).toBe(store);
    await auth.close();
  });

  it("refuses a secret without a client id", async () => {
    await expect(connectAuth(settings, { MRTR_CLIENT_SECRET: "s3cret" }, store)).rejects.toThrow(/MRTR_CLIENT_ID/);
  });

  it("otherwise signs in interactively, with --client-id as the pre-registered client for whichever issuer", async () => {
    const auth = await connectAuth({ ...settings, clientId: "public-app" }, {}, store);
    expect(auth.grant).toBe("interactive");
    expect(auth.options.userAgent).toBeDefined();
    expect(auth.options.client?.name).toBe("mrtr connect");
    expect(auth.options.client?.preRegistered?.["https://any-issuer.example.com"]).toEqual({ clientId: "public-app" });
    await auth.close();
    const dynamic = await connectAuth(settings, {}, store);
    expect(dynamic.options.client?.preRegistered).toBeUndefined();
    await dynamic.close();
  });

  it("keys tokens by the endpoint's origin and path, as withAuth does", () => {
    expect(serverKey(settings.url)).toBe("https://mcp.example.com/mcp");
  });

  it("prints the URL with --no-browser, runs MRTR_BROWSER when set, else the system's opener", () => {
    expect(browserChoice(true, { MRTR_BROWSER: "firefox" })).toEqual({ kind: "print" });
    expect(browserChoice(false, { MRTR_BROWSER: "/usr/bin/firefox" })).toEqual({ kind: "command", command: "/usr/bin/firefox" });
    expect(browserChoice(false, { MRTR_BROWSER: " " })).toEqual({ kind: "system" });
    expect(browserChoice(false, {})).toEqual({ kind: "system" });
  });
});

describe("--scope in the interactive flow", () => {
  it("adds the scopes to the authorization request and to the scope recorded with the tokens", async () => {
    const opened: URL[] = [];
    const inner: UserAgent = { redirectUri: () => "http://127.0.0.1:1/callback", authorize: async (url) => (opened.push(url), new URL("http://127.0.0.1:1/callback?code=c")) };
    const agent = withExtraScope(inner, "files:write mcp");
    await agent.authorize(new URL("https://as.example.com/authorize?scope=mcp+offline_access&state=s"), { signal: new AbortController().signal });
    expect(opened[0]!.searchParams.get("scope")).toBe("mcp offline_access files:write");
    expect(opened[0]!.searchParams.get("state")).toBe("s");
    await agent.authorize(new URL("https://as.example.com/authorize?state=s"), { signal: new AbortController().signal });
    expect(opened[1]!.searchParams.get("scope")).toBe("files:write mcp");

    const memory = new MemoryAuthStore();
    const store = recordingExtraScope(memory, "files:write");
    await store.setTokens("k", { accessToken: "a", issuer: "i", resource: "r", clientId: "c", scope: "mcp" });
    expect((await store.getTokens("k"))?.scope).toBe("mcp files:write");
    await store.setTokens("k", undefined);
    expect(memory.getTokens("k")).toBeUndefined();
    expect(unionScopes(undefined, undefined)).toBeUndefined();
  });
});

describe("retryWhenDown", () => {
  function fakeGateway(state: UpstreamStatus["state"]): Gateway & { refreshes: number; state: UpstreamStatus["state"] } {
    const gateway = {
      refreshes: 0,
      state,
      status: () => [{ name: "remote", transport: "http", era: undefined, state: gateway.state, items: 0, restarts: 0 }],
      refresh: async () => {
        gateway.refreshes++;
        gateway.state = "up";
      },
    };
    return gateway as unknown as Gateway & { refreshes: number; state: UpstreamStatus["state"] };
  }
  const call = (method: string) => ({ method }) as ServedCall;
  const next = async () => ({ result: {} }) as never;

  it("lists a remote server that is down again before a request, at most once per interval, never before discovery", async () => {
    let clock = 0;
    const gateway = fakeGateway("down");
    const retry = retryWhenDown(gateway, "remote", 1_000, () => clock);
    await retry(call("server/discover"), next);
    expect(gateway.refreshes).toBe(0);
    await retry(call("tools/list"), next);
    expect(gateway.refreshes).toBe(1);
    gateway.state = "down";
    clock = 500;
    await retry(call("tools/list"), next);
    expect(gateway.refreshes).toBe(1);
    clock = 1_500;
    await retry(call("tools/list"), next);
    expect(gateway.refreshes).toBe(2);
    await retry(call("tools/list"), next);
    expect(gateway.refreshes).toBe(2); // up now
  });
});
