/**
 * The guides' index (docs/guides/README.md) and the folder agree, so the
 * documentation site (npm run docs) holds every guide, in the index's order;
 * and `npm run docs -- --serve` serves the built site's files and nothing
 * outside its folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { guidePages, linkedPages, pageTitle } from "../../scripts/lib/guide-pages.js";
import { serveSite, siteFile } from "../../scripts/lib/serve-site.js";
import { repoRoot } from "../helpers/paths.js";

const scratch = mkdtempSync(join(tmpdir(), "guide-pages-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A workspace holding docs/guides/ with `files` (name to text). */
function workspace(name: string, files: Record<string, string>): string {
  const root = join(scratch, name);
  mkdirSync(join(root, "docs/guides"), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, "docs/guides", file), text);
  return root;
}

describe("the guides' index", () => {
  it("links every guide of docs/guides/ and nothing that is not there", () => {
    const result = guidePages(repoRoot);
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  it("orders the pages as its links do, each once, the index first", () => {
    expect(linkedPages("1. [B](b.md)\n2. [A](./a.md#part)\n3. [B again](b.md)\n[out](../x.md) [web](https://x.org/c.md)")).toEqual(["b.md", "a.md"]);
    const root = workspace("ordered", { "README.md": "[B](b.md) [A](a.md)", "a.md": "# A", "b.md": "# B" });
    const result = guidePages(root);
    expect(result.ok && result.files.map((f) => f.slice(root.length))).toEqual(["/docs/guides/README.md", "/docs/guides/b.md", "/docs/guides/a.md"]);
  });

  it("is a problem when a guide is not linked or a link names no page", () => {
    const root = workspace("drifted", { "README.md": "[A](a.md) [Gone](gone.md)", "a.md": "# A", "new.md": "# New" });
    const result = guidePages(root);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join("\n")).toMatch(/gone\.md, which is not in[\s\S]*new\.md: not linked/);
  });

  it("titles a page by its first heading", () => {
    expect(pageTitle("<!-- note -->\n# Server guide\n\n## Tools", "server.md")).toBe("Server guide");
    expect(pageTitle("no heading", "runtimes.md")).toBe("runtimes");
  });
});

describe("npm run docs -- --serve", () => {
  const site = join(scratch, "site");
  mkdirSync(join(site, "documents"), { recursive: true });
  writeFileSync(join(site, "index.html"), "<h1>start</h1>");
  writeFileSync(join(site, "documents/quick-start.html"), "<h1>quick</h1>");
  writeFileSync(join(scratch, "secret.txt"), "outside");

  it("names no file outside the site's folder", () => {
    expect(siteFile(site, "/../secret.txt")).toBeUndefined();
    expect(siteFile(site, "/%2e%2e/secret.txt")).toBeUndefined();
    expect(siteFile(site, "/%E0%A4%A")).toBeUndefined();
    expect(siteFile(site, "/documents/")).toBeUndefined();
    expect(siteFile(site, "/")).toBe(join(site, "index.html"));
  });

  it("serves the site's pages with their type, and 404 for the rest", async () => {
    const { server, url } = await serveSite(site, 0);
    try {
      const page = await fetch(new URL("documents/quick-start.html", url));
      expect([page.status, page.headers.get("content-type"), await page.text()]).toEqual([200, "text/html; charset=utf-8", "<h1>quick</h1>"]);
      expect((await fetch(new URL("missing.html", url))).status).toBe(404);
      expect((await fetch(url, { method: "POST" })).status).toBe(405);
    } finally {
      server.close();
    }
  });
});
