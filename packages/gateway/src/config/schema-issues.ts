/**
 * The interpreted JSON Schema validator's problems (`/pointer message`, one
 * per schema keyword that failed, wrappers included) turned into issues a
 * person can act on: the wrappers dropped, each message said plainly, an
 * unknown key called one, the alternatives of one place merged.
 */
import type { ConfigIssue } from "./config-error.js";

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  null: "null",
};

/** What a name under `parent` must look like, for a name the schema's `propertyNames` refused. */
function nameRule(parent: string): string {
  if (parent === "/upstreams") return "an upstream name is letters, digits and '-', starting with a letter or digit, at most 32 characters";
  if (parent.endsWith("/env")) return "an environment variable name is letters, digits and '_', not starting with a digit";
  if (parent.endsWith("/headers")) return "a header name is letters, digits and !#$%&'*+.^_`|~-";
  return "it does not have the expected form";
}

/** What a value refused by a `pattern` must look like, by where it is. */
function patternRule(pointer: string): string {
  const last = pointer.slice(pointer.lastIndexOf("/") + 1);
  if (last === "env" || last === "stateSecretEnv") return "must be an environment variable name (letters, digits and '_', not starting with a digit)";
  if (/^(url|issuer|audience|jwksUri)$/.test(last)) return "must be an http: or https: URL";
  if (/^\/policy\/\d+\/upstreams\/\d+$/.test(pointer)) return "must be an upstream name (letters, digits and '-', at most 32 characters)";
  return "does not have the expected form";
}

/** One problem, plainly; undefined for a wrapper that only says something below it failed. */
function plain(message: string, pointer: string): { pointer: string; message: string; kind?: "type" | "enum" | "const" | "any" } | undefined {
  let m: RegExpExecArray | null;
  if (/^(A subschema had errors|Instance does not match "(then|else)" schema|Instance does not match every subschema)\.$/.test(message)) return undefined;
  if (/^Property ".*" does not match (additional properties schema|schema|unevaluated properties schema)\.$/s.test(message)) return undefined;
  if (/^Property name ".*" does not match schema\.$/s.test(message)) return undefined;
  if (/^Items did not match/.test(message)) return undefined;
  if (message === "False boolean schema.") return { pointer, message: "is not a known key here: check its spelling (config.schema.json lists the keys)" };
  if ((m = /^Instance type "[^"]*" is invalid\. Expected "(.*)"\.$/.exec(message))) {
    const types = m[1]!.split('", "').map((t) => TYPE_NAMES[t] ?? t);
    return { pointer, message: `must be ${types.join(" or ")}`, kind: "type" };
  }
  if ((m = /^Instance does not have required property "(.*)"\.$/s.exec(message))) return { pointer, message: `needs "${m[1]}"` };
  if ((m = /^Instance does not match any of (.*)\.$/s.exec(message))) return { pointer, message: `must be one of ${(JSON.parse(m[1]!) as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`, kind: "enum" };
  if ((m = /^Instance does not match (.*)\.$/s.exec(message)) && !message.startsWith("Instance does not match any subschemas") && !message.startsWith("Instance does not match exactly")) {
    return { pointer, message: `must be ${m[1]}`, kind: "const" };
  }
  if (/^Instance does not match (any subschemas|exactly one subschema)/.test(message)) return { pointer, message: "is none of the forms allowed here", kind: "any" };
  if ((m = /^-?[\d.e+]+ is less than (?:or equal to )?\s*(-?[\d.e+]+)\.$/.exec(message))) return { pointer, message: `must be at least ${m[1]}` };
  if ((m = /^-?[\d.e+]+ is greater than (?:or equal to )?\s*(-?[\d.e+]+)\.$/.exec(message))) return { pointer, message: `must be at most ${m[1]}` };
  if ((m = /^String is too short \(\d+ < (\d+)\)\.$/.exec(message))) return { pointer, message: m[1] === "1" ? "must not be empty" : `must be at least ${m[1]} characters` };
  if ((m = /^String is too long \(\d+ > (\d+)\)\.$/.exec(message))) return { pointer, message: `must be at most ${m[1]} characters` };
  if ((m = /^Array has too few items \(\d+ < (\d+)\)\.$/.exec(message))) return { pointer, message: `needs at least ${m[1]} item${m[1] === "1" ? "" : "s"}` };
  if ((m = /^Instance does not have at least (\d+) properties\.$/.exec(message))) return { pointer, message: pointer === "/upstreams" ? "needs at least one upstream" : `needs at least ${m[1]} entries` };
  if ((m = /^Duplicate items at indexes (\d+) and (\d+)\.$/.exec(message))) return { pointer, message: `lists the same item twice (at ${m[1]} and ${m[2]})` };
  if (message === "String does not match pattern.") return { pointer, message: patternRule(pointer) };
  if ((m = /^String does not match format "(.*)"\.$/.exec(message))) return { pointer, message: `must be a valid ${m[1]}` };
  return { pointer, message: message.replace(/\.$/, "") };
}

