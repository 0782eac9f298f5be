/**
 * The example corpus: `schema/examples/<Type>/*.json` (valid) and
 * `schema/examples-invalid/<Type>/*.json` (invalid), one message a file.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface Message {
  /** Schema type the message is an example of: the folder name. */
  type: string;
  /** `schema/examples/<Type>/<name>.json`, relative to the repository. */
  file: string;
  data: unknown;
}

function read(folder: "examples" | "examples-invalid"): Message[] {
  const base = join(repoRoot, "schema", folder);
  const out: Message[] = [];
  for (const type of readdirSync(base).sort()) {
    const dir = join(base, type);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".json")) continue;
      out.push({ type, file: `schema/${folder}/${type}/${name}`, data: JSON.parse(readFileSync(join(dir, name), "utf8")) });
    }
  }
  return out;
}

export interface Corpus {
  valid: Message[];
  invalid: Message[];
}

export function loadCorpus(): Corpus {
  return { valid: read("examples"), invalid: read("examples-invalid") };
}

/** The messages whose type satisfies `keep`. */
export function only(corpus: Corpus, keep: (type: string) => boolean): Corpus {
  return { valid: corpus.valid.filter((m) => keep(m.type)), invalid: corpus.invalid.filter((m) => keep(m.type)) };
}

export const typesOf = (messages: readonly Message[]): number => new Set(messages.map((m) => m.type)).size;
