/**
 * viewPolicy: the view's CSP and iframe `allow`, from its `_meta.ui` and the
 * host's policy. Exact policies for the revision's examples, a comparison
 * with the revision's own construction for well-formed declarations, and
 * properties over arbitrary (hostile) declarations: no source that failed
 * the origin check, nothing that ends a directive, never looser than
 * declared or than the host allows, deterministic.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSP_LIST_NAMES, MAX_ORIGINS_PER_LIST, MAX_REFUSALS_PER_LIST, PERMISSION_FEATURES, RESTRICTIVE_DEFAULT_CSP, viewPolicy, type CspListName, type HostPolicy } from "../../src/host/view-policy.js";
import type { ViewMeta } from "../../src/ui-meta.js";
import { isCspOrigin, viewMetaProblems } from "../../src/view-meta-checks.js";

const SEED = 20260126;

/** The revision's "Restrictive Default" block, as printed in "Host Behavior". */
const SPEC_DEFAULT = `
  default-src 'none';
  script-src 'self' 'unsafe-inline';
  style-src 'self' 'unsafe-inline';
  img-src 'self' data:;
  media-src 'self' data:;
  connect-src 'none';
`;

/** The revision's "CSP Construction from Metadata", transcribed as printed (the oracle for well-formed declarations). */
function specConstruction(meta: ViewMeta): { cspValue: string; allowAttribute: string } {
  const csp = meta.csp;
  const permissions = meta.permissions;
  const cspValue = `
  default-src 'none';
  script-src 'self' 'unsafe-inline' ${csp?.resourceDomains?.join(" ") || ""};
  style-src 'self' 'unsafe-inline' ${csp?.resourceDomains?.join(" ") || ""};
  connect-src 'self' ${csp?.connectDomains?.join(" ") || ""};
  img-src 'self' data: ${csp?.resourceDomains?.join(" ") || ""};
  font-src 'self' ${csp?.resourceDomains?.join(" ") || ""};
  media-src 'self' data: ${csp?.resourceDomains?.join(" ") || ""};
  frame-src ${csp?.frameDomains?.join(" ") || "'none'"};
  object-src 'none';
  base-uri ${csp?.baseUriDomains?.join(" ") || "'self'"};
`;
  const allowList: string[] = [];
  if (permissions?.camera) allowList.push("camera");
  if (permissions?.microphone) allowList.push("microphone");
  if (permissions?.geolocation) allowList.push("geolocation");
  return { cspValue, allowAttribute: allowList.join(" ") };
}

/** A policy as [directive, sources][] in its order; whitespace and a trailing `;` do not count. */
function directives(policy: string): [string, string[]][] {
  return policy
    .split(";")
    .map((d) => d.trim().split(/\s+/).filter(Boolean))
    .filter((d) => d.length > 0)
    .map(([name, ...sources]) => [name!, sources]);
}

