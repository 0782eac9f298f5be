/**
 * Matching a URI against an RFC 6570 template, for resources/read: simple
 * `{var}` expansions match one path segment (no "/"), reserved `{+var}` and
 * fragment `{#var}` match anything. Values are percent-decoded.
 */

export type TemplateMatcher = (uri: string) => Record<string, string> | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Compiles a template into a matcher; throws on a template it cannot read. */
export function compileTemplate(template: string): TemplateMatcher {
  const names: string[] = [];
  let pattern = "^";
  let last = 0;
  for (const m of template.matchAll(/\{([+#]?)([A-Za-z0-9_.]+)\}/g)) {
    pattern += escapeRegExp(template.slice(last, m.index));
    const [, op, name] = m;
    names.push(name!);
    pattern += op === "+" || op === "#" ? "(.*)" : "([^/?#]*)";
    last = m.index! + m[0].length;
  }
  const rest = template.slice(last);
  if (/[{}]/.test(rest)) throw new Error(`Unsupported URI template ${JSON.stringify(template)}`);
  pattern += `${escapeRegExp(rest)}$`;
  const regex = new RegExp(pattern);
  return (uri) => {
    const match = regex.exec(uri);
    if (!match) return undefined;
    const vars: Record<string, string> = {};
    try {
      names.forEach((n, i) => (vars[n] = decodeURIComponent(match[i + 1]!)));
    } catch {
      return undefined;
    }
    return vars;
  };
}

/** The variable names of a template, in order. */
export function templateVariables(template: string): string[] {
  return [...template.matchAll(/\{[+#]?([A-Za-z0-9_.]+)\}/g)].map((m) => m[1]!);
}
