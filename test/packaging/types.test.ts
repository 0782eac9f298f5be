/**
 * The installed packages typecheck as consumers compile them, with
 * `skipLibCheck: false` so the shipped declarations themselves are checked:
 * every entry point of every `exports` map, under NodeNext (but the
 * browser-only ones: no DOM there) and under Bundler (with the DOM), and
 * without Node's types for all but the Node-only entry points,
 * with a fetch-only server and a browser client written against them.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packaging, type Consumer } from "./context.js";
import { entryPoints, importAll, type EntryPoint } from "./entry-points.js";
import { bundler, Checker, nodeNext, reachableNodeTypes, web, type Setup } from "./typecheck.js";

const { root, packages, consumers, tools, nodeTypeRoots } = packaging();
/** Library entry points (packages without a `bin`), installed in every consumer. */
const libraries = packages.filter((p) => p.manifest.bin === undefined);
const entries = libraries.flatMap((p) => entryPoints(p.manifest));
/** Command-line packages' entry points: Node programs, installed in the tools project. */
const toolEntries = packages.filter((p) => p.manifest.bin !== undefined).flatMap((p) => entryPoints(p.manifest));
const fixtures = join(root, "test/packaging/fixtures");
/** Consumer code for Node: the end-to-end script. */
const NODE_FIXTURES = ["e2e.ts"];
/** Consumer code for fetch runtimes and browsers. */
const WEB_FIXTURES = ["fetch-server.ts", "web-client.ts"];

/**
 * Problems known to stand without @types/node, each matched by a pattern and
 * given with the reason. The check asserts each still occurs, so it turns red
 * once one is fixed: then delete it here.
 */
const KNOWN_WITHOUT_NODE_TYPES: { pattern: RegExp; reason: string }[] = [];

/** Writes a module importing `picked` and copies `fixtureNames` beside it, in a folder of the consumer; returns the files. */
function program(consumer: Consumer, name: string, picked: readonly EntryPoint[], fixtureNames: readonly string[]): string[] {
  const dir = join(consumer.dir, "checks", name);
  mkdirSync(dir, { recursive: true });
  const files = [join(dir, "entries.ts")];
  writeFileSync(files[0]!, importAll(picked));
  for (const fixture of fixtureNames) {
    copyFileSync(join(fixtures, fixture), join(dir, fixture));
    files.push(join(dir, fixture));
  }
  return files;
}

function checker(setup: Setup, consumer: Consumer): Checker {
  const installed = consumer.end === "tools" ? packages : libraries;
  return new Checker(setup.options, consumer.dir, installed.map((p) => join(consumer.dir, "node_modules", p.name)));
}

function expectClean(setup: Setup, consumer: Consumer, files: string[]): void {
  const problems = checker(setup, consumer).check(files);
  expect(problems, `${setup.label}: ${problems.length} problem(s)`).toEqual([]);
}

describe.each(consumers)("consumer with $label", (consumer) => {
  it("every entry point but the browser-only ones, and the Node script, typecheck under NodeNext with @types/node (no DOM)", () => {
    expectClean(nodeNext(nodeTypeRoots), consumer, program(consumer, "node-next", entries.filter((e) => !e.browserOnly), NODE_FIXTURES));
  });

  it("every entry point typechecks under Bundler with exactOptionalPropertyTypes", () => {
    expectClean(bundler(nodeTypeRoots), consumer, program(consumer, "bundler", entries, []));
  });

  describe("without @types/node (lib ES2022 + DOM)", () => {
    it("no @types/node is within reach of the consumer", () => {
      expect(reachableNodeTypes(consumer.dir)).toEqual([]);
    });

    const known = KNOWN_WITHOUT_NODE_TYPES.map((k) => `known exception: ${k.reason}`).join("; ");
    it(`every entry point that is not Node-only, a fetch-only server and a browser client typecheck${known ? ` (${known})` : ""}`, () => {
      const setup = web();
      const files = program(consumer, "web", entries.filter((e) => !e.nodeOnly), WEB_FIXTURES);
      const problems = checker(setup, consumer).check(files);
      const isKnown = (p: string) => KNOWN_WITHOUT_NODE_TYPES.some((k) => k.pattern.test(p));
      expect(problems.filter((p) => !isKnown(p)), `${setup.label}: problems`).toEqual([]);
      const fixed = KNOWN_WITHOUT_NODE_TYPES.filter((k) => !problems.some((p) => k.pattern.test(p)));
      expect(fixed.map((k) => k.reason), "no longer a problem: delete from KNOWN_WITHOUT_NODE_TYPES").toEqual([]);
    });
  });
});

describe.runIf(tools !== undefined)("the tools project", () => {
  it("every entry point of a command-line package typechecks under NodeNext with @types/node", () => {
    expectClean(nodeNext(nodeTypeRoots), tools!, program(tools!, "tools", toolEntries, []));
  });
});
