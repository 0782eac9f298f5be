/**
 * The shape the hand-written code keeps (architecture.md, "Tests"): no
 * import circle between modules (type-only imports count: a circle of types
 * is a circle of concepts), and no function over 100 lines unless a comment
 * beside it says why (`Long because …`, in its doc comment, the comment
 * just above it, or the comment that opens its body). Generated files (`*.gen.ts`) are left out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/paths.js";

const MAX_LINES = 100;

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
  .split("\n")
  .filter((f) => /^(packages\/[^/]+\/src|examples\/[^/]+\/src|scripts)\/.*\.tsx?$/.test(f) && !f.endsWith(".gen.ts") && !f.endsWith(".d.ts") && existsSync(join(repoRoot, f)));

const parsed = new Map(files.map((f) => [f, ts.createSourceFile(f, readFileSync(join(repoRoot, f), "utf8"), ts.ScriptTarget.Latest, true)]));

/** The repository files a module imports or re-exports by a relative specifier (`./x.js` is `./x.ts`). */
function importsOf(file: string, source: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue;
    const base = normalize(join(dirname(file), specifier.text)).replace(/\.js$/, "");
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => parsed.has(f));
    if (target) out.push(target);
  }
  return out;
}

/** The strongly connected groups of more than one module (Tarjan's algorithm): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Functions (declarations, expressions, arrows, methods) over `MAX_LINES` lines with no `Long because` beside them. */
function longFunctions(file: string, source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
      if (lines > MAX_LINES && !explained(source, node)) out.push(`${file}:${first + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Whether the comments just before the function, before the statement holding it, or opening its body say `Long because`. */
function explained(source: ts.SourceFile, node: ts.FunctionLikeDeclaration): boolean {
  const body = node.body && ts.isBlock(node.body) ? node.body : undefined;
  const opening = body ? ts.getLeadingCommentRanges(source.text, (body.statements[0] ?? body.getLastToken(source))?.getFullStart() ?? body.end) ?? [] : [];
  if (opening.some((c) => /Long because/.test(source.text.slice(c.pos, c.end)))) return true;
  for (let n: ts.Node | undefined = node; n && n !== source; n = n.parent) {
    const comments = ts.getLeadingCommentRanges(source.text, n.getFullStart()) ?? [];
    if (comments.some((c) => /Long because/.test(source.text.slice(c.pos, c.end)))) return true;
    if (ts.isStatement(n) || ts.isClassElement(n)) break;
  }
  return false;
}

describe("the shape of the hand-written code", () => {
  it("reads the modules it judges (a control: hundreds of them, and a known import)", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(importsOf("packages/server/src/index.ts", parsed.get("packages/server/src/index.ts")!).length).toBeGreaterThan(5);
    expect(circles(new Map([["a", ["b"]], ["b", ["a"]], ["c", ["a"]]]))).toEqual([["a", "b"]]);
  });

  it("has no import circle between hand-written modules", () => {
    const graph = new Map([...parsed].map(([file, source]) => [file, importsOf(file, source)]));
    expect(circles(graph).map((group) => group.join(" -> "))).toEqual([]);
  });

  it(`has no function over ${MAX_LINES} lines without a reason beside it ("Long because …")`, () => {
    expect([...parsed].flatMap(([file, source]) => longFunctions(file, source))).toEqual([]);
  });
});
