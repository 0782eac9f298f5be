/**
 * `npm run docs` fails on what the API reference must not have: a public
 * declaration or member without a doc comment, a `{@link}` without a target,
 * a public type naming one that is not in the reference, a start page that
 * does not say what each package is for. Each case builds the reference of a
 * one-package workspace written to a temporary folder, so it is the real
 * TypeDoc run (scripts/lib/api-reference.ts) that decides. The repository's
 * own start page is checked last: its words for every package, and, built
 * with the two packages it points a newcomer to, its links to the starting
 * points.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentedPackages, UNDOCUMENTED_PACKAGES } from "../../scripts/lib/api-entry-points.js";
import { buildApiReference } from "../../scripts/lib/api-reference.js";
import { API_START_PAGE, apiStartPage, PACKAGES_MARKER, readmePackageTable } from "../../scripts/lib/api-start-page.js";
import { publicPackages } from "../../scripts/lib/workspace.js";
import { repoRoot } from "../helpers/paths.js";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The fixture's README: its package table, which the start page quotes. */
const FIXTURE_README = "# fixture\n\n| package | what it holds |\n|---|---|\n| `@fixture/demo` | greetings for tests, in the [greeting format](docs/greetings.md) |\n";

/** The fixture's start page: where to begin, linked. */
const FIXTURE_START = `<!-- A note to the page's editors. -->\n\n# Fixture reference\n\n## The packages\n\n${PACKAGES_MARKER}\n\n## Where to begin\n\nCall {@link @fixture/demo!"@fixture/demo".greet | greet} with a {@link @fixture/demo!"@fixture/demo".Greeting | Greeting}.\n`;

/**
 * A workspace with one package, `@fixture/demo`, whose entry points are `.`
 * (index.ts) and `./extra` (extra.ts), and the README and start page the
 * reference's start page is made of (`docs` replaces or, as null, removes them).
 */
function workspace(
  index: string,
  extra = `${moduleComment("extra")}/** A number. */\nexport const extra = 1;\n`,
  docs: { readme?: string | null; start?: string | null } = {},
): string {
  const root = mkdtempSync(join(tmpdir(), "mrtr-api-reference-"));
  made.push(root);
  const files: Record<string, string | null> = {
    "package.json": JSON.stringify({ name: "fixture-root", private: true, workspaces: ["packages/*"] }),
    "README.md": docs.readme === undefined ? FIXTURE_README : docs.readme,
    "docs/greetings.md": "# Greetings\n",
    [API_START_PAGE]: docs.start === undefined ? FIXTURE_START : docs.start,
    "packages/demo/package.json": JSON.stringify({
      name: "@fixture/demo",
      version: "0.0.0",
      type: "module",
      exports: {
        ".": { "@mrtr/source": "./src/index.ts", default: "./dist/index.js" },
        "./extra": { "@mrtr/source": "./src/extra.ts", default: "./dist/extra.js" },
        "./package.json": "./package.json",
      },
    }),
    "packages/demo/tsconfig.json": JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] },
      include: ["src"],
    }),
    "packages/demo/src/index.ts": index,
    "packages/demo/src/extra.ts": extra,
  };
  for (const [path, text] of Object.entries(files)) {
    if (text === null) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The comment an entry point's file starts with. */
function moduleComment(what: string): string {
  return `/**\n * The ${what} entry point.\n *\n * @module\n */\n`;
}

const DOCUMENTED = `${moduleComment("main")}
/** What a greeting holds. */
export interface Greeting {
  /** Who is greeted. */
  name: string;
}

/** The defaults of {@link greet}; the keys are documented by the constant. */
export const GREETING_DEFAULTS = { name: "world", nested: { deep: true } };

/** Greets someone, with a {@link Greeting}. */
export function greet(greeting: Greeting): string {
  return "hello " + greeting.name;
}
`;

async function problemsOf(index: string, extra?: string, docs?: Parameters<typeof workspace>[2]): Promise<string[]> {
  return (await buildApiReference(workspace(index, extra, docs), { quiet: true })).problems;
}

describe("npm run docs", () => {
  it("passes a package whose public declarations are all documented, naming each entry point", async () => {
    const result = await buildApiReference(workspace(DOCUMENTED), { quiet: true });
    expect(result.problems).toEqual([]);
    expect(result.modules).toBe(2);
  });

  it("fails on an exported function without a doc comment, naming it", async () => {
    const problems = await problemsOf(`${DOCUMENTED}\nexport function bare(): void {}\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/bare .*has no doc comment/);
  });

  it("fails on an undocumented member of an exported interface", async () => {
    const problems = await problemsOf(DOCUMENTED.replace("/** Who is greeted. */", ""));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/Greeting\.name .*has no doc comment/);
  });

  it("fails on an undocumented declaration of another entry point", async () => {
    const problems = await problemsOf(DOCUMENTED, `${moduleComment("extra")}export const extra = 1;\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/extra .*has no doc comment/);
  });

  it("fails on an entry point whose file does not start with a module comment", async () => {
    const problems = await problemsOf(DOCUMENTED, "/** A number. */\nexport const extra = 1;\n");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/@fixture\/demo\/extra .*has no doc comment/);
  });

  it("fails on a {@link} that resolves to nothing", async () => {
    const problems = await problemsOf(DOCUMENTED.replace("with a {@link Greeting}", "with a {@link Greting}"));
    // TypeDoc names it when it fails to resolve it and again when it validates the links.
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/Greting/);
  });

  it("fails on a public signature naming a type the reference does not hold", async () => {
    const hidden = `${DOCUMENTED}\ninterface Hidden {\n  /** A flag. */\n  flag: boolean;\n}\n/** Makes a hidden thing. */\nexport function makeHidden(): Hidden {\n  return { flag: true };\n}\n`;
    const problems = await problemsOf(hidden);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/Hidden/);
  });
});

