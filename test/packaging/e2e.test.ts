/**
 * The installed packages run: fixtures/e2e.ts (a zod-typed tool that asks
 * one question, served over loopback HTTP by the Node adapter, called by
 * the client over httpTransport) with each consumer's peers, on the Node
 * running the suite and on the lowest Node the packages' `engines` allow.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { run } from "./command.js";
import { packaging } from "./context.js";

const { root, consumers, nodeFloor } = packaging();

/** The fixture as JavaScript; its types are checked by types.test.ts. */
const script = ts.transpileModule(readFileSync(join(root, "test/packaging/fixtures/e2e.ts"), "utf8"), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;

const nodes = [
  { label: `Node ${process.versions.node} (current)`, binary: process.execPath },
  ...("binary" in nodeFloor ? [{ label: `Node ${nodeFloor.version} (engines floor)`, binary: nodeFloor.binary }] : []),
];

interface Report {
  node: string;
  tools: { name: string; inputSchema: { properties?: Record<string, unknown> } }[];
  asked: string[];
  events: string[];
  result: { content: unknown[]; structuredContent?: unknown; isError?: boolean };
  invalid: { isError?: boolean };
  logWithoutData: boolean;
}

describe.each(consumers)("consumer with $label", (consumer) => {
  const dir = join(consumer.dir, "checks", "e2e");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "e2e.js"), script);

  it.each(nodes)("a multi round-trip tool call over HTTP completes on $label", async ({ binary }) => {
    const { code, output } = await run(binary, [join(dir, "e2e.js")], { cwd: dir, env: { ...process.env, NODE_OPTIONS: "" }, timeoutMs: 60_000 });
    expect(code, output).toBe(0);
    const report = JSON.parse(output.trim().split("\n").at(-1)!) as Report;
    expect(report.tools.map((t) => t.name)).toEqual(["cancel_order"]);
    expect(report.tools[0]!.inputSchema.properties).toEqual({ orderId: { type: "string", minLength: 1 } });
    expect(report.asked).toEqual(["Cancel order A-1001?"]);
    expect(report.events).toEqual(expect.arrayContaining(["input_required", "answered", "completed"]));
    expect(report.result.content).toEqual([{ type: "text", text: "Cancelled A-1001: duplicate" }]);
    expect(report.result.structuredContent).toEqual({ cancelled: true });
    expect(report.result.isError ?? false).toBe(false);
    expect(report.invalid.isError, "arguments that fail the zod inputSchema are a tool error").toBe(true);
    expect(report.logWithoutData, "a required z.unknown() key may be missing: this zod is too old for the validators").toBe(false);
  });

  if ("skipped" in nodeFloor) it.skip(`the same on the lowest Node engines allow: ${nodeFloor.skipped}`, () => {});
});
