/**
 * The generator's output cache: the text of every generated file, stored
 * with what that text is made from: the SHA-256 of each file the TypeScript
 * program read (of the text it parsed), the generator's own code (the
 * SHA-256 of each module of the bundle that ran, from scripts/run-generate.mjs)
 * and the versions of what else decides it (Node, typescript,
 * typescript-json-schema). An entry answers only when each of those is
 * unchanged and its own digest still matches what it holds, so an edited or
 * truncated entry is never trusted: the generator runs and replaces it.
 * `--check` may use it: it compares the files on disk with what the same
 * inputs gave, which is what regenerating would give. Every hash is of what
 * was actually compiled or run, taken as it was read, so a file edited
 * during a run makes the next one miss rather than trust old text.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/** Bumped when the entry's layout changes, so an older entry is not read. */
const FORMAT = 1;

/** Where a cache lives and what its entries are keyed by. */
export interface OutputCacheOptions {
  /** The repository root; paths in an entry are relative to it. */
  root: string;
  /** The entry's file. */
  file: string;
  /** The generator's code that runs: a SHA-256 of each of its modules, by path (scripts/run-generate.mjs's bundle manifest). */
  generator: Record<string, string>;
  /** Versions of the runtime and the libraries that decide the outputs, by name. */
  versions: Record<string, string>;
}

/** What an entry is keyed by: versions, and the SHA-256 of each file by path from the root. */
interface Key {
  versions: Record<string, string>;
  generator: Record<string, string>;
  sources: Record<string, string>;
}

interface Entry {
  format: number;
  key: Key;
  outputs: Record<string, string>;
  /** SHA-256 of the format, key and outputs together. */
  digest: string;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

const digestOf = (key: Key, outputs: Record<string, string>) => sha256(JSON.stringify([FORMAT, key, outputs]));

/** The SHA-256 of each source's text, by its path from the root with `/`. */
function hashes(root: string, sources: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, text] of [...sources].sort(([a], [b]) => (a < b ? -1 : 1))) out[relative(root, file).split(sep).join("/")] = sha256(text);
  return out;
}

const sameRecord = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The outputs the entry holds, when its digest is right and nothing it is
 * keyed by has changed; otherwise undefined (no entry, an unreadable or
 * edited one, other versions, other generator code, a source whose text
 * changed or that is gone).
 */
export function readOutputCache(options: OutputCacheOptions): Map<string, string> | undefined {
  try {
    const entry = JSON.parse(readFileSync(options.file, "utf8")) as Entry;
    if (entry?.format !== FORMAT || typeof entry.digest !== "string" || entry.digest !== digestOf(entry.key, entry.outputs)) return undefined;
    const { key } = entry;
    if (!sameRecord(key.versions, options.versions) || !sameRecord(key.generator, options.generator)) return undefined;
    for (const [path, hash] of Object.entries(key.sources)) {
      if (sha256(readFileSync(join(options.root, path), "utf8")) !== hash) return undefined;
    }
    return new Map(Object.entries(entry.outputs));
  } catch {
    // No entry, an unreadable one, or a source gone.
    return undefined;
  }
}

/**
 * Stores `outputs` as made from `sources` (the text the TypeScript program
 * parsed, by absolute path) by `options.generator`, replacing the entry in
 * one rename. A cache that cannot be written is reported and skipped: it
 * never fails generation.
 */
export function writeOutputCache(options: OutputCacheOptions, outputs: Map<string, string>, sources: Map<string, string>): void {
  const key: Key = { versions: options.versions, generator: options.generator, sources: hashes(options.root, sources) };
  const texts = Object.fromEntries(outputs);
  const entry: Entry = { format: FORMAT, key, outputs: texts, digest: digestOf(key, texts) };
  const temporary = `${options.file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(options.file), { recursive: true });
    writeFileSync(temporary, JSON.stringify(entry));
    renameSync(temporary, options.file);
  } catch (error) {
    console.warn(`generate: the output cache ${options.file} could not be written (${(error as Error).message}); the next run generates again.`);
  }
}
