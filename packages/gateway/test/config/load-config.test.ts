/** loadGatewayConfig: the example file, JSON syntax errors with line and column, relative cwd from the file's folder. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GatewayConfigError, loadGatewayConfig } from "../../src/config/index.js";

const EXAMPLE = resolve(import.meta.dirname, "../../examples/gateway.json");
const dir = mkdtempSync(join(tmpdir(), "mrtr-gateway-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

async function refusal(path: string, env: Record<string, string> = {}): Promise<GatewayConfigError> {
  const error = await loadGatewayConfig(path, { env }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GatewayConfigError);
  return error as GatewayConfigError;
}

describe("loadGatewayConfig", () => {
  it("loads the example file, its stdio upstream run from the examples folder", async () => {
    const { gateway } = await loadGatewayConfig(EXAMPLE, { env: { DOCS_TOKEN: "t" } });
    expect(gateway.upstreams.echo).toEqual({ command: "node", args: ["fixtures/echo-server.mjs"], cwd: resolve(import.meta.dirname, "../../examples"), start: "boot" });
    expect(gateway.upstreams.docs).toMatchObject({ url: "https://docs.example.com/mcp", auth: { type: "bearer", token: "t" } });
    expect(gateway.name).toBe("example-gateway");
  });

  it("names the example's missing variable and the file", async () => {
    const error = await refusal(EXAMPLE);
    expect(error.message).toContain(`The gateway configuration ${EXAMPLE} has a problem:`);
    expect(error.message).toContain("  /upstreams/docs/auth/token: the environment variable DOCS_TOKEN is not set");
  });

  it("says where JSON is broken, by line and column", async () => {
    const path = write("broken.json", '{\n  "upstreams": {\n    "a": { "url": "https://a.example/mcp", }\n  }\n}\n');
    const error = await refusal(path);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.message).toMatch(/^is not valid JSON: .* at line 3, column \d+/);
    const truncated = await refusal(write("truncated.json", '{ "upstreams": {'));
    expect(truncated.issues[0]!.message).toMatch(/line 1, column \d+/);
  });

  it("says when the file cannot be read", async () => {
    const error = await refusal(join(dir, "absent.json"));
    expect(error.issues).toEqual([{ pointer: "", message: "cannot be read: there is no such file" }]);
  });

  it("takes a relative cwd from the file's folder", async () => {
    const path = write("rel.json", JSON.stringify({ upstreams: { s: { command: "node", cwd: "sub/dir" } } }));
    expect((await loadGatewayConfig(path, { env: {} })).gateway.upstreams.s).toEqual({ command: "node", cwd: join(dir, "sub/dir") });
  });
});
