/**
 * classifyMessage (`@mrtr/zod/checks`) is parseMessage's classification
 * without zod: the same verdict, code, summary and first issue for any
 * input, and a bundle of it carries no zod.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMessage } from "@mrtr/zod";
import { classifyMessage } from "@mrtr/zod/checks";
import { bundleApp } from "../../../test/helpers/bundle.js";

const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } };
/** Valid messages of each kind, to mutate. */
const bases: Record<string, unknown>[] = [
  { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "deploy", arguments: { env: "prod" }, _meta: meta } },
  { jsonrpc: "2.0", id: "a", method: "tools/list", params: { _meta: meta } },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7, reason: "no" } },
  { jsonrpc: "2.0", id: 7, result: { resultType: "complete", content: [{ type: "text", text: "ok" }] } },
  { jsonrpc: "2.0", id: 7, error: { code: -32021, message: "missing", data: { requiredCapabilities: { elicitation: {} } } } },
];

/** A base with one value somewhere replaced by an arbitrary JSON value. */
const mutated = fc
  .tuple(fc.constantFrom(...bases), fc.array(fc.constantFrom("params", "result", "error", "_meta", "name", "arguments", "content", "0", "id", "method", "code", "data"), { maxLength: 3 }), fc.jsonValue({ maxDepth: 3 }))
  .map(([base, path, value]) => {
    const copy = structuredClone(base) as Record<string, unknown>;
    let at: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      const next = at[key];
      if (typeof next !== "object" || next === null) break;
      at = next as Record<string, unknown>;
    }
    at[path.at(-1) ?? "jsonrpc"] = value;
    return copy;
  });

describe("classifyMessage", () => {
  it("gives parseMessage's verdict, code, summary and first issue on mutated messages of every kind, and on any JSON", () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...bases)), fc.constantFrom(undefined, "tools/call", "tools/list"), (message, method) => {
        const options = method === undefined ? {} : { method };
        expect(classifyMessage(message, options)).toEqual(parseMessage(message, options));
      }),
      { seed: 41_0040, numRuns: 2_000 },
    );
  });

  it("reads JSON text as parseMessage does, a parse error included", () => {
    expect(classifyMessage(JSON.stringify(bases[0]))).toEqual(parseMessage(JSON.stringify(bases[0])));
    expect(classifyMessage("{nope")).toEqual(parseMessage("{nope"));
    expect(classifyMessage("{nope")).toMatchObject({ ok: false, code: -32700 });
  });

  it("carries no zod in a bundle (what a server that only needs verdicts loads)", async () => {
    const bundle = await bundleApp(`import { classifyMessage } from "@mrtr/zod/checks";\nconsole.log(classifyMessage("{}").ok);\n`, { source: true });
    expect(bundle.inputs.filter((i) => /node_modules\/zod\//.test(i) || /validators\.gen/.test(i))).toEqual([]);
  });
});
