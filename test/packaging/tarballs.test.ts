/**
 * What each tarball holds and declares, and how the consumers installed it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packaging } from "./context.js";
import { entryFiles } from "./entry-points.js";
import { lowestOf } from "./ranges.js";
import { admits } from "../../scripts/lib/peer-ranges.js";

const { root, packages, consumers, tools } = packaging();
const ours = new Map(packages.map((p) => [p.name, p]));
/** The changesets fixed groups (the stable packages, the experimental ones). */
const fixedGroups = (JSON.parse(readFileSync(join(root, ".changeset/config.json"), "utf8")) as { fixed?: string[][] }).fixed ?? [];
const groupOf = (name: string) => fixedGroups.findIndex((g) => g.includes(name));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile()).map((f) => f.split("\\").join("/"));
}

/** Markdown without fenced code blocks and inline code, where link syntax means nothing. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** Link and image targets of a Markdown text: inline, reference definitions, HTML href/src. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const targets: string[] = [];
  for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)/g)) targets.push(m[1]!);
  for (const m of prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]!);
  for (const m of prose.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/gi)) targets.push(m[1]!);
  return targets;
}

/** Host names reserved for examples and testing (RFC 2606, RFC 6761): never a real home page or repository. */
function isPlaceholderHost(host: string): boolean {
  return /(^|\.)(example|invalid|test|localhost)$/i.test(host) || /(^|\.)example\.(com|net|org)$/i.test(host);
}

/** Every URL in a JSON value's strings. */
function urlsIn(value: unknown): string[] {
  if (typeof value === "string") return [...value.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi)].map((m) => m[0]);
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(urlsIn);
  return [];
}

/** The source a declaration comes from (tsc's layout): dist/a/b.d.ts → src/a/b.ts. */
function sourceOf(declaration: string): string | undefined {
  const m = /^(.*?)\.d\.ts$/.exec(declaration);
  return m ? `${m[1]}.ts` : undefined;
}

/**
 * The JavaScript of a package's dist/ that its entry points load, statically
 * or with `import()`, transitively: each entry point's bundle and the chunks
 * it shares with others or loads lazily (scripts/bundle-package.mjs).
 */
function loadedFrom(dir: string, entries: string[]): Set<string> {
  const loaded = new Set(entries.filter((f) => existsSync(join(dir, f))));
  for (const file of loaded) {
    const text = readFileSync(join(dir, file), "utf8");
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.\.?\/[^"']+)["']/g)) {
      const target = relative(dir, resolve(dir, dirname(file), m[1]!)).split("\\").join("/");
      if (existsSync(join(dir, target))) loaded.add(target);
    }
  }
  return loaded;
}

