/**
 * The security policy a host gives a view (MCP Apps, SEP-1865, revision
 * 2026-01-26, "Host Behavior" and "CSP Construction from Metadata"): the
 * Content-Security-Policy of the view's document and the `allow` attribute
 * of its iframe, built from the view's `_meta.ui` and narrowed, never
 * widened, by the host's own policy. Whatever is declared but left out is
 * said in `refused`, for the host's audit trail.
 *
 * Where the revision is loose, the choices here:
 * - `connect-src` names the declared `connectDomains` and nothing else, or
 *   `'none'`: never `'self'`. The view's own origin is the host's sandbox
 *   origin (often shared per conversation), not a domain the server
 *   declared, and "Host MUST block connections to undeclared domains"; the
 *   restrictive default says `connect-src 'none'`, and the lists' own
 *   documentation says "empty or omitted = no external connections".
 *   The view talks to its host by `postMessage`, which CSP does not govern.
 * - Only entries that pass `isCspOrigin` (the check `viewMetaProblems`
 *   applies at registration) reach the policy: a keyword (`'unsafe-eval'`),
 *   a scheme alone (`https:`), `*`, a path, a `;` or `,` are refused.
 * - `allow` joins features with `"; "` (a permissions policy: `"camera
 *   microphone"` would read `microphone` as an origin allowed camera, and
 *   grant neither), and maps `clipboardWrite` to `clipboard-write`.
 * - `base-uri` is `'self'` when no base is declared (the revision's
 *   default), but `'none'` when bases were declared and none passed the
 *   check or the host: the view never gets a base no one declared.
 * - `csp` present but not an object: the restrictive default (and a refusal).
 */
import type { ViewMeta } from "../ui-meta.js";
import { isCspOrigin } from "../view-meta-checks.js";

/**
 * The policy a host must use when a view declares no `csp` (Host Behavior,
 * "Restrictive Default"), exactly the revision's directives in its order,
 * joined by `"; "`. It has no `base-uri`, `frame-src` or `object-src`: the
 * last two fall back to `default-src 'none'`; `base-uri` does not.
 */
export const RESTRICTIVE_DEFAULT_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

/** Most origins kept from one list of `_meta.ui.csp` (after refusals and duplicates); the rest are cut, each said in `refused`. */
export const MAX_ORIGINS_PER_LIST = 64;

/** Most refusals said one by one for one list; any beyond are counted in one more line (a hostile list of a million entries gives 65 lines). */
export const MAX_REFUSALS_PER_LIST = 64;

/** The origin lists of `_meta.ui.csp`, in the order they are read. */
export const CSP_LIST_NAMES = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;

/** One origin list of `_meta.ui.csp`. */
export type CspListName = (typeof CSP_LIST_NAMES)[number];

/** Each permission a view may ask for and the Permission Policy feature it maps to, in the order `allow` lists them. */
export const PERMISSION_FEATURES = { camera: "camera", microphone: "microphone", geolocation: "geolocation", clipboardWrite: "clipboard-write" } as const;

/** A permission a view may ask for in `_meta.ui.permissions`. */
export type ViewPermissionName = keyof typeof PERMISSION_FEATURES;

/** What a host lets views have: it can only narrow what a view declares, never add to it. */
export interface HostPolicy {
  /**
   * The origins views may name. A list: a declared origin is kept when an
   * entry equals it (case aside) or, written `scheme://*.example.com[:port]`,
   * covers it (same scheme and port, a host under `example.com`); entries
   * that are not origins match nothing. A function: kept when it returns
   * `true` for the declared origin and the list it is in. Omitted: every
   * declared origin that passes the check.
   */
  allowOrigins?: readonly string[] | ((origin: string, list: CspListName) => boolean);
  /** The permissions the host grants when a view asks; given, only those set to `true`. Omitted: every permission asked for. */
  permissions?: Partial<Record<ViewPermissionName, boolean>>;
}

/** A view's policy: what its document and its iframe get, and what of its declaration was left out and why. */
export interface ViewPolicy {
  /** The Content-Security-Policy of the view's document (a header value: directives joined by `"; "`). */
  csp: string;
  /** The `allow` attribute of the view's iframe (features joined by `"; "`; empty: none). */
  allow: string;
  /** What was declared but left out, one line each, saying why (for the host's audit trail). */
  refused: string[];
  /** What the host approved, as `hostCapabilities.sandbox` tells the view: the origins kept per list (lists with none left out) and the permissions granted. */
  approved: ApprovedSandbox;
}

/** The origins and permissions a host approved for a view (the shape of `hostCapabilities.sandbox`). */
export interface ApprovedSandbox {
  /** The origins kept, per list that kept any. */
  csp: Partial<Record<CspListName, string[]>>;
  /** The permissions granted, each `{}`. */
  permissions: Partial<Record<ViewPermissionName, Record<string, never>>>;
}

