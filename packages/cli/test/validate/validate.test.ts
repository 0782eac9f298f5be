import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { invalidExamples, validExamples } from "../../../../test/helpers/examples.js";
import { jsonl, req, res, run, tempDir } from "../helpers.js";

const tmp = tempDir();

describe("mrtr validate --type", () => {
  it("accepts every example of schema/examples/ as its own type, and rejects every example of schema/examples-invalid/", async () => {
    const byType = new Map<string, { valid: string[]; invalid: string[] }>();
    for (const [list, key] of [[validExamples(), "valid"], [invalidExamples(), "invalid"]] as const) {
      for (const e of list) {
        const entry = byType.get(e.type) ?? { valid: [], invalid: [] };
        entry[key].push(tmp.write(`${key}-${e.type}-${e.name}.json`, JSON.stringify(e.data, null, 2)));
        byType.set(e.type, entry);
      }
    }
    for (const [type, { valid, invalid }] of byType) {
      if (valid.length > 0) {
        const r = await run(["validate", "--type", type, "--format", "json", ...valid]);
        expect(r.json().filter((f) => f.type === "finding" && f.severity === "error"), type).toEqual([]);
        expect(r.code, type).toBe(0);
      }
      for (const file of invalid) {
        const r = await run(["validate", "--type", type, "--format", "json", file]);
        expect(r.code, file).toBe(1);
        expect(r.json().at(-1), file).toMatchObject({ type: "summary", invalid: 1 });
      }
    }
  });

  it("refuses an unknown type with exit 2 and suggests close names", async () => {
    const r = await run(["validate", "--type", "CallTool", tmp.write("x.json", "{}")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown type "CallTool"\. Did you mean .*CallToolRequest/);
  });
});

describe("mrtr validate: classifying messages", () => {
  it("validates requests by method and a response against its request's method when the request came earlier in the file", async () => {
    const badListResult = res(7, { resultType: "complete", ttlMs: 0, cacheScope: "private" }); // tools/list results need `tools`
    const paired = await run(["validate", "--format", "json", tmp.write("pair.jsonl", jsonl(req(7, "tools/list"), badListResult))]);
    expect(paired.code).toBe(1);
    expect(paired.json()[0]).toMatchObject({ line: 2, rule: "message-schema", schemaType: "ListToolsResultResponse" });
    expect(paired.json().map((f) => f.pointer)).toContain("/result/tools");
    const alone = await run(["validate", tmp.write("alone.jsonl", jsonl(badListResult))]);
    expect(alone.code).toBe(0);
  });

  it("names the pointer, line and column of a problem inside a .json file", async () => {
    const message = req(1, "tools/call", { name: 42 });
    const file = tmp.write("call.json", JSON.stringify(message, null, 2));
    const r = await run(["validate", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${file}:6:13: error: /params/name: Expected string, received number [message-schema, CallToolRequest, invalid_type]`);
  });

  it("splits a .json array into messages and points into the array", async () => {
    const file = tmp.write("many.json", JSON.stringify([req(1, "tools/list"), { jsonrpc: "2.0", id: 2, method: "nope", params: {} }], null, 1));
    const r = await run(["validate", "--format", "json", file]);
    expect(r.json()).toMatchObject([{ pointer: "/1/method", rule: "message-schema" }, { type: "summary", messages: 2, invalid: 1 }]);
  });

  it("keeps reading after a line that is not JSON, and counts every line", async () => {
    const file = tmp.write("mixed.jsonl", jsonl(req(1, "tools/list"), "{oops", req(2, "tools/call", {}), "", req(3, "prompts/list")));
    const r = await run(["validate", "--format", "json", file]);
    const findings = r.json().filter((f) => f.type === "finding");
    expect(findings.map((f) => [f.line, f.rule])).toEqual([
      [2, "invalid-json"],
      [3, "message-schema"],
    ]);
    expect(r.json().at(-1)).toMatchObject({ messages: 4, invalid: 2 });
    expect(r.code).toBe(1);
  });

  it("validates the message of each trace record, pointing below /message", async () => {
    const r = await run(["validate", "--format", "json", tmp.write("trace.jsonl", jsonl({ direction: "client-to-server", message: req(1, "tools/call", {}) }))]);
    expect(r.json()[0]).toMatchObject({ pointer: "/message/params/name", line: 1 });
  });
});

describe("mrtr validate: the full protocol", () => {
  it("accepts deprecated features (sampling, roots, logging) with a warning naming the removal date; --strict fails them", async () => {
    const call = req(1, "tools/call", { name: "t" }, { sampling: { tools: {} }, roots: {} });
    const log = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "hi" } };
    const file = tmp.write("deprecated.jsonl", jsonl(call, log));
    const r = await run(["validate", "--format", "json", file]);
    expect(r.code).toBe(0);
    const warnings = r.json().filter((f) => f.type === "finding");
    expect(warnings.map((f) => [f.line, f.pointer, f.severity, f.cite])).toEqual([
      [1, "/params/_meta/io.modelcontextprotocol~1clientCapabilities/sampling", "warning", "client/sampling.mdx"],
      [1, "/params/_meta/io.modelcontextprotocol~1clientCapabilities/roots", "warning", "client/roots.mdx"],
      [2, "", "warning", "server/utilities/logging.mdx"],
    ]);
    expect(warnings[0]!.message).toContain("2027-07-28");
    expect((await run(["validate", "--strict", file])).code).toBe(1);
  });

  it("rejects a malformed deprecated field that the core validators, which do not know it, would let through", async () => {
    const r = await run(["validate", "--format", "json", tmp.write("bad-sampling.jsonl", jsonl(req(1, "tools/call", { name: "t" }, { sampling: 5 })))]);
    expect(r.code).toBe(1);
    expect(r.json()[0]).toMatchObject({ pointer: "/params/_meta/io.modelcontextprotocol~1clientCapabilities/sampling", rule: "message-schema" });
  });

  it("flags a deprecated input request inside an input_required result", async () => {
    const result = res(3, { resultType: "input_required", inputRequests: { s: { method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } } } });
    const r = await run(["validate", "--format", "json", tmp.write("ir.jsonl", jsonl(req(3, "tools/call", { name: "t" }), result))]);
    expect(r.json()[0]).toMatchObject({ line: 2, pointer: "/result/inputRequests/s", rule: "deprecated-feature", schemaType: "CallToolResultResponse" });
  });
});

describe("mrtr validate: input, limits and exit codes", () => {
  it("streams stdin, whatever the chunking, with CRLF line ends and line numbers intact", async () => {
    const text = jsonl(req(1, "tools/list"), req(2, "tools/call", {}), req(3, "tools/list")).replace(/\n/g, "\r\n");
    const chunks = text.match(/[\s\S]{1,7}/g)!; // 7-byte chunks split lines and CRLFs
    const r = await run(["validate", "--format", "json", "-"], chunks);
    expect(r.json().filter((f) => f.type === "finding").map((f) => f.line)).toEqual([2]);
    expect(r.json().at(-1)).toMatchObject({ messages: 3 });
  });

  it("reads many messages from a stream without holding them (20 000 lines through a generator)", async () => {
    const lines = (function* () {
      for (let i = 0; i < 20_000; i++) yield `${JSON.stringify(req(i, i % 1000 === 999 ? "tools/call" : "tools/list"))}\n`;
    })();
    const r = await run(["validate", "--format", "json", "-"], Readable.from(lines));
    expect(r.json().at(-1)).toMatchObject({ messages: 20_000, invalid: 20 });
  });

  it("skips and reports a line over --max-line-bytes, a line that is not UTF-8, and a message nested over --max-depth", async () => {
    const deep = { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "t", arguments: { a: JSON.parse("[".repeat(30) + "]".repeat(30)) } } };
    const file = tmp.write(
      "limits.jsonl",
      Buffer.concat([Buffer.from(jsonl(req(1, "tools/list", { cursor: "x".repeat(500) }))), Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from(jsonl(deep, req(2, "tools/list")))]),
    );
    const r = await run(["validate", "--format", "json", "--max-line-bytes", "300", "--max-depth", "20", file]);
    expect(r.json().filter((f) => f.type === "finding").map((f) => [f.line, f.rule])).toEqual([
      [1, "line-too-long"],
      [2, "invalid-utf8"],
      [3, "too-deep"],
    ]);
    expect(r.json().at(-1)).toMatchObject({ messages: 4, invalid: 3 });
  });

  it("refuses a .json file over --max-file-bytes", async () => {
    const r = await run(["validate", "--format", "json", "--max-file-bytes", "10", tmp.write("big.json", JSON.stringify(req(1, "tools/list")))]);
    expect(r.json()[0]).toMatchObject({ rule: "file-too-large" });
    expect(r.code).toBe(1);
  });

  it("exits 2 on a missing file (after checking the others), an unknown option, or no file", async () => {
    const good = tmp.write("good.jsonl", jsonl(req(1, "tools/list")));
    const missing = await run(["validate", "--format", "json", "/nonexistent/x.jsonl", good]);
    expect(missing.code).toBe(2);
    expect(missing.json()).toMatchObject([{ type: "file-error", file: "/nonexistent/x.jsonl" }, { type: "summary", files: 2, messages: 1, unreadable: 1 }]);
    expect((await run(["validate", "--colour", good])).code).toBe(2);
    expect((await run(["validate"])).stderr).toMatch(/needs at least one FILE/);
    expect((await run(["validate", "--max-depth", "0", good])).code).toBe(2);
    expect((await run(["frobnicate"])).code).toBe(2);
  });
});

describe("mrtr validate: output formats", () => {
  it("writes GitHub annotations with the file, line, column and rule, escaping what workflow commands need escaped", async () => {
    const file = tmp.write("gh,1.json", JSON.stringify(req(1, "tools/call", { name: 1 }), null, 2));
    const r = await run(["validate", "--format", "github", file]);
    const [annotation, summary] = r.stdout.trim().split("\n");
    expect(annotation).toBe(`::error file=${file.replace(/,/g, "%2C")},line=6,col=13,title=mrtr message-schema::/params/name: Expected string, received number (CallToolRequest)`);
    expect(summary).toBe("1 file, 1 message: 1 invalid, 1 error, 0 warnings");
  });
});

describe("deprecations table", () => {
  it("names the feature of every definition and field the schema marks deprecated, and nothing else", async () => {
    const { deprecatedNodes, FEATURE_OF } = await import("../../src/validate/deprecations.js");
    expect(deprecatedNodes().sort()).toEqual(Object.keys(FEATURE_OF).sort());
  });
});
