/**
 * Completers: what a prompt or resource template registers to suggest
 * values for its arguments (server/utilities/completion.mdx). A completer
 * returns values best first; the server sends at most 100 of them, with
 * `hasMore` and `total` saying what was cut.
 */
import type { CompleteResult } from "@mrtr/schema";
import type { RequestContext } from "./context.js";
import { ServerDefinitionError } from "./errors.js";

/** The most values one completion result may carry (the draft's limit). */
export const MAX_COMPLETION_VALUES = 100;

/** What a completer is told besides the partial value. */
export interface CompletionContext extends RequestContext {
  /** Values already chosen for the other arguments (the request's `context.arguments`), by name. */
  readonly arguments: Readonly<Record<string, string>>;
}

/** Suggestions: the values best first, or with the total number of matches and whether more exist. */
export type CompletionValues =
  | string[]
  | {
      /** The suggestions, best first (the first 100 are sent). */
      values: string[];
      /** How many suggestions there are in all, when known. */
      total?: number;
      /** Whether there are more than those sent. */
      hasMore?: boolean;
    };

/** Suggests values for one argument from what the user typed so far. */
export type Completer = (value: string, ctx: CompletionContext) => CompletionValues | Promise<CompletionValues>;

/** Completers by argument (prompt) or variable (template) name. */
export type Completers = Record<string, Completer>;

/** Refuses completers of arguments the prompt or template does not have. */
export function checkCompleters(complete: Completers | undefined, names: string[], where: string, noun: string): void {
  if (complete === undefined) return;
  if (complete === null || typeof complete !== "object") throw new ServerDefinitionError(`${where}: complete must map ${noun} names to functions.`);
  for (const [name, fn] of Object.entries(complete)) {
    if (!names.includes(name)) throw new ServerDefinitionError(`${where}: complete names ${noun} "${name}", which it does not have (it has: ${names.join(", ") || "none"}).`);
    if (typeof fn !== "function") throw new ServerDefinitionError(`${where}: complete.${name} must be a function.`);
  }
}

/** A completer's answer as sent: at most 100 values, `hasMore` when some were cut, a `total` never below the values sent. */
export function completionOf(answer: CompletionValues, where: string): CompleteResult["completion"] {
  const given = Array.isArray(answer) ? { values: answer } : answer;
  if (!given || !Array.isArray(given.values) || !given.values.every((v) => typeof v === "string")) {
    throw new ServerDefinitionError(`${where}: a completer must return a list of strings, or { values: string[], total?, hasMore? }.`);
  }
  const cut = given.values.length > MAX_COMPLETION_VALUES;
  const values = cut ? given.values.slice(0, MAX_COMPLETION_VALUES) : [...given.values];
  const total = Number.isSafeInteger(given.total) && given.total! >= 0 ? Math.max(given.total!, given.values.length) : cut ? given.values.length : undefined;
  const hasMore = cut || given.hasMore === true || (total !== undefined && total > values.length);
  return { values, ...(total !== undefined && { total }), hasMore };
}