describe.each(packages)("$name tarball", (pkg) => {
  const files = filesUnder(pkg.unpacked);

  it("carries the repository's LICENSE, a README and its package.json", () => {
    expect(["LICENSE", "README.md", "package.json"].filter((f) => !files.includes(f)), "missing from the tarball").toEqual([]);
    expect(readFileSync(join(pkg.unpacked, "LICENSE"), "utf8"), "LICENSE differs from the repository's: copy it over").toBe(
      readFileSync(join(root, "LICENSE"), "utf8"),
    );
  });

  it("ships in dist/ only what src/ builds: its entry points and their chunks, their maps, the declarations; no files of removed sources", () => {
    const dist = filesUnder(join(pkg.unpacked, "dist"));
    expect(dist.length, "dist/ is empty: prepack did not build").toBeGreaterThan(0);
    const entries = entryFiles(pkg.manifest);
    expect(entries.filter((f) => !files.includes(f)), "entry points (exports, bin) missing from the tarball").toEqual([]);
    const loaded = loadedFrom(pkg.unpacked, entries);
    const orphans = dist.filter((f) => {
      const file = `dist/${f}`;
      if (f.endsWith(".d.ts")) return !existsSync(join(pkg.repoDir, "src", sourceOf(f)!));
      if (f.endsWith(".js")) return !loaded.has(file);
      if (f.endsWith(".js.map")) {
        if (!loaded.has(file.slice(0, -".map".length))) return true;
        const { sources = [] } = JSON.parse(readFileSync(join(pkg.unpacked, file), "utf8")) as { sources?: string[] };
        return sources.length === 0 || sources.some((s) => {
          const source = relative(join(pkg.repoDir, "src"), resolve(pkg.repoDir, dirname(file), s));
          return source.startsWith("..") || !existsSync(join(pkg.repoDir, "src", source));
        });
      }
      return true;
    });
    expect(orphans, "files in dist/ that no entry point loads, maps of sources not in src/, or other files (a stale build?)").toEqual([]);
  });

  it("has source maps that carry their sources' text (src/ is not shipped)", () => {
    const maps = files.filter((f) => f.endsWith(".map"));
    const problems = maps.flatMap((f) => {
      const map = JSON.parse(readFileSync(join(pkg.unpacked, f), "utf8")) as { sources?: string[]; sourcesContent?: (string | null)[] };
      return (map.sources ?? []).flatMap((source, i) => {
        if (typeof map.sourcesContent?.[i] === "string") return [];
        const target = resolve(pkg.unpacked, dirname(f), source);
        return existsSync(target) && !relative(pkg.unpacked, target).startsWith("..") ? [] : [`${f}: ${source} is neither inlined nor in the tarball`];
      });
    });
    expect(problems).toEqual([]);
  });

  it("has a README that says ESM only and links nothing the registry page cannot open", () => {
    const readme = readFileSync(join(pkg.unpacked, "README.md"), "utf8");
    expect(readme, "the README must say the package is ESM only").toMatch(/\bESM only\b/);
    const relativeLinks = linkTargets(readme).filter((t) => !/^(https?:|mailto:|#)/i.test(t));
    expect(relativeLinks, "relative links point at repository files that are not on npm: use absolute URLs or text").toEqual([]);
  });

  it("names no placeholder URL and publishes with public access", () => {
    const placeholders = urlsIn(pkg.manifest).filter((url) => {
      try {
        return isPlaceholderHost(new URL(url.replace(/^git\+/, "")).hostname);
      } catch {
        return true;
      }
    });
    expect(placeholders, "omit a field that has no real value rather than fill it with a placeholder").toEqual([]);
    expect((pkg.manifest.publishConfig as { access?: string } | undefined)?.access).toBe("public");
  });

  it("depends on the other packages at exactly their version, and peers on them as the release groups say", () => {
    const loose: string[] = [];
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"] as const) {
      for (const [name, range] of Object.entries((pkg.manifest[field] ?? {}) as Record<string, string>)) {
        const dep = ours.get(name);
        if (!dep) continue;
        // A peer across the two release groups is a ^ range that admits the version released beside it (scripts/lib/peer-ranges.ts).
        const acrossGroups = field === "peerDependencies" && groupOf(name) !== groupOf(pkg.name);
        const fits = acrossGroups ? range.startsWith("^") && admits(range, dep.version) : range === dep.version;
        if (!fits) loose.push(`${field}.${name} is "${range}", not ${acrossGroups ? `a ^ range admitting ${dep.version}` : `"${dep.version}"`}`);
      }
    }
    expect(loose).toEqual([]);
  });
});

describe("all packages", () => {
  it("name each external peer (zod) with one range, as a peer or as a dependency", () => {
    const external = new Set(packages.flatMap((p) => Object.keys(p.manifest.peerDependencies ?? {})).filter((n) => !ours.has(n)));
    const ranges = [...external].map((name) => {
      const named = packages.flatMap((p) =>
        (["dependencies", "peerDependencies"] as const).flatMap((field) => {
          const range = p.manifest[field]?.[name];
          return range === undefined ? [] : [`${p.name} ${field}: ${range}`];
        }),
      );
      return { name, ranges: new Set(named.map((n) => n.split(": ")[1])), named };
    });
    expect(ranges.filter((r) => r.ranges.size > 1).map((r) => `${r.name}: ${r.named.join(", ")}`)).toEqual([]);
  });

  it("are in changesets fixed groups, each package in one, which name no other package", () => {
    const named = fixedGroups.flat();
    expect([...named].sort()).toEqual([...ours.keys()].sort());
    expect(new Set(named).size).toBe(named.length);
  });
});

describe.each([...consumers, ...(tools ? [tools] : [])])("consumer with $label", (consumer) => {
  // Library consumers hold the packages without a bin; the tools project holds all.
  const installed = consumer.end === "tools" ? packages : packages.filter((p) => p.manifest.bin === undefined);
  interface LockEntry {
    version?: string;
    resolved?: string;
  }
  const lock = JSON.parse(readFileSync(join(consumer.dir, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const copiesOf = (name: string) => Object.entries(lock.packages).filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));

  it("installs each package once, from its tarball", () => {
    for (const pkg of installed) {
      const copies = copiesOf(pkg.name);
      expect(copies.map(([path]) => path), pkg.name).toEqual([`node_modules/${pkg.name}`]);
      expect(copies[0]![1].resolved, pkg.name).toMatch(new RegExp(`^file:.*${pkg.tarball.split("/").at(-1)!.replace(/\./g, "\\.")}$`));
    }
  });

  it("installs each external peer once, at the version this consumer is for", () => {
    for (const [name, version] of Object.entries(consumer.peers)) {
      expect(copiesOf(name).map(([path, entry]) => `${path}@${entry.version}`), name).toEqual([`node_modules/${name}@${version}`]);
      const range = packages.map((p) => p.manifest.peerDependencies?.[name]).find((r) => r !== undefined)!;
      if (consumer.end === "lowest") expect(version).toBe(lowestOf(name, range));
    }
  });
});