/** The directives each list feeds. */
const FEEDS: Record<CspListName, string[]> = {
  connectDomains: ["connect-src"],
  resourceDomains: ["script-src", "style-src", "img-src", "font-src", "media-src"],
  frameDomains: ["frame-src"],
  baseUriDomains: ["base-uri"],
};
const LIST_OF = Object.fromEntries(Object.entries(FEEDS).flatMap(([list, names]) => names.map((n) => [n, list as CspListName])));
/** The fixed sources of each directive a declared `csp` gives (`'none'` / `'self'` only when alone). */
const FIXED: Record<string, string[]> = {
  "default-src": ["'none'"],
  "script-src": ["'self'", "'unsafe-inline'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "connect-src": [],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "media-src": ["'self'", "data:"],
  "frame-src": [],
  "object-src": ["'none'"],
  "base-uri": [],
};
const WHEN_EMPTY: Record<string, string> = { "connect-src": "'none'", "frame-src": "'none'", "base-uri": "'self'" };

describe("viewPolicy: the restrictive default", () => {
  it("is exactly the revision's, directive for directive and in its order", () => {
    expect(directives(RESTRICTIVE_DEFAULT_CSP)).toEqual(directives(SPEC_DEFAULT));
    expect(RESTRICTIVE_DEFAULT_CSP).toBe(directives(SPEC_DEFAULT).map(([n, s]) => [n, ...s].join(" ")).join("; "));
  });

  it("applies whenever no csp is declared, whatever else is", () => {
    for (const meta of [undefined, {}, { prefersBorder: true }, { domain: "a.example.com" }, { csp: undefined }, { permissions: { camera: {} } }] as ViewMeta[]) {
      expect(viewPolicy(meta).csp).toBe(RESTRICTIVE_DEFAULT_CSP);
    }
    expect(viewPolicy(undefined)).toEqual({ csp: RESTRICTIVE_DEFAULT_CSP, allow: "", refused: [], approved: { csp: {}, permissions: {} } });
  });

  it("applies, with a refusal, when _meta.ui or its csp is not an object", () => {
    for (const csp of [null, "https://a.example.com", ["https://a.example.com"], 3]) {
      const policy = viewPolicy({ csp } as unknown as ViewMeta);
      expect(policy.csp).toBe(RESTRICTIVE_DEFAULT_CSP);
      expect(policy.refused).toEqual([expect.stringMatching(/^_meta\.ui\.csp: not an object of origin lists .*restrictive default applies$/)]);
    }
    const policy = viewPolicy("csp" as unknown as ViewMeta);
    expect(policy).toEqual({ csp: RESTRICTIVE_DEFAULT_CSP, allow: "", refused: ['_meta.ui: not an object ("csp"); the restrictive default applies'], approved: { csp: {}, permissions: {} } });
  });
});

describe("viewPolicy: a declared csp", () => {
  it("builds the revision's directives, connect-src without 'self'", () => {
    expect(viewPolicy({ csp: {} }).csp).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'none'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; frame-src 'none'; object-src 'none'; base-uri 'self'",
    );
    const policy = viewPolicy({
      csp: {
        connectDomains: ["https://api.openweathermap.org", "wss://realtime.service.com"],
        resourceDomains: ["https://cdn.jsdelivr.net", "https://*.cloudflare.com"],
        frameDomains: ["https://www.youtube.com", "https://player.vimeo.com"],
        baseUriDomains: ["https://cdn.example.com"],
      },
    });
    const r = "https://cdn.jsdelivr.net https://*.cloudflare.com";
    expect(policy).toEqual({
      csp: [
        "default-src 'none'",
        `script-src 'self' 'unsafe-inline' ${r}`,
        `style-src 'self' 'unsafe-inline' ${r}`,
        "connect-src https://api.openweathermap.org wss://realtime.service.com",
        `img-src 'self' data: ${r}`,
        `font-src 'self' ${r}`,
        `media-src 'self' data: ${r}`,
        "frame-src https://www.youtube.com https://player.vimeo.com",
        "object-src 'none'",
        "base-uri https://cdn.example.com",
      ].join("; "),
      allow: "",
      refused: [],
      // What the host approved, as hostCapabilities.sandbox tells the view.
      approved: {
        csp: {
          connectDomains: ["https://api.openweathermap.org", "wss://realtime.service.com"],
          resourceDomains: ["https://cdn.jsdelivr.net", "https://*.cloudflare.com"],
          frameDomains: ["https://www.youtube.com", "https://player.vimeo.com"],
          baseUriDomains: ["https://cdn.example.com"],
        },
        permissions: {},
      },
    });
  });

  it("leaves out, and says why, every entry that is not an origin: keywords, wildcards, schemes, paths, injections", () => {
    const hostile = ["'unsafe-eval'", "'self'", "*", "https:", "data:", "blob:", "https://*", "https://a.example.com/path", "https://a.example.com; script-src *", "https://a.example.com,https://b.example.com", "https://a.example.com https://b.example.com", "https://a.example.com\n", "javascript:alert(1)", "", 42, null, { origin: "https://a.example.com" }];
    const policy = viewPolicy({ csp: { connectDomains: ["https://ok.example.com", ...hostile] as string[] } });
    expect(directives(policy.csp).find(([n]) => n === "connect-src")).toEqual(["connect-src", ["https://ok.example.com"]]);
    expect(policy.refused).toHaveLength(hostile.length);
    hostile.forEach((entry, i) => expect(policy.refused[i]).toMatch(new RegExp(`^_meta\\.ui\\.csp\\.connectDomains\\[${i + 1}\\] .*: not an origin`)));
    expect(policy.refused[0]).toBe(`_meta.ui.csp.connectDomains[1] "'unsafe-eval'": not an origin (http, https, ws or wss, a host with an optional leading *., an optional port; no path, keyword or lone wildcard)`);
    expect(policy.refused[15]).toMatch(/\[16\] null:/);
    // The rule is the registration check's: what viewMetaProblems accepts, and nothing else, goes in.
    for (const entry of hostile) expect(viewMetaProblems({ csp: { connectDomains: [entry as string] } })).toHaveLength(1);
    expect(viewMetaProblems({ csp: { connectDomains: ["https://ok.example.com"] } })).toEqual([]);
  });

  it("says what is ignored: a list that is not an array, a list of no revision", () => {
    const policy = viewPolicy({ csp: { connectDomains: "https://a.example.com", scriptDomains: ["https://a.example.com"] } } as unknown as ViewMeta);
    expect(directives(policy.csp).find(([n]) => n === "connect-src")).toEqual(["connect-src", ["'none'"]]);
    expect(policy.csp).not.toContain("a.example.com");
    expect(policy.refused).toEqual([
      "_meta.ui.csp.scriptDomains: not a list of this revision (connectDomains, resourceDomains, frameDomains, baseUriDomains); ignored",
      '_meta.ui.csp.connectDomains: not an array of origins ("https://a.example.com"); none kept',
    ]);
  });

  it("keeps each origin once (case aside), in the declared order", () => {
    const policy = viewPolicy({ csp: { frameDomains: ["https://b.example.com", "https://A.example.com", "https://b.example.com", "https://a.EXAMPLE.com"] } });
    expect(directives(policy.csp).find(([n]) => n === "frame-src")).toEqual(["frame-src", ["https://b.example.com", "https://A.example.com"]]);
    expect(policy.refused).toEqual([]);
  });

  it(`keeps at most ${MAX_ORIGINS_PER_LIST} origins per list, saying which were cut; lists at most ${MAX_REFUSALS_PER_LIST} refusals per list, then counts`, () => {
    const many = Array.from({ length: MAX_ORIGINS_PER_LIST + 6 }, (_, i) => `https://h${i}.example.com`);
    const policy = viewPolicy({ csp: { resourceDomains: many } });
    expect(directives(policy.csp).find(([n]) => n === "font-src")![1]).toEqual(["'self'", ...many.slice(0, MAX_ORIGINS_PER_LIST)]);
    expect(policy.refused).toEqual(many.slice(MAX_ORIGINS_PER_LIST).map((o, i) => `_meta.ui.csp.resourceDomains[${MAX_ORIGINS_PER_LIST + i}] "${o}": cut: at most ${MAX_ORIGINS_PER_LIST} origins per list`));
    const junk = viewPolicy({ csp: { connectDomains: Array.from({ length: 100_000 }, (_, i) => `'nonce-${i}'`) } });
    expect(junk.refused).toHaveLength(MAX_REFUSALS_PER_LIST + 1);
    expect(junk.refused.at(-1)).toBe(`_meta.ui.csp.connectDomains: ${100_000 - MAX_REFUSALS_PER_LIST} more entries refused or cut, not listed`);
    expect(junk.csp).toContain("connect-src 'none'");
  });

  it("quotes refused values short: a long entry at most 80 characters", () => {
    const long = `https://${"a".repeat(3000)}.example.com`;
    const { refused } = viewPolicy({ csp: { baseUriDomains: [long] } });
    expect(refused).toEqual([`_meta.ui.csp.baseUriDomains[0] ${JSON.stringify(`${long.slice(0, 80)}…`)}: ${refused[0]!.split(": ").slice(1).join(": ")}`]);
    expect(refused[0]!.length).toBeLessThan(300);
  });
});

