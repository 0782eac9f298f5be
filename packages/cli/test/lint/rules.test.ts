import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULES, type RuleId } from "../../src/lint/rules/catalogue.js";
import { TraceLinter } from "../../src/lint/lint-trace.js";
import { repoRoot } from "../../../../test/helpers/paths.js";
import { jsonl, run, tempDir } from "../helpers.js";
import { CORPUS } from "./corpus.js";

const lint = (records: unknown[]) => {
  const linter = new TraceLinter();
  return records.flatMap((r, i) => linter.lint(r, i + 1));
};

describe("lint-trace rules: a failing and a passing trace for each", () => {
  it("has a pair of traces for every rule in the catalogue", () => {
    expect(Object.keys(CORPUS).sort()).toEqual(Object.keys(RULES).sort());
  });

  for (const rule of Object.keys(RULES) as RuleId[]) {
    it(`${rule}: the failing trace breaks it, the passing trace is clean`, () => {
      const failing = lint(CORPUS[rule].fail);
      const hit = failing.filter((f) => f.rule === rule);
      expect(hit.length, JSON.stringify(failing, null, 1)).toBeGreaterThan(0);
      for (const f of hit) {
        expect(f.severity).toBe(RULES[rule].severity);
        expect(f.cite).toBeTruthy();
        expect(f.message.length).toBeGreaterThan(10);
      }
      expect(lint(CORPUS[rule].pass)).toEqual([]);
    });
  }
});

describe("lint-trace: details of the rules", () => {
  it("matches a retry to the round whose requestState it carries, among concurrent flows of one tool", () => {
    const call = (id: number, extra = {}) => ({ direction: "client-to-server", message: { jsonrpc: "2.0", id, method: "tools/call", params: { name: "t", ...extra, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } } } } });
    const ask = (id: number, state: string, key: string) => ({ direction: "server-to-client", message: { jsonrpc: "2.0", id, result: { resultType: "input_required", requestState: state, inputRequests: { [key]: { method: "elicitation/create", params: { message: "?", requestedSchema: { type: "object", properties: {} } } } } } } });
    const answer = (key: string) => ({ [key]: { action: "cancel" } });
    const trace = [call(1), call(2), ask(1, "A", "a"), ask(2, "B", "b"), call(3, { requestState: "A", inputResponses: answer("a") }), call(4, { requestState: "B", inputResponses: answer("b") })];
    expect(lint(trace)).toEqual([]);
    const swapped = [call(1), call(2), ask(1, "A", "a"), ask(2, "B", "b"), call(3, { requestState: "B", inputResponses: answer("a") })];
    expect(lint(swapped).map((f) => f.rule)).toEqual(["input-responses-keys", "input-responses-complete"]);
  });

  it("keeps the ids and rounds of different peers apart in one trace", () => {
    const [list, done] = CORPUS["request-id-in-flight"].fail as [Record<string, unknown>, Record<string, unknown>];
    expect(lint([list, done]).map((f) => f.rule)).toEqual(["request-id-in-flight"]);
    expect(lint([{ ...list, peer: "alice" }, { ...done, peer: "bob" }])).toEqual([]);
    const [call, ask, retry] = CORPUS["request-state-echo"].pass as Record<string, unknown>[];
    expect(lint([{ ...call, peer: "alice" }, { ...ask, peer: "alice" }, { ...retry, peer: "bob" }]).map((f) => f.rule)).toEqual(["request-state-unasked", "input-responses-keys"]);
  });

  it("requires sampling.tools for a sampling request that carries tools, and roots for roots/list", () => {
    const caps = { sampling: {} };
    const trace = [
      { direction: "client-to-server", message: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": caps } } } },
      {
        direction: "server-to-client",
        message: {
          jsonrpc: "2.0",
          id: 1,
          result: {
            resultType: "input_required",
            requestState: "s",
            inputRequests: {
              s: { method: "sampling/createMessage", params: { messages: [], maxTokens: 5, tools: [{ name: "x", inputSchema: { type: "object" } }] } },
              r: { method: "roots/list" },
            },
          },
        },
      },
    ];
    const findings = lint(trace).filter((f) => f.rule === "input-request-capability");
    expect(findings.map((f) => [f.pointer, f.cite])).toEqual([
      ["/message/result/inputRequests/s", "client/sampling.mdx:52"],
      ["/message/result/inputRequests/r", "client/roots.mdx:40"],
    ]);
  });

  const spec = join(repoRoot, "../shared/upstream/spec");
  const hasSpec = existsSync(spec);
  it.skipIf(!hasSpec)(`cites, for every rule, a page that exists in the draft's specification, and a line inside it${hasSpec ? "" : " [skipped: ../shared/upstream/spec is absent (a clone outside the workplace)]"}`, () => {
    const cites = [...Object.values(RULES).map((r) => r.cite), "client/elicitation.mdx:81", "client/sampling.mdx:52", "client/sampling.mdx:56", "client/roots.mdx:40", "basic/transports/streamable-http.mdx:257", "basic/transports/streamable-http.mdx:295", "basic/transports/streamable-http.mdx:498", "basic/transports/streamable-http.mdx:564"];
    for (const cite of cites) {
      if (cite.startsWith("docs/") || cite === "schema.mdx") continue; // our own page; the schema reference page is generated upstream, not in the folder
      const [page, line] = cite.split(":");
      const file = join(spec, page!);
      expect(existsSync(file), cite).toBe(true);
      if (line) expect(readFileSync(file, "utf8").split("\n").length, cite).toBeGreaterThanOrEqual(Number(line));
    }
  });
});

