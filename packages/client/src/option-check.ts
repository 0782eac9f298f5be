/**
 * Options are checked where they are passed: a key a function does not take
 * is a `TypeError` that names the options it does take and, for an option of
 * the other place (a call's option given to `createClient`, or the other way
 * round), where it belongs. Without it, plain JavaScript ignores such a key
 * silently (`client.callTool(name, args, { onRound })` did nothing).
 */
import type { CallOptions, ClientOptions, ListAllOptions } from "./types.js";

/** Every option of `createClient`, checked against `ClientOptions` at compile time (both ways). */
export const CLIENT_OPTION_KEYS = [
  "transport",
  "name",
  "version",
  "title",
  "elicitation",
  "inputKinds",
  "maxRounds",
  "backoff",
  "urlPolling",
  "timeoutMs",
  "maxRequestStateBytes",
  "maxInputRequests",
  "inputConcurrency",
  "jsonLimits",
  "onRound",
  "middleware",
  "protocolVersion",
  "cache",
  "maxListPages",
  "legacy",
  "extensions",
] as const satisfies readonly (keyof ClientOptions)[];

/** Every option of a call (`callTool`, `request`, `start`, …), and of the `listAll…` helpers. */
export const CALL_OPTION_KEYS = ["signal", "timeoutMs", "onProgress", "fresh"] as const satisfies readonly (keyof CallOptions)[];
export const LIST_ALL_OPTION_KEYS = [...CALL_OPTION_KEYS, "maxPages"] as const satisfies readonly (keyof ListAllOptions)[];

// Compile-time: a key added to an options interface and not to its list (or the other way round) is an error here.
type Missing<T, K extends readonly unknown[]> = Exclude<keyof T, K[number]>;
const complete: [Missing<ClientOptions, typeof CLIENT_OPTION_KEYS>, Missing<CallOptions, typeof CALL_OPTION_KEYS>, Missing<ListAllOptions, typeof LIST_ALL_OPTION_KEYS>] extends [never, never, never] ? true : false = true;
void complete;

const CLIENT_KEYS = new Set<string>(CLIENT_OPTION_KEYS);
const CALL_KEYS = new Set<string>(LIST_ALL_OPTION_KEYS);

/** Throws a `TypeError` for a key of `given` that `where` does not take. */
function check(where: string, given: unknown, known: ReadonlySet<string>, list: readonly string[], elsewhere: (key: string) => string | undefined): void {
  if (given === undefined || given === null) return;
  if (typeof given !== "object") throw new TypeError(`${where}: options must be an object (got ${typeof given}).`);
  for (const key of Object.keys(given)) {
    if (known.has(key)) continue;
    const other = elsewhere(key);
    throw new TypeError(`${where}: unknown option "${key}"${other ? `: ${other}` : ""}. Its options are ${list.join(", ")}.`);
  }
}

/** Checks the options of `createClient`. */
export function checkClientOptions(options: unknown): void {
  check("createClient", options, CLIENT_KEYS, CLIENT_OPTION_KEYS, (key) =>
    CALL_KEYS.has(key) && !CLIENT_KEYS.has(key) ? `"${key}" is an option of each call, such as client.callTool(name, args, { ${key} })` : undefined,
  );
}

/** Checks the options of a call (`method` names it in the message), or of a `listAll…` helper. */
export function checkCallOptions(method: string, options: unknown, listAll = false): void {
  const keys = listAll ? LIST_ALL_OPTION_KEYS : CALL_OPTION_KEYS;
  check(method, options, new Set<string>(keys), keys, (key) => (CLIENT_KEYS.has(key) ? `"${key}" is an option of createClient({ ${key} }), for every call of the client` : undefined));
}