describe("viewPolicy: the host narrows, never widens", () => {
  const meta: ViewMeta = {
    csp: {
      connectDomains: ["https://api.example.com", "https://other.example.org", "https://x.example.com:8443"],
      resourceDomains: ["https://cdn.example.com", "https://*.static.example.com", "https://*.example.com", "https://example.com"],
    },
  };

  it("a list: an equal entry (case aside), or a wildcard covering the declared origin (same scheme and port)", () => {
    const policy = viewPolicy(meta, { allowOrigins: ["HTTPS://API.example.com", "https://*.example.com", "http://other.example.org"] });
    const by = Object.fromEntries(directives(policy.csp));
    expect(by["connect-src"]).toEqual(["https://api.example.com"]);
    expect(by["script-src"]).toEqual(["'self'", "'unsafe-inline'", "https://cdn.example.com", "https://*.static.example.com", "https://*.example.com"]);
    expect(policy.refused).toEqual([
      '_meta.ui.csp.connectDomains[1] "https://other.example.org": not allowed by the host',
      '_meta.ui.csp.connectDomains[2] "https://x.example.com:8443": not allowed by the host',
      '_meta.ui.csp.resourceDomains[3] "https://example.com": not allowed by the host',
    ]);
    // What is approved is what the CSP names: the host tells the view no more and no less.
    expect(policy.approved.csp).toEqual({ connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com", "https://*.static.example.com", "https://*.example.com"] });
    // A host entry narrower than the declared wildcard does not let the wildcard in.
    const narrow = viewPolicy({ csp: { resourceDomains: ["https://*.example.com"] } }, { allowOrigins: ["https://cdn.example.com", "https://*.cdn.example.com"] });
    expect(narrow.csp).toContain("font-src 'self';");
    // Entries that are not origins match nothing: "*" is not "everything".
    expect(viewPolicy(meta, { allowOrigins: ["*", "https:", "'self'"] }).csp).toBe(viewPolicy({ csp: {} }).csp);
    expect(viewPolicy(meta, { allowOrigins: [] }).csp).toBe(viewPolicy({ csp: {} }).csp);
  });

  it("a function: told the origin and its list, lets in only on true", () => {
    const asked: [string, CspListName][] = [];
    const policy = viewPolicy(meta, {
      allowOrigins: (origin, list) => {
        asked.push([origin, list]);
        return (list === "connectDomains" ? true : ("yes" as unknown as boolean));
      },
    });
    expect(asked).toEqual([...meta.csp!.connectDomains!.map((o) => [o, "connectDomains"]), ...meta.csp!.resourceDomains!.map((o) => [o, "resourceDomains"])]);
    const by = Object.fromEntries(directives(policy.csp));
    expect(by["connect-src"]).toEqual(meta.csp!.connectDomains);
    expect(by["img-src"]).toEqual(["'self'", "data:"]);
    // Never asked about what failed the origin check.
    const hostile: string[] = [];
    viewPolicy({ csp: { connectDomains: ["*", "'unsafe-eval'"] } }, { allowOrigins: (o) => (hostile.push(o), true) });
    expect(hostile).toEqual([]);
  });

  it("permissions: `allow` has what is declared and granted, in a fixed order, joined by '; '", () => {
    const all = { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} };
    expect(viewPolicy({ permissions: { clipboardWrite: {}, camera: {} } }).allow).toBe("camera; clipboard-write");
    expect(viewPolicy({ permissions: all }).allow).toBe("camera; microphone; geolocation; clipboard-write");
    const narrowed = viewPolicy({ permissions: all }, { permissions: { microphone: true, geolocation: false, clipboardWrite: true } });
    expect(narrowed.allow).toBe("microphone; clipboard-write");
    expect(narrowed.approved.permissions).toEqual({ microphone: {}, clipboardWrite: {} });
    expect(narrowed.refused).toEqual(["_meta.ui.permissions.camera: not granted by the host", "_meta.ui.permissions.geolocation: not granted by the host"]);
    // The host grants nothing that was not asked for.
    expect(viewPolicy({}, { permissions: { camera: true, microphone: true, geolocation: true, clipboardWrite: true } })).toEqual({ csp: RESTRICTIVE_DEFAULT_CSP, allow: "", refused: [], approved: { csp: {}, permissions: {} } });
    const odd = viewPolicy({ permissions: { camera: true, microphone: null, usb: {} } } as unknown as ViewMeta);
    expect(odd).toEqual({
      csp: RESTRICTIVE_DEFAULT_CSP,
      allow: "",
      refused: ["_meta.ui.permissions.usb: not a permission of this revision (camera, microphone, geolocation, clipboardWrite); ignored", "_meta.ui.permissions.camera: must be {} (true); not granted", "_meta.ui.permissions.microphone: must be {} (null); not granted"],
      approved: { csp: {}, permissions: {} },
    });
    expect(viewPolicy({ permissions: "camera" } as unknown as ViewMeta).refused).toEqual(['_meta.ui.permissions: not an object ("camera"); none granted']);
  });
});

// ---- arbitrary declarations ----

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/);
/** An origin the check accepts: a scheme of the web, maybe `*.`, one to three labels, maybe a port, maybe in capitals. */
const origin = fc
  .tuple(fc.constantFrom("http", "https", "ws", "wss"), fc.boolean(), fc.array(label, { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), fc.boolean())
  .map(([scheme, wild, labels, port, upper]) => {
    const o = `${scheme}://${wild ? "*." : ""}${labels.join(".")}${port === undefined ? "" : `:${port}`}`;
    return upper ? o.toUpperCase() : o;
  });
/** What a hostile or careless server might put in a list. */
const hostileEntry = fc.oneof(
  fc.constantFrom("'unsafe-eval'", "'unsafe-inline'", "'self'", "'none'", "'strict-dynamic'", "'nonce-abc'", "'sha256-abc='", "*", "https:", "http:", "data:", "blob:", "https://*", "*.example.com", "example.com", "javascript:alert(1)", "", " "),
  fc.tuple(origin, fc.constantFrom(";", "; script-src *", ",", ", https://evil.example", " ", " 'unsafe-eval'", "/", "/path", "?q=1", "#x", "'", '"', "\n", "\r\nX: y", "\u0000", "\t", ":", ":99999x", "\u2028"), fc.boolean()).map(([o, junk, before]) => (before ? junk + o : o + junk)),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom<unknown>(null, undefined, 0, true, {}, [], ["https://a.example.com"]),
);
const entry = fc.oneof({ arbitrary: origin, weight: 3 }, { arbitrary: hostileEntry, weight: 2 });
const list = fc.oneof({ arbitrary: fc.array(entry, { maxLength: 10 }), weight: 6 }, { arbitrary: fc.constantFrom<unknown>("https://a.example.com", null, {}, 7), weight: 1 });
const csp = fc.record(
  { connectDomains: list, resourceDomains: list, frameDomains: list, baseUriDomains: list, scriptDomains: list, ["__proto__" as string]: list },
  { requiredKeys: [] },
);
const permissionValue = fc.constantFrom<unknown>({}, {}, {}, true, false, null, "yes", undefined);
const permissions = fc.record({ camera: permissionValue, microphone: permissionValue, geolocation: permissionValue, clipboardWrite: permissionValue, usb: permissionValue }, { requiredKeys: [] });
const meta = fc.oneof(
  { arbitrary: fc.record({ csp: fc.oneof({ arbitrary: csp, weight: 8 }, { arbitrary: fc.constantFrom<unknown>(undefined, null, "x", []), weight: 1 }), permissions, prefersBorder: fc.boolean() }, { requiredKeys: [] }), weight: 10 },
  { arbitrary: fc.constantFrom<unknown>(undefined, null, "x", 3, []), weight: 1 },
) as fc.Arbitrary<ViewMeta | undefined>;
/** A host policy: none, a list (some declared origins, some wildcards, some junk), a function, granted permissions. */
const hostPolicy: fc.Arbitrary<HostPolicy | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({ allowOrigins: fc.array(fc.oneof(origin, hostileEntry.filter((e): e is string => typeof e === "string")), { maxLength: 8 }) }),
  fc.record({ allowOrigins: fc.func(fc.boolean()) }),
  fc.record({ permissions: fc.record({ camera: fc.boolean(), microphone: fc.boolean(), geolocation: fc.boolean(), clipboardWrite: fc.boolean() }, { requiredKeys: [] }) }),
);