describe("mrtr lint-trace (command)", () => {
  const tmp = tempDir();

  it("exits 1 on a failing trace naming rule and spec page, 0 on a passing one, 2 on a bad option; lists its rules", async () => {
    const fail = tmp.write("fail.jsonl", jsonl(...CORPUS["retry-new-id"].fail));
    const r = await run(["lint-trace", fail]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${fail}:3: error: /message/id: The retry reuses id 1 of the request it retries (line 1); a retry is a new request with a new id [retry-new-id, spec: basic/patterns/mrtr.mdx:256]`);
    expect((await run(["lint-trace", tmp.write("pass.jsonl", jsonl(...CORPUS["retry-new-id"].pass))])).code).toBe(0);
    expect((await run(["lint-trace", "--disable", "retry-new-id", fail])).code).toBe(0);
    expect((await run(["lint-trace", "--disable", "no-such-rule", fail])).code).toBe(2);
    const list = await run(["lint-trace", "--list-rules"]);
    for (const id of Object.keys(RULES)) expect(list.stdout).toContain(id);
  });

  it("keeps linting after a line that is not JSON, and reports warnings without failing unless --strict", async () => {
    const file = tmp.write("mixed.jsonl", jsonl(...CORPUS["deprecated-feature"].fail, "not json", ...CORPUS["server-request"].pass));
    const r = await run(["lint-trace", "--format", "json", file]);
    expect(r.json().map((f) => f.rule ?? f.type)).toEqual(["deprecated-feature", "trace-record", "summary"]);
    const warnOnly = tmp.write("warn.jsonl", jsonl(...CORPUS["deprecated-feature"].fail));
    expect((await run(["lint-trace", warnOnly])).code).toBe(0);
    expect((await run(["lint-trace", "--strict", warnOnly])).code).toBe(1);
  });
});

describe("lint-trace: hostile traces", () => {
  it("never throws on any JSON value as a record, or as a record's message (fast-check, fixed seed)", async () => {
    const fc = (await import("fast-check")).default;
    const linter = new TraceLinter();
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom("client-to-server", "server-to-client"), fc.jsonValue(), (record, direction, message) => {
        expect(Array.isArray(linter.lint(record, 1))).toBe(true);
        expect(Array.isArray(linter.lint({ direction, message, headers: { "mcp-method": "tools/call" } }, 2))).toBe(true);
      }),
      { seed: 20260728, numRuns: 1000 },
    );
  });

  it("reports a message nested past maxDepth instead of walking it, and survives nesting past what the validators' recursion takes", () => {
    const deep = (n: number) => JSON.parse(`${"[".repeat(n)}${"]".repeat(n)}`);
    const message = (n: number) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", arguments: { a: deep(n) } } });
    expect(new TraceLinter({ maxDepth: 50 }).lint({ direction: "client-to-server", message: message(60) }, 1)).toMatchObject([{ rule: "message-schema", message: "Nested deeper than 50 levels; not checked" }]);
    const findings = new TraceLinter({ maxDepth: 1_000_000 }).lint({ direction: "client-to-server", message: message(200_000) }, 1);
    expect(findings.some((f) => f.rule === "message-schema")).toBe(true);
  });

  it("forgets the oldest requests past maxTracked instead of growing", () => {
    const linter = new TraceLinter({ maxTracked: 10 });
    const request = (id: number) => ({ direction: "client-to-server", message: { jsonrpc: "2.0", id, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } } });
    for (let i = 0; i < 1000; i++) linter.lint(request(i), i + 1);
    expect(linter.lint(request(0), 1001)).toEqual([]); // id 0 was forgotten, so its reuse is not seen
    expect(linter.lint(request(999), 1002).map((f) => f.rule)).toEqual(["request-id-in-flight"]);
  });
});
