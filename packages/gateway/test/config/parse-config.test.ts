/** parseGatewayConfig: issues with pointers for typos, unknown keys and bad names; env references; the few cross-checks. */
import { describe, expect, it } from "vitest";
import { GatewayConfigError, parseGatewayConfig } from "../../src/config/index.js";

const SECRET = "s".repeat(40);

/** The GatewayConfigError `value` is refused with. */
function refusal(value: unknown, env: Record<string, string | undefined> = {}): GatewayConfigError {
  try {
    parseGatewayConfig(value, { env });
  } catch (error) {
    if (error instanceof GatewayConfigError) return error;
    throw error;
  }
  throw new Error("expected a GatewayConfigError");
}

const http = { url: "https://a.example/mcp" };

describe("parseGatewayConfig: the schema", () => {
  it("names an unknown key at the top level and in an upstream, with pointers, in one error", () => {
    const error = refusal({ upstreams: { github: { url: "https://gh.example/mcp", timout: 5 }, files: { command: "node", agrs: [] } }, limts: {} });
    expect(error.issues).toEqual([
      { pointer: "/limts", message: expect.stringContaining("is not a known key") },
      { pointer: "/upstreams/github/timout", message: expect.stringContaining("is not a known key") },
      { pointer: "/upstreams/files/agrs", message: expect.stringContaining("is not a known key") },
    ]);
    expect(error.message).toContain("has 3 problems:");
    expect(error.message).toContain("\n  /upstreams/github/timout: is not a known key here");
    expect(error.message).toContain("config.schema.json");
  });

  it("says what type a value must be", () => {
    const error = refusal({ upstreams: { github: { url: 42 } } });
    expect(error.issues).toEqual([{ pointer: "/upstreams/github/url", message: "must be a string" }]);
    expect(error.message).toContain("  /upstreams/github/url: must be a string");
  });

  it("refuses a bad upstream name, saying what a name may be", () => {
    const error = refusal({ upstreams: { "git hub": http, "-x": http, ["a".repeat(33)]: http } });
    expect(error.issues.map((i) => i.pointer)).toEqual(["/upstreams/git hub", "/upstreams/-x", `/upstreams/${"a".repeat(33)}`]);
    expect(error.issues[0]!.message).toMatch(/not an allowed name: an upstream name is letters, digits and '-'/);
  });

  it("takes names of 32 characters, with digits, capitals and '-'", () => {
    expect(() => parseGatewayConfig({ upstreams: { ["a".repeat(32)]: http, "A-1": http } }, { env: {} })).not.toThrow();
  });

  it("needs upstreams, at least one, each with url or command", () => {
    expect(refusal({}).issues).toEqual([{ pointer: "", message: 'needs "upstreams"' }]);
    expect(refusal({ upstreams: {} }).issues).toEqual([{ pointer: "/upstreams", message: "needs at least one upstream" }]);
    expect(refusal({ upstreams: { a: {} } }).issues).toEqual([{ pointer: "/upstreams/a", message: 'needs "url" (an HTTP upstream) or "command" (a stdio upstream)' }]);
  });

  it("does not mix the two upstream forms", () => {
    expect(refusal({ upstreams: { a: { ...http, command: "node" } } }).issues).toEqual([{ pointer: "/upstreams/a/command", message: expect.stringContaining("is not a known key") }]);
  });

  it("checks auth by its type, and enums, limits, policy rules", () => {
    expect(refusal({ upstreams: { a: { ...http, auth: { type: "bearer" } } } }).issues).toEqual([{ pointer: "/upstreams/a/auth", message: 'needs "token"' }]);
    expect(refusal({ upstreams: { a: { ...http, auth: { type: "basic" } } } }).issues).toEqual([{ pointer: "/upstreams/a/auth/type", message: 'must be one of "none", "bearer", "client_credentials"' }]);
    expect(refusal({ upstreams: { a: { ...http, auth: { type: "bearer", token: 5 } } } }).issues).toEqual([{ pointer: "/upstreams/a/auth/token", message: 'must be a string or { "env": "NAME" }' }]);
    expect(refusal({ upstreams: { a: { ...http, era: "2025" } } }).issues).toEqual([{ pointer: "/upstreams/a/era", message: 'must be one of "auto", "modern", "legacy"' }]);
    expect(refusal({ upstreams: { a: http }, limits: { maxHolds: 0 } }).issues).toEqual([{ pointer: "/limits/maxHolds", message: "must be at least 1" }]);
    expect(refusal({ upstreams: { a: http }, limits: { maxHolds: 1.5 } }).issues).toEqual([{ pointer: "/limits/maxHolds", message: "must be a whole number" }]);
    expect(refusal({ upstreams: { a: http }, policy: [{ effect: "allow" }, { efect: "deny" }] }).issues.map((i) => i.pointer)).toEqual(["/policy/1", "/policy/1/efect"]);
    expect(refusal({ upstreams: { a: { url: "ftp://a" } } }).issues).toEqual([{ pointer: "/upstreams/a/url", message: "must be an http: or https: URL" }]);
  });

  it("checks the front", () => {
    expect(refusal({ upstreams: { a: http }, front: { auth: { issuer: "https://as.example" } } }).issues).toEqual([{ pointer: "/front/auth", message: 'needs "audience"' }]);
    expect(refusal({ upstreams: { a: http }, front: { cors: { origin: ["x"] } } }).issues.map((i) => i.pointer).sort()).toEqual(["/front/cors", "/front/cors/origin"]);
  });

  it("refuses a value that is not an object", () => {
    expect(refusal([]).issues).toEqual([{ pointer: "", message: "must be an object" }]);
  });
});