/** Splits `"/a/b message"` (the pointer URI-encoded, so without spaces) into a JSON Pointer and the message. */
function split(problem: string): { pointer: string; message: string } {
  const space = problem.indexOf(" ");
  const raw = space < 0 ? problem : problem.slice(0, space);
  const message = space < 0 ? "is invalid" : problem.slice(space + 1);
  let pointer: string;
  try {
    pointer = decodeURIComponent(raw);
  } catch {
    pointer = raw;
  }
  return { pointer: pointer === "/" ? "" : pointer, message };
}

/**
 * Readable issues from the validator's problems for the value at `prefix`
 * (a JSON Pointer the problems' pointers are relative to).
 */
export function readableIssues(problems: readonly string[], prefix: string): ConfigIssue[] {
  const parsed = problems.map(split).map(({ pointer, message }) => ({ pointer: prefix + pointer, message }));
  // A name refused by propertyNames: the pattern's problem is at the member's pointer, but it is the name that is wrong.
  const badNames = new Set<string>();
  for (const { pointer, message } of parsed) {
    const m = /^Property name "(.*)" does not match schema\.$/s.exec(message);
    if (m) badNames.add(`${pointer}/${m[1]!.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  }
  const issues: (ConfigIssue & { kind?: string })[] = [];
  for (const { pointer, message } of parsed) {
    if (badNames.has(pointer)) {
      const parent = pointer.slice(0, pointer.lastIndexOf("/"));
      issues.push({ pointer, message: `is not an allowed name: ${nameRule(parent)}` });
      continue;
    }
    const issue = plain(message, pointer);
    if (issue) issues.push(issue);
  }
  // An upstream with neither url nor command falls to the stdio form, which asks for command: say both.
  for (const issue of issues) {
    if (/^\/upstreams\/[^/]+$/.test(issue.pointer) && issue.message === 'needs "command"') issue.message = 'needs "url" (an HTTP upstream) or "command" (a stdio upstream)';
  }
  return merge(issues);
}

/** One issue per place and message; an enum beats the consts of its branches; the types of `anyOf` branches merge into one. */
function merge(issues: (ConfigIssue & { kind?: string })[]): ConfigIssue[] {
  const byPointer = new Map<string, (ConfigIssue & { kind?: string })[]>();
  for (const issue of issues) byPointer.set(issue.pointer, [...(byPointer.get(issue.pointer) ?? []), issue]);
  const out: ConfigIssue[] = [];
  for (const [pointer, here] of byPointer) {
    const deeper = issues.some((i) => i.pointer.startsWith(`${pointer}/`));
    let kept = here.some((i) => i.kind === "enum") ? here.filter((i) => i.kind !== "const") : here;
    // A wrong type stops its branch; other issues here or below come from a branch whose type fits, and say more.
    if (deeper || kept.some((i) => i.kind !== "type" && i.kind !== "any")) kept = kept.filter((i) => i.kind !== "type");
    const types = kept.filter((i) => i.kind === "type");
    if (types.length > 1) {
      const names = types.map((t) => t.message.replace(/^must be /, ""));
      // string or object: the two forms of a secret.
      const message = names.length === 2 && names.includes("a string") && names.includes("an object") ? 'must be a string or { "env": "NAME" }' : `must be ${names.join(" or ")}`;
      const merged = { pointer, message, kind: "type" };
      kept = [merged, ...kept.filter((i) => i.kind !== "type")];
    }
    // "none of the forms" says nothing the branches' own issues do not say better.
    if (kept.length > 1 || deeper) kept = kept.filter((i) => i.kind !== "any");
    const seen = new Set<string>();
    for (const issue of kept) {
      if (seen.has(issue.message)) continue;
      seen.add(issue.message);
      out.push({ pointer, message: issue.message });
    }
  }
  return out;
}