/** The declared list `name` of `m`, when there is one (own property, an array). */
function declaredList(m: unknown, name: CspListName): unknown[] {
  const c = (m as { csp?: unknown } | undefined)?.csp;
  if (typeof c !== "object" || c === null || !Object.hasOwn(c, name)) return [];
  const l = (c as Record<string, unknown>)[name];
  return Array.isArray(l) ? l : [];
}

/** Whether `m` declares a csp object (the construction applies, not the default). */
function declaresCsp(m: unknown): boolean {
  const c = (m as { csp?: unknown } | undefined)?.csp;
  return typeof m === "object" && m !== null && !Array.isArray(m) && typeof c === "object" && c !== null && !Array.isArray(c);
}

describe("viewPolicy over arbitrary declarations (fast-check, seeded)", () => {
  it("never lets in a source that failed the origin check, nor a character that ends a directive or a policy", () => {
    const seen = { constructed: 0, withOrigins: 0, refusedNotOrigin: 0, refusedByHost: 0, allow: 0 };
    fc.assert(
      fc.property(meta, hostPolicy, (m, host) => {
        const { csp: policy, allow, refused } = viewPolicy(m, host);
        if (policy !== RESTRICTIVE_DEFAULT_CSP) seen.constructed++;
        if (/:\/\//.test(policy)) seen.withOrigins++;
        if (refused.some((r) => r.includes("not an origin"))) seen.refusedNotOrigin++;
        if (refused.some((r) => r.includes("by the host"))) seen.refusedByHost++;
        if (allow !== "") seen.allow++;
        // Printable ASCII, single spaces, "; " only between directives, no "," (a second policy).
        expect(policy).toMatch(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/);
        expect(policy).not.toMatch(/[,]/);
        const parts = policy.split("; ");
        for (const part of parts) expect(part).toMatch(/^[a-z-]+( [^\s;,]+)+$/);
        const names = parts.map((p) => p.split(" ")[0]);
        expect(new Set(names).size).toBe(names.length);
        if (!declaresCsp(m)) expect(policy).toBe(RESTRICTIVE_DEFAULT_CSP);
        else {
          expect(names).toEqual(Object.keys(FIXED));
          for (const [name, sources] of directives(policy)) {
            const fixed = FIXED[name]!;
            expect(sources.slice(0, fixed.length)).toEqual(fixed);
            const rest = sources.slice(fixed.length);
            if (rest.length === 1 && rest[0] === WHEN_EMPTY[name]) {
              // base-uri 'self' only when no base was declared.
              if (name === "base-uri") expect(declaredList(m, "baseUriDomains")).toEqual([]);
              continue;
            }
            // A base was declared and none passed: 'none', never a base no one declared.
            if (name === "base-uri" && rest.length === 1 && rest[0] === "'none'") continue;
            for (const source of rest) {
              expect(isCspOrigin(source)).toBe(true);
              // Never looser than declared: each origin is in the list that feeds this directive.
              expect(declaredList(m, LIST_OF[name]!)).toContain(source);
            }
            expect(rest.length).toBeLessThanOrEqual(MAX_ORIGINS_PER_LIST);
          }
        }
        expect(allow).toMatch(/^((camera|microphone|geolocation|clipboard-write)(; (?=.))?)*$/);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // The declarations exercised each path (so the checks above ran on something).
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(150);
  });

  it("the host only narrows: what it lets in is a part of what no host policy gives, and of what it allows", () => {
    fc.assert(
      fc.property(meta, hostPolicy, (m, host) => {
        const open = Object.fromEntries(directives(viewPolicy(m).csp));
        const narrowed = viewPolicy(m, host);
        for (const [name, sources] of directives(narrowed.csp)) {
          // 'none' is the narrowest of all; anything else was in the policy no host narrowed.
          for (const source of sources) if (source !== "'none'") expect(open[name]).toContain(source);
          if (typeof host?.allowOrigins === "function" && LIST_OF[name]) {
            for (const source of sources.filter(isCspOrigin)) expect(host.allowOrigins(source, LIST_OF[name]!)).toBe(true);
          }
          if (Array.isArray(host?.allowOrigins) && LIST_OF[name]) {
            const allowed = (host.allowOrigins as string[]).filter(isCspOrigin).map((o) => o.toLowerCase());
            for (const source of sources.filter(isCspOrigin)) {
              const s = source.toLowerCase();
              const [scheme, rest] = s.split("://") as [string, string];
              expect(allowed.some((a) => a === s || (a.startsWith(`${scheme}://*.`) && (rest.startsWith("*.") ? rest.slice(1) : `.${rest}`).endsWith(a.slice(scheme.length + 4))))).toBe(true);
            }
          }
        }
        const openAllow = viewPolicy(m).allow.split("; ");
        for (const feature of narrowed.allow.split("; ").filter(Boolean)) {
          expect(openAllow).toContain(feature);
          if (host?.permissions) {
            const key = Object.entries(PERMISSION_FEATURES).find(([, f]) => f === feature)![0] as keyof typeof PERMISSION_FEATURES;
            expect(host.permissions[key]).toBe(true);
          }
        }
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("says every declared entry it leaves out, by list and index", () => {
    fc.assert(
      fc.property(meta, hostPolicy, (m, host) => {
        const policy = viewPolicy(m, host);
        if (!declaresCsp(m)) return;
        const by = Object.fromEntries(directives(policy.csp));
        for (const name of CSP_LIST_NAMES) {
          const kept = new Set(FEEDS[name].flatMap((d) => by[d] ?? []));
          const keptLower = [...kept].map((k) => k.toLowerCase());
          declaredList(m, name).forEach((e, i) => {
            if (typeof e === "string" && kept.has(e)) return;
            if (typeof e === "string" && isCspOrigin(e) && keptLower.includes(e.toLowerCase())) return; // a repeat of a kept origin
            expect(policy.refused.some((r) => r.startsWith(`_meta.ui.csp.${name}[${i}] `))).toBe(true);
          });
        }
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("is deterministic, never throws and never changes what it reads", () => {
    fc.assert(
      fc.property(fc.oneof(meta, fc.anything() as fc.Arbitrary<ViewMeta>), hostPolicy, (m, host) => {
        const before = JSON.stringify(m);
        const first = viewPolicy(m, host);
        expect(viewPolicy(m, host)).toEqual(first);
        expect(viewPolicy(structuredClone(m), host)).toEqual(first);
        expect(JSON.stringify(m)).toBe(before);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("for well-formed declarations: the revision's construction, but connect-src without 'self' (or 'none'), and clipboard-write in allow", () => {
    const distinct = fc.uniqueArray(origin, { maxLength: 6, selector: (o) => o.toLowerCase() });
    const wellFormed = fc.record(
      {
        csp: fc.record({ connectDomains: distinct, resourceDomains: distinct, frameDomains: distinct, baseUriDomains: distinct }, { requiredKeys: [] }),
        permissions: fc.record({ camera: fc.constant({}), microphone: fc.constant({}), geolocation: fc.constant({}), clipboardWrite: fc.constant({}) }, { requiredKeys: [] }),
      },
      { requiredKeys: ["csp"] },
    ) as fc.Arbitrary<ViewMeta>;
    fc.assert(
      fc.property(wellFormed, (m) => {
        expect(viewMetaProblems(m)).toEqual([]);
        const ours = viewPolicy(m);
        expect(ours.refused).toEqual([]);
        const spec = specConstruction(m);
        const expected = directives(spec.cspValue).map(([name, sources]): [string, string[]] => {
          if (name !== "connect-src") return [name, sources];
          const declared = sources.filter((s) => s !== "'self'");
          return [name, declared.length > 0 ? declared : ["'none'"]];
        });
        expect(directives(ours.csp)).toEqual(expected);
        const features = spec.allowAttribute.split(" ").filter(Boolean);
        if (m.permissions?.clipboardWrite) features.push("clipboard-write");
        expect(ours.allow).toBe(features.join("; "));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});