describe("parseGatewayConfig: the result", () => {
  it("keeps what the file says, reads secrets from the environment and takes a relative cwd from baseDir", () => {
    const { gateway, front } = parseGatewayConfig(
      {
        $schema: "https://mrtr.dev/schemas/gateway-config.json",
        name: "gw",
        namespace: true,
        upstreams: {
          docs: { url: "https://docs.example/mcp", auth: { type: "bearer", token: { env: "DOCS_TOKEN" } }, headers: { "x-team": "a", "x-key": { env: "KEY" } } },
          cc: { url: "https://cc.example/mcp", auth: { type: "client_credentials", clientId: "gw", clientSecret: { env: "CC_SECRET" }, dpop: true } },
          files: { command: "node", args: ["server.js"], cwd: "servers/files", env: { ROOT: "/data", API_KEY: { env: "FILES_KEY" } }, start: "boot" },
          abs: { command: "node", cwd: "/opt/x" },
        },
        policy: [{ principals: ["*"], effect: "allow" }],
        limits: { maxHolds: 10 },
        front: { auth: { issuer: "https://as.example", audience: "https://gw.example/mcp", scopes: ["mcp"] }, allowedHosts: ["gw.example"] },
      },
      { env: { DOCS_TOKEN: "t0k", KEY: "k", CC_SECRET: "cs", FILES_KEY: "fk" }, baseDir: "/etc/gateway" },
    );
    expect(gateway).toEqual({
      name: "gw",
      namespace: true,
      upstreams: {
        docs: { url: "https://docs.example/mcp", auth: { type: "bearer", token: "t0k" }, headers: { "x-team": "a", "x-key": "k" } },
        cc: { url: "https://cc.example/mcp", auth: { type: "client_credentials", clientId: "gw", clientSecret: "cs", dpop: true } },
        files: { command: "node", args: ["server.js"], cwd: "/etc/gateway/servers/files", env: { ROOT: "/data", API_KEY: "fk" }, start: "boot" },
        abs: { command: "node", cwd: "/opt/x" },
      },
      policy: [{ principals: ["*"], effect: "allow" }],
      limits: { maxHolds: 10 },
    });
    expect(front).toEqual({ auth: { issuer: "https://as.example", audience: "https://gw.example/mcp", scopes: ["mcp"] }, allowedHosts: ["gw.example"] });
  });

  it("names every missing or empty variable and where it is referenced", () => {
    const error = refusal(
      { upstreams: { docs: { ...http, auth: { type: "bearer", token: { env: "DOCS_TOKEN" } } }, files: { command: "node", env: { K: { env: "FILES_KEY" } } } } },
      { FILES_KEY: "" },
    );
    expect(error.issues).toEqual([
      { pointer: "/upstreams/docs/auth/token", message: "the environment variable DOCS_TOKEN is not set: set it, or write the value here" },
      { pointer: "/upstreams/files/env/K", message: "the environment variable FILES_KEY is empty: set it, or write the value here" },
    ]);
    expect(error.message).toContain("  /upstreams/docs/auth/token: the environment variable DOCS_TOKEN is not set");
  });

  it("refuses a malformed env reference", () => {
    expect(refusal({ upstreams: { a: { ...http, auth: { type: "bearer", token: { env: "1X" } } } } }).issues).toEqual([
      { pointer: "/upstreams/a/auth/token/env", message: "must be an environment variable name (letters, digits and '_', not starting with a digit)" },
    ]);
    expect(refusal({ upstreams: { a: { ...http, auth: { type: "bearer", token: { evn: "X" } } } } }).issues.map((i) => i.pointer)).toContain("/upstreams/a/auth/token/evn");
  });

  it("reads the requestState secret: MRTR_STATE_SECRET when set, the named variable, which must then be set", () => {
    expect(parseGatewayConfig({ upstreams: { a: http } }, { env: {} }).gateway.server).toBeUndefined();
    expect(parseGatewayConfig({ upstreams: { a: http } }, { env: { MRTR_STATE_SECRET: SECRET } }).gateway.server).toEqual({ requestState: { secrets: [SECRET] } });
    const named = parseGatewayConfig({ upstreams: { a: http }, front: { stateSecretEnv: "GW_SECRET" } }, { env: { GW_SECRET: SECRET, GW_SECRET_PREVIOUS: "p".repeat(32) } });
    expect(named.gateway.server).toEqual({ requestState: { secrets: [SECRET, "p".repeat(32)] } });
    expect(named.front).toEqual({ stateSecretEnv: "GW_SECRET" });
    const unset = refusal({ upstreams: { a: http }, front: { stateSecretEnv: "GW_SECRET" } });
    expect(unset.issues).toEqual([{ pointer: "/front/stateSecretEnv", message: expect.stringContaining("GW_SECRET is not set") }]);
    const weak = refusal({ upstreams: { a: http } }, { MRTR_STATE_SECRET: "short" });
    expect(weak.issues).toEqual([{ pointer: "", message: expect.stringMatching(/^the requestState secret: MRTR_STATE_SECRET is 5 bytes/) }]);
  });

  it("checks what the schema cannot: policies naming unknown upstreams, namespace false with two upstreams, an Authorization header", () => {
    const error = refusal({
      upstreams: { a: { ...http, headers: { Authorization: "Bearer x" } }, b: http },
      namespace: false,
      policy: [{ upstreams: ["a", "c"], effect: "allow" }],
    });
    expect(error.issues).toEqual([
      { pointer: "/upstreams/a/headers/Authorization", message: expect.stringContaining('"auth"') },
      { pointer: "/namespace", message: expect.stringContaining("exactly one upstream (this file has 2)") },
      { pointer: "/policy/0/upstreams/1", message: "names no upstream of this file (its upstreams: a, b)" },
    ]);
  });
});