const NOT_ORIGIN = "not an origin (http, https, ws or wss, a host with an optional leading *., an optional port; no path, keyword or lone wildcard)";

/**
 * The policy of a view whose resource declares `meta` (its `_meta.ui`), as
 * a host enforcing `hostPolicy` gives it: `csp` for its document, `allow`
 * for its iframe, and `refused`. With no `csp` declared, `csp` is
 * `RESTRICTIVE_DEFAULT_CSP`; otherwise the directives of "CSP Construction
 * from Metadata" (except `connect-src`: no `'self'`), each with only the
 * declared origins that pass `isCspOrigin` and the host allows, at most
 * `MAX_ORIGINS_PER_LIST` per list. Deterministic; reads `meta` as untrusted
 * (any shape), and never throws on it.
 */
export function viewPolicy(meta: ViewMeta | undefined, hostPolicy?: HostPolicy): ViewPolicy {
  const refused: string[] = [];
  const approved: ApprovedSandbox = { csp: {}, permissions: {} };
  const ui: unknown = meta;
  if (ui !== undefined && !isObject(ui)) {
    refused.push(`_meta.ui: not an object (${describe(ui)}); the restrictive default applies`);
    return { csp: RESTRICTIVE_DEFAULT_CSP, allow: "", refused, approved };
  }
  const csp = cspOf(ui?.csp, hostPolicy, refused, approved);
  const allow = allowOf(ui?.permissions, hostPolicy, refused, approved);
  return { csp, allow, refused, approved };
}

