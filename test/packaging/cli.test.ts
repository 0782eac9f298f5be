/**
 * `npx mrtr` from the packed tarballs, installed (by the suite's setup) into
 * the tools project outside the workspace: validate and lint-trace work and
 * exit as documented, and models finds quicktype-core.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packaging } from "./context.js";

const tools = packaging().tools;
if (!tools) throw new Error("the packaging setup installed no tools project: is @mrtr/cli still a package with a bin?");
const project = tools.dir;

const mrtr = (args: string[], input?: string) => {
  const r = spawnSync("npx", ["--no-install", "mrtr", ...args], { cwd: project, encoding: "utf8", ...(input !== undefined && { input }) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } };
const call = (id: number, extra = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "greet", ...extra, _meta: meta } });

describe("mrtr from a packed tarball, outside the workspace", () => {
  it("is installed from tarballs, not linked to the workspace", () => {
    const installed = join(project, "node_modules/@mrtr/cli");
    expect(existsSync(join(installed, "dist/bin.js"))).toBe(true);
    expect(existsSync(join(installed, "src"))).toBe(false);
    expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).bin).toEqual({ mrtr: "dist/bin.js" });
  });

  it("npx mrtr validate: exit 0 on valid messages, 1 on invalid ones with the pointer, 2 on a missing file; reads stdin", () => {
    const good = join(project, "good.jsonl");
    writeFileSync(good, `${JSON.stringify(call(1))}\n`);
    const bad = join(project, "bad.json");
    writeFileSync(bad, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { _meta: meta } }, null, 2));
    expect(mrtr(["validate", good])).toMatchObject({ code: 0, stdout: "1 file, 1 message: 0 invalid, 0 errors, 0 warnings\n" });
    const r = mrtr(["validate", bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/bad\.json:\d+:\d+: error: \/params\/name: /);
    expect(mrtr(["validate", "missing.jsonl"]).code).toBe(2);
    expect(mrtr(["validate", "--format", "json", "-"], `${JSON.stringify(call(3))}\n`)).toMatchObject({ code: 0 });
  });

  it("npx mrtr lint-trace: exit 1 on a retry that alters requestState, citing the spec page; 0 on the faithful retry", () => {
    const ask = { jsonrpc: "2.0", id: 1, result: { resultType: "input_required", requestState: "opaque-1", inputRequests: { who: { method: "elicitation/create", params: { message: "Name?", requestedSchema: { type: "object", properties: { n: { type: "string" } } } } } } } };
    const answer = { who: { action: "accept", content: { n: "Ada" } } };
    const trace = (state: string) =>
      [{ direction: "client-to-server", message: call(1) }, { direction: "server-to-client", message: ask }, { direction: "client-to-server", message: call(2, { inputResponses: answer, requestState: state }) }]
        .map((r) => JSON.stringify(r))
        .join("\n");
    writeFileSync(join(project, "tampered.jsonl"), trace("opaque-2"));
    writeFileSync(join(project, "faithful.jsonl"), trace("opaque-1"));
    const r = mrtr(["lint-trace", "tampered.jsonl"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("[request-state-echo, spec: basic/patterns/mrtr.mdx:254]");
    expect(mrtr(["lint-trace", "faithful.jsonl"]).code).toBe(0);
  });

  it("npx mrtr models: generates with the installed quicktype-core", () => {
    const r = mrtr(["models", "--lang", "typescript", "-o", "models"]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(project, "models/mcp-models.ts"), "utf8")).toContain("quicktype-core 26.0.0");
  });
});
