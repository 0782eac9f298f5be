import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/main.js";
import { QUESTIONS } from "../src/survey-server.js";

/** One span line of the printed tree, with its place in it. */
interface Node {
  readonly name: string;
  readonly kind: string;
  readonly participant: string;
  readonly round: number | undefined;
  readonly children: Node[];
}

const SPAN_LINE = /^(?<indent>(?: {2})+)(?<name>.+?) \[(?<kind>\w+)\] @(?<participant>\S+)(?: round (?<round>\d+))?(?: → \S+)? \d+\.\d ms$/;

/** The span lines of `text` as trees (the roots: lines indented once), each line under the last line one level less indented. */
function parseTree(text: string): Node[] {
  const roots: Node[] = [];
  const open: Node[] = []; // open[d] is the last node seen at depth d + 1
  for (const line of text.split("\n")) {
    const m = SPAN_LINE.exec(line)?.groups;
    if (!m) continue;
    const depth = m.indent!.length / 2;
    const node: Node = { name: m.name!, kind: m.kind!, participant: m.participant!, round: m.round === undefined ? undefined : Number(m.round), children: [] };
    (depth === 1 ? roots : open[depth - 2]!.children).push(node);
    open.length = depth - 1;
    open.push(node);
  }
  return roots;
}

const questions = Object.keys(QUESTIONS).length;
let text: string;
let roots: Node[];
let call: Node;

beforeAll(async () => {
  text = await main(() => {});
  roots = parseTree(text);
  call = roots[0]!;
});

describe("examples/otel-console: one MRTR flow over two instances, printed as a trace tree", () => {
  it("runs the flow to its end: the tool's answer is printed", () => {
    expect(text.split("\n")[0]).toBe("result: Ada, Lyon, teal");
  });

  it("prints one trace, and says so on its last line", () => {
    expect(text.split("\n").filter((line) => line.startsWith("trace "))).toHaveLength(1);
    expect(text.split("\n").at(-1)).toBe("traces: 1");
  });

  it("has the call's span, and only it, at the root", () => {
    expect(roots).toHaveLength(1);
    expect(call).toMatchObject({ name: "tools/call survey", kind: "internal", participant: "host", round: undefined });
  });

  it("has a CLIENT span under the call for each round (one per question, and the completing one), each with one SERVER child of the same round", () => {
    const rounds = call.children.filter((n) => n.kind === "client");
    expect(rounds.map((n) => n.round)).toEqual(Array.from({ length: questions + 1 }, (_, i) => i + 1));
    for (const round of rounds) {
      expect(round.children).toHaveLength(1);
      expect(round.children[0]).toMatchObject({ name: "tools/call survey", kind: "server", round: round.round });
    }
  });

  it("serves the rounds on the two instances in turn", () => {
    const servedBy = call.children.filter((n) => n.kind === "client").map((n) => n.children[0]?.participant);
    expect(servedBy).toEqual(["survey/a", "survey/b", "survey/a", "survey/b"]);
  });

  it("has an mrtr.input span under the call for each wait for answers (one per question)", () => {
    const waits = call.children.filter((n) => n.name === "mrtr.input");
    expect(waits.map((n) => [n.kind, n.round, n.children.length])).toEqual(Array.from({ length: questions }, (_, i) => ["internal", i + 1, 0]));
  });

  it("can run again: a run releases the global context manager it registered, and the next one records a trace of its own", async () => {
    const again = await main(() => {});
    const traceIdOf = (t: string) => t.split("\n").find((line) => line.startsWith("trace "));
    expect(again.split("\n").at(-1)).toBe("traces: 1");
    expect(traceIdOf(again)).not.toBe(traceIdOf(text));
  });
});