/** The CSP for a declared `csp` (`undefined`: the restrictive default). */
function cspOf(declared: unknown, hostPolicy: HostPolicy | undefined, refused: string[], approved: ApprovedSandbox): string {
  if (declared === undefined) return RESTRICTIVE_DEFAULT_CSP;
  if (!isObject(declared)) {
    refused.push(`_meta.ui.csp: not an object of origin lists (${describe(declared)}); the restrictive default applies`);
    return RESTRICTIVE_DEFAULT_CSP;
  }
  for (const key of Object.keys(declared).sort()) {
    if (!(CSP_LIST_NAMES as readonly string[]).includes(key)) refused.push(`_meta.ui.csp.${describeKey(key)}: not a list of this revision (${CSP_LIST_NAMES.join(", ")}); ignored`);
  }
  const connect = originsOf(declared, "connectDomains", hostPolicy, refused);
  const resource = originsOf(declared, "resourceDomains", hostPolicy, refused);
  const frame = originsOf(declared, "frameDomains", hostPolicy, refused);
  const base = originsOf(declared, "baseUriDomains", hostPolicy, refused);
  for (const [name, list] of [["connectDomains", connect], ["resourceDomains", resource], ["frameDomains", frame], ["baseUriDomains", base]] as const) {
    if (list.length > 0) approved.csp[name] = list;
  }
  const sources = (...fixed: string[]) => (list: string[]) => [...fixed, ...list].join(" ");
  const orNone = (fallback: string) => (list: string[]) => (list.length > 0 ? list.join(" ") : fallback);
  const directives: [string, string][] = [
    ["default-src", "'none'"],
    ["script-src", sources("'self'", "'unsafe-inline'")(resource)],
    ["style-src", sources("'self'", "'unsafe-inline'")(resource)],
    ["connect-src", orNone("'none'")(connect)],
    ["img-src", sources("'self'", "data:")(resource)],
    ["font-src", sources("'self'")(resource)],
    ["media-src", sources("'self'", "data:")(resource)],
    ["frame-src", orNone("'none'")(frame)],
    ["object-src", "'none'"],
    // 'self' when none were declared (the revision's default); 'none' when some were and none passed: never a base no one declared.
    ["base-uri", orNone(declaredSome(declared, "baseUriDomains") ? "'none'" : "'self'")(base)],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** The origins of one declared list that go in: origins, allowed by the host, distinct (case aside), at most `MAX_ORIGINS_PER_LIST`. */
function originsOf(csp: Record<string, unknown>, name: CspListName, hostPolicy: HostPolicy | undefined, refused: string[]): string[] {
  const list = Object.hasOwn(csp, name) ? csp[name] : undefined;
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    refused.push(`_meta.ui.csp.${name}: not an array of origins (${describe(list)}); none kept`);
    return [];
  }
  const kept: string[] = [];
  const seen = new Set<string>();
  let refusals = 0;
  const refuse = (index: number, entry: unknown, why: string) => {
    refusals += 1;
    if (refusals <= MAX_REFUSALS_PER_LIST) refused.push(`_meta.ui.csp.${name}[${index}] ${describe(entry)}: ${why}`);
  };
  const allowed = hostAllows(hostPolicy?.allowOrigins);
  for (let index = 0; index < list.length; index++) {
    const entry: unknown = list[index];
    if (!isCspOrigin(entry)) refuse(index, entry, NOT_ORIGIN);
    else if (!allowed(entry, name)) refuse(index, entry, "not allowed by the host");
    else if (seen.has(entry.toLowerCase())) continue;
    else if (kept.length >= MAX_ORIGINS_PER_LIST) refuse(index, entry, `cut: at most ${MAX_ORIGINS_PER_LIST} origins per list`);
    else {
      seen.add(entry.toLowerCase());
      kept.push(entry);
    }
  }
  if (refusals > MAX_REFUSALS_PER_LIST) refused.push(`_meta.ui.csp.${name}: ${refusals - MAX_REFUSALS_PER_LIST} more entries refused or cut, not listed`);
  return kept;
}

/** Whether list `name` of a declared `csp` declares something: an array with entries, or any value but `undefined` (refused). */
function declaredSome(csp: Record<string, unknown>, name: CspListName): boolean {
  const list = Object.hasOwn(csp, name) ? csp[name] : undefined;
  return Array.isArray(list) ? list.length > 0 : list !== undefined;
}

/** The `allow` attribute for declared `permissions`, in `PERMISSION_FEATURES` order. */
function allowOf(declared: unknown, hostPolicy: HostPolicy | undefined, refused: string[], approved: ApprovedSandbox): string {
  if (declared === undefined) return "";
  if (!isObject(declared)) {
    refused.push(`_meta.ui.permissions: not an object (${describe(declared)}); none granted`);
    return "";
  }
  for (const key of Object.keys(declared).sort()) {
    if (!Object.hasOwn(PERMISSION_FEATURES, key)) refused.push(`_meta.ui.permissions.${describeKey(key)}: not a permission of this revision (${Object.keys(PERMISSION_FEATURES).join(", ")}); ignored`);
  }
  const features: string[] = [];
  for (const [name, feature] of Object.entries(PERMISSION_FEATURES) as [ViewPermissionName, string][]) {
    if (!Object.hasOwn(declared, name)) continue;
    const value = declared[name];
    if (value === undefined) continue;
    if (!isObject(value)) refused.push(`_meta.ui.permissions.${name}: must be {} (${describe(value)}); not granted`);
    else if (hostPolicy?.permissions !== undefined && hostPolicy.permissions[name] !== true) refused.push(`_meta.ui.permissions.${name}: not granted by the host`);
    else {
      features.push(feature);
      approved.permissions[name] = {};
    }
  }
  return features.join("; ");
}

/** Whether the host lets a declared (already checked) origin in. */
function hostAllows(allowOrigins: HostPolicy["allowOrigins"]): (origin: string, list: CspListName) => boolean {
  if (allowOrigins === undefined) return () => true;
  if (typeof allowOrigins === "function") return (origin, list) => allowOrigins(origin, list) === true;
  const entries = allowOrigins.filter(isCspOrigin).map(parts);
  return (origin) => {
    const declared = parts(origin);
    return entries.some((entry) => covers(entry, declared));
  };
}

/** An origin's scheme, wildcard, host and port, lower case; only for strings `isCspOrigin` accepted. */
interface OriginParts {
  scheme: string;
  wildcard: boolean;
  host: string;
  port: string;
}

function parts(origin: string): OriginParts {
  const lower = origin.toLowerCase();
  const [scheme = "", rest = ""] = lower.split("://", 2);
  const wildcard = rest.startsWith("*.");
  const hostPort = wildcard ? rest.slice(2) : rest;
  const colon = hostPort.indexOf(":");
  return { scheme, wildcard, host: colon === -1 ? hostPort : hostPort.slice(0, colon), port: colon === -1 ? "" : hostPort.slice(colon + 1) };
}

/** Whether the host's entry covers every URL the declared origin matches (so keeping it adds nothing the host did not allow). */
function covers(entry: OriginParts, declared: OriginParts): boolean {
  if (entry.scheme !== declared.scheme || entry.port !== declared.port) return false;
  if (!entry.wildcard) return !declared.wildcard && entry.host === declared.host;
  return (declared.wildcard && declared.host === entry.host) || declared.host.endsWith(`.${entry.host}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as a refusal quotes it: strings as JSON (at most 80 characters), other values by their type. */
function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `a ${typeof value}`;
}

/** A key as a refusal names it: itself when a plain name, else quoted. */
function describeKey(key: string): string {
  return /^[A-Za-z_$][\w$]{0,63}$/.test(key) ? key : `[${describe(key)}]`;
}
