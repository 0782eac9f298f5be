/**
 * What is wrong with a view's declarations, said so a server author can fix
 * it at registration: the `ui://` URI, and `_meta.ui` (CSP origins that are
 * not origins, permissions no host knows, fields of the wrong type). An
 * empty list: nothing.
 */
import type { ToolViewMeta, ViewMeta } from "./ui-meta.js";

const CSP_LISTS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;
const PERMISSIONS = ["camera", "microphone", "geolocation", "clipboardWrite"] as const;
/** An origin a CSP source list may name: a scheme of the web, a host (a leading `*.` allowed), an optional port; no path, query or quotes. */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;
/** Longest URI and origin read (a guard, not a rule of the spec). */
const MAX_LENGTH = 2048;

/** What is wrong with a view resource's URI: it must be `ui://` and something. */
export function viewUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== "string" || !uri.startsWith("ui://") || uri.length <= "ui://".length) return `a view's URI must start with ui:// and name it (got ${JSON.stringify(uri)?.slice(0, 80)})`;
  if (uri.length > MAX_LENGTH || /\s/.test(uri)) return `a view's URI must be at most ${MAX_LENGTH} characters, without spaces`;
  return undefined;
}

/** What is wrong with a view resource's `_meta.ui`. */
export function viewMetaProblems(meta: ViewMeta): string[] {
  const problems: string[] = [];
  const { csp, permissions, domain, prefersBorder, ...rest } = meta as ViewMeta & Record<string, unknown>;
  for (const key of Object.keys(rest)) problems.push(`_meta.ui.${key} is not a field of a view (csp, permissions, domain, prefersBorder)`);
  if (csp !== undefined) {
    if (typeof csp !== "object" || csp === null) problems.push("_meta.ui.csp must be an object of origin lists");
    else {
      for (const key of Object.keys(csp)) if (!(CSP_LISTS as readonly string[]).includes(key)) problems.push(`_meta.ui.csp.${key} is not one of ${CSP_LISTS.join(", ")}`);
      for (const key of CSP_LISTS) {
        const list = csp[key];
        if (list === undefined) continue;
        if (!Array.isArray(list)) {
          problems.push(`_meta.ui.csp.${key} must be an array of origins`);
          continue;
        }
        for (const origin of list) {
          if (typeof origin !== "string" || origin.length > MAX_LENGTH || !ORIGIN.test(origin)) {
            problems.push(`_meta.ui.csp.${key} has ${JSON.stringify(origin)?.slice(0, 80)}, which is not an origin such as https://api.example.com or https://*.example.com (a scheme, a host, an optional port; no path)`);
          }
        }
      }
    }
  }
  if (permissions !== undefined) {
    if (typeof permissions !== "object" || permissions === null) problems.push("_meta.ui.permissions must be an object");
    else
      for (const [key, value] of Object.entries(permissions)) {
        if (!(PERMISSIONS as readonly string[]).includes(key)) problems.push(`_meta.ui.permissions.${key} is not one of ${PERMISSIONS.join(", ")}`);
        else if (typeof value !== "object" || value === null || Object.keys(value).length > 0) problems.push(`_meta.ui.permissions.${key} must be {}`);
      }
  }
  if (domain !== undefined && (typeof domain !== "string" || domain.length === 0 || domain.length > 253)) problems.push("_meta.ui.domain must be a host name (the host's format)");
  if (prefersBorder !== undefined && typeof prefersBorder !== "boolean") problems.push("_meta.ui.prefersBorder must be true or false");
  return problems;
}

/** What is wrong with a tool's `_meta.ui`. */
export function toolViewMetaProblems(meta: ToolViewMeta): string[] {
  const problems: string[] = [];
  const { resourceUri, visibility, ...rest } = meta as ToolViewMeta & Record<string, unknown>;
  for (const key of Object.keys(rest)) problems.push(`a tool's _meta.ui.${key} is not a field (resourceUri, visibility)`);
  if (resourceUri !== undefined) {
    const problem = viewUriProblem(resourceUri);
    if (problem) problems.push(problem);
  }
  if (visibility !== undefined && (!Array.isArray(visibility) || visibility.length === 0 || visibility.some((v) => v !== "model" && v !== "app") || new Set(visibility).size !== visibility.length)) {
    problems.push(`visibility must list "model", "app" or both, each once (got ${JSON.stringify(visibility)?.slice(0, 80)})`);
  }
  return problems;
}

/**
 * Whether `value` is an origin a view's CSP list may name: the rule
 * `viewMetaProblems` applies to each entry of `_meta.ui.csp` (`http`,
 * `https`, `ws` or `wss`, a host with a leading `*.` allowed, an optional
 * port; no path, query, quote, space or CSP keyword). A host building the
 * view's policy keeps only the entries this accepts.
 */
export function isCspOrigin(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_LENGTH && ORIGIN.test(value);
}
