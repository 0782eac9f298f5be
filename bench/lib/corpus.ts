/**
 * The example corpus: `schema/examples/<Type>/*.json` (valid) and
 * `schema/examples-invalid/<Type>/*.json` (invalid), one message a file.
 */
import { invalidExamples, validExamples, type Example } from "../../test/helpers/examples.js";

export { repoRoot } from "../../test/helpers/paths.js";

/** One example message: its type (the folder name), file and data. */
export type Message = Example;

export interface Corpus {
  valid: Message[];
  invalid: Message[];
}

export function loadCorpus(): Corpus {
  return { valid: validExamples(), invalid: invalidExamples() };
}

/** The messages whose type satisfies `keep`. */
export function only(corpus: Corpus, keep: (type: string) => boolean): Corpus {
  return { valid: corpus.valid.filter((m) => keep(m.type)), invalid: corpus.invalid.filter((m) => keep(m.type)) };
}

export const typesOf = (messages: readonly Message[]): number => new Set(messages.map((m) => m.type)).size;