/** What a built start page (the site's index.html) says: its text, and each link with its text. */
function startPageOf(out: string): { text: string; links: { href: string; text: string }[] } {
  const html = readFileSync(join(out, "index.html"), "utf8");
  const panel = /<div class="tsd-panel tsd-typography">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
  const textOf = (fragment: string) =>
    fragment
      .replace(/<[^>]+>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim();
  const links = [...panel.matchAll(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: m[1]!, text: textOf(m[2]!) }));
  return { text: textOf(panel), links };
}

/** A fresh folder for a built site. */
function outDir(): string {
  const out = mkdtempSync(join(tmpdir(), "mrtr-api-site-"));
  made.push(out);
  return join(out, "site");
}

describe("the API reference's start page", () => {
  it("is the site's index: each package linked to its page in the README's words, then where to begin, each starting point linked to its page", async () => {
    const out = outDir();
    expect((await buildApiReference(workspace(DOCUMENTED), { quiet: true, out })).problems).toEqual([]);
    const page = startPageOf(out);
    expect(page.text).toContain("@fixture/demo: greetings for tests, in the greeting format");
    expect(page.text).toContain("Call greet with a Greeting.");
    // The editors' note is not on the page.
    expect(readFileSync(join(out, "index.html"), "utf8")).not.toContain("A note to the page's editors");
    const linkTo = (text: string) => page.links.find((l) => l.text === text)?.href;
    expect(linkTo("@fixture/demo")).toBe("modules/_fixture_demo.html");
    expect(linkTo("greet")).toBe("functions/_fixture_demo._fixture_demo.greet.html");
    expect(linkTo("Greeting")).toBe("interfaces/_fixture_demo._fixture_demo.Greeting.html");
    // The README's relative link names the same file from the page.
    expect(linkTo("greeting format")).toMatch(/^media\/greetings\.md$/);
    for (const href of [linkTo("@fixture/demo"), linkTo("greet"), linkTo("Greeting"), linkTo("greeting format")]) expect(existsSync(join(out, href!))).toBe(true);
    // The packages are still listed, on a page of their own.
    expect(readFileSync(join(out, "modules.html"), "utf8")).toContain('href="modules/_fixture_demo.html"');
  });

  it("fails on a {@link} of the start page that resolves to nothing", async () => {
    const problems = await problemsOf(DOCUMENTED, undefined, { start: FIXTURE_START.replace('".greet |', '".gret |') });
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/gret.*readme/);
  });

  it("fails on a package the README's table does not describe", async () => {
    const problems = await problemsOf(DOCUMENTED, undefined, { readme: "# fixture\n\n| package | what it holds |\n|---|---|\n| `@fixture/other` | something else |\n" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/@fixture\/demo: no row in the package table of README\.md/);
  });

  it("fails without a start page, or without the line its package lines replace", async () => {
    expect(await problemsOf(DOCUMENTED, undefined, { start: null })).toEqual([expect.stringMatching(/docs\/api-start\.md: the API reference's start page is missing/)]);
    expect(await problemsOf(DOCUMENTED, undefined, { start: FIXTURE_START.replace(PACKAGES_MARKER, "") })).toEqual([
      expect.stringMatching(/needs exactly one line "<!-- packages -->"/),
    ]);
  });
});

describe("the repository's start page", () => {
  const names = documentedPackages(repoRoot).map(({ pkg }) => pkg.manifest.name);

  it("names every public package, each with the words of README.md's package table", () => {
    const published = publicPackages(repoRoot)
      .map((p) => p.manifest.name)
      .filter((name) => name.startsWith("@mrtr/") && !UNDOCUMENTED_PACKAGES.includes(name));
    expect([...names].sort()).toEqual([...published].sort());
    const table = readmePackageTable(readFileSync(join(repoRoot, "README.md"), "utf8"));
    const start = apiStartPage(repoRoot, names);
    if (!start.ok) throw new Error(start.problems.join("\n"));
    const lines = start.page.text.split("\n").filter((line) => line.startsWith("- {@link @mrtr/"));
    expect(lines).toHaveLength(names.length);
    for (const name of names) {
      const line = lines.find((l) => l.startsWith(`- {@link ${name}! | \`${name}\`}: `));
      expect(line, name).toBeDefined();
      // The README's words, its links made relative to docs/.
      expect(line!.slice(line!.indexOf("}: ") + 3)).toBe(table.get(name)!.replace("](docs/", "](./"));
    }
  });

  it("built, links each package to its page and a newcomer to createServer, serveStdio and createHttpHandler (servers) and createClient (hosts and clients)", async () => {
    // Only the two packages the starting points are in: the whole reference is npm run docs's (CI runs it).
    const out = outDir();
    const result = await buildApiReference(repoRoot, { quiet: true, out, packages: ["@mrtr/server", "@mrtr/client"] });
    expect(result.problems).toEqual([]);
    const page = startPageOf(out);
    const linkTo = (text: string) => page.links.find((l) => l.text === text)?.href;
    expect(linkTo("@mrtr/server")).toBe("modules/_mrtr_server.html");
    expect(linkTo("@mrtr/client")).toBe("modules/_mrtr_client.html");
    expect(linkTo("createServer")).toBe("functions/_mrtr_server._mrtr_server.createServer.html");
    expect(linkTo("serveStdio")).toBe("functions/_mrtr_server._mrtr_server_stdio.serveStdio.html");
    expect(linkTo("createHttpHandler")).toBe("functions/_mrtr_server._mrtr_server.createHttpHandler.html");
    expect(linkTo("createClient")).toBe("functions/_mrtr_client._mrtr_client.createClient.html");
    for (const { href } of page.links) if (!/^[a-z]+:|^#/.test(href)) expect(existsSync(join(out, href.split("#")[0]!)), href).toBe(true);
    expect(page.text).toMatch(/Where to begin Writing a server: start at createServer/);
    expect(page.text).toMatch(/Writing a host or a client: start at createClient/);
  });
});
