/**
 * Differential test of generated validators against ajv (JSON Schema 2020-12,
 * formats on), the reference. Written for any projection: the caller passes the
 * JSON Schema (already projected) and the validators under test, keyed by the
 * type names of that projection's `$defs`.
 *
 * Inputs, for every example of a type under test (schema/examples/<Type>/*.json):
 * the example itself, then systematic mutations at every path of it (see
 * `mutations`), then seeded fast-check objects merged into it at random object
 * paths; its basic mutations (`basicMutations`) are also judged against every
 * type without examples of its own that accepts it and rejects `{}`
 * (ClientRequest, Result, ...). Against every type under test: every example and invalid example
 * (of any type, including types outside the projection) and seeded fast-check
 * JSON values. Every invalid example of a type under test must be rejected.
 *
 * For each (input, type): ajv's verdict must equal `safeParse(input).success`,
 * and when both accept, `data` must deep-equal the input (strictly: no key
 * stripped, added or coerced). Inputs are deep-frozen, so a validator that
 * writes to its input throws and is reported.
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { ajvFor } from "./ajv.js";
import { readExampleDir, type Example } from "./examples.js";

export interface SafeParser {
  safeParse(x: unknown): { success: boolean; data?: unknown; error?: unknown };
}

export interface DifferentialOptions {
  /** The JSON Schema the validators must match, already projected. */
  jsonSchema: Record<string, unknown>;
  /** Validators under test, by `$defs` name. */
  schemas: Record<string, SafeParser>;
  /** `schema/examples`: one folder per type, one JSON file per case. */
  examplesDir: string;
  /** `schema/examples-invalid`: same layout, every file must be rejected. */
  invalidDir: string;
  seed: number;
  /** Number of fast-check values (of each generator) checked against every type. */
  propertyRuns: number;
  /** fast-check objects merged into each example (default 20). */
  mergesPerExample?: number;
  /** Sub-values of other examples substituted at each object/array path (default 4). */
  substitutionsPerPath?: number;
  /** Findings kept per list; counts stay exact (default 5000). */
  maxFindings?: number;
  /**
   * Also judge each example's basic mutations (`basicMutations`) against every
   * type under test that has no example folder of its own, accepts the
   * example and rejects `{}` (unions such as ClientRequest, bases such as
   * Result; not bags of optional keys such as MetaObject, which accept nearly
   * anything). Default true.
   */
  crossTypeMutations?: boolean;
  /**
   * Inputs with an own "__proto__" key (JSON.parse makes one from `{"__proto__": ...}`;
   * to ajv it is a key like any other). Default true. When false, the
   * `add own "__proto__" field` mutation is off and generated inputs holding
   * such a key are left out (counted in `skippedProtoInputs`).
   */
  protoKeys?: boolean;
  /**
   * The validators report one issue per rejection, carrying `keyword` and
   * `schemaPath` (first-issue mode). Then every rejection is also checked:
   * exactly one issue; its path exists in the input (for `required`, up to
   * the missing key); and the schema at `schemaPath`, compiled by ajv,
   * rejects the value at that path (for `required` and `discriminator`, the
   * object holding the key). Failures go to `badIssues`. Default false.
   */
  firstIssue?: boolean;
}

export type Segment = string | number;

/** One input, with where it comes from. */
export interface Case {
  /** Example file (`CallToolRequest/first-call.json`) or generator (`fc.jsonValue#12`). */
  source: string;
  /** What was done to it: `drop`, `replace with null`, `example itself`, ... */
  mutation: string;
  /** JSON Pointer of the mutated location ("" = the whole input). */
  path: string;
  input: unknown;
}

export interface Finding extends Case {
  type: string;
  ajv: boolean;
  /** `"threw"` when safeParse threw instead of returning. */
  zod: boolean | "threw";
  /** First ajv errors when ajv rejects, first zod issues when zod rejects, or the thrown error. */
  detail: string;
}

export interface NotDeepEqual extends Case {
  type: string;
  output: unknown;
}

/** A rejection whose first issue does not point at a real problem. */
export interface BadIssue extends Case {
  type: string;
  issue: unknown;
  why: string;
}

export interface InvalidAccepted {
  type: string;
  file: string;
  ajv: boolean;
  zod: boolean | "threw";
}

export interface DifferentialReport {
  /** (input, type) pairs judged by both sides. */
  compared: number;
  /** Of those, pairs both sides accepted (so the deep-equal check ran). */
  accepted: number;
  /** Types compared (in both `schemas` and the schema's `$defs`). */
  types: string[];
  /** `$defs` names with no validator under test. */
  missingValidators: string[];
  /** Validators under test with no `$defs` entry. */
  extraValidators: string[];
  /** Example folders skipped because their type is not under test (inputs for other types still). */
  skippedExampleTypes: string[];
  /** Types under test with no example folder: judged only on other types' examples and generated values. */
  typesWithoutExamples: string[];
  /** Generated inputs left out because `protoKeys` is false. */
  skippedProtoInputs: number;
  disagreements: Finding[];
  notDeepEqual: NotDeepEqual[];
  invalidAccepted: InvalidAccepted[];
  /** First-issue mode: rejections whose issue is wrong (see `firstIssue`). */
  badIssues: BadIssue[];
  /** First-issue mode: rejections whose issue was checked against ajv. */
  issuesChecked: number;
  /** Exact counts (the lists above are capped at `maxFindings`). */
  totals: { disagreements: number; notDeepEqual: number; invalidAccepted: number; badIssues: number };
  /** Cases per mutation kind. */
  byMutation: Record<string, number>;
  durationMs: number;
}

// ---------------------------------------------------------------------------
// Values

/** Format probes: malformed and well-formed values of the formats MCP uses or might. */
export const FORMAT_PROBES: ReadonlyArray<readonly [label: string, value: string]> = [
  ["malformed uri", "not a uri"],
  ["malformed uri", "http://exa mple.com"],
  ["malformed date-time", "2026-13-45T99:00:00Z"],
  ["malformed email", "a@"],
  ["malformed base64", "@@@"],
  ["malformed base64", "abc"],
  ["malformed uri-template", "https://example.com/{"],
  ["valid uri", "https://example.com/a/b?c=d#e"],
  ["valid email", "someone@example.com"],
  ["valid date", "2026-07-28"],
  ["valid date-time", "2026-07-28T12:34:56Z"],
  ["valid base64", "aGVsbG8gd29ybGQ="],
  ["valid uri-template", "file:///{path}"],
];

/** Replacement values tried at every path, besides the schema's constants. The first `BASIC_REPLACEMENTS` are the basic set. */
export const REPLACEMENTS: ReadonlyArray<readonly [label: string, value: unknown]> = [
  ["string", "mrtr"],
  ["number", 42],
  ["boolean", true],
  ["object", {}],
  ["array", []],
  ["null", null],
  ["boolean false", false],
  ["empty string", ""],
  ["non-integer 1.5", 1.5],
  ["2^53+2", 2 ** 53 + 2],
  ["1e300", 1e300],
  ["negative -1", -1],
  ["negative -0.5", -0.5],
  ["negative zero", -0],
  ["zero", 0],
  ["one", 1],
  ["two", 2],
  ...FORMAT_PROBES.map(([label, value]) => [`${label} ${JSON.stringify(value)}`, value] as const),
];
/** string, number, boolean, object, array, null. */
export const BASIC_REPLACEMENTS = 6;

/** Every string `const` and string `enum` member anywhere in the schema (discriminators, methods, ...). */
export function schemaConstants(schema: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    const obj = node as Record<string, unknown>;
    if (typeof obj.const === "string") out.add(obj.const);
    if (Array.isArray(obj.enum)) for (const e of obj.enum) if (typeof e === "string") out.add(e);
    for (const v of Object.values(obj)) walk(v);
  };
  walk(schema);
  return [...out].sort();
}

/** Every property name the schema declares (keys for generated objects). */
export function schemaPropertyNames(schema: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    const obj = node as Record<string, unknown>;
    if (obj.properties && typeof obj.properties === "object" && !Array.isArray(obj.properties)) {
      for (const k of Object.keys(obj.properties)) out.add(k);
    }
    for (const v of Object.values(obj)) walk(v);
  };
  walk(schema);
  return [...out].sort();
}

// ---------------------------------------------------------------------------
// Paths and immutable edits

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function pointer(path: readonly Segment[]): string {
  return path.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** Every path in a JSON value, root first, depth-first. */
export function allPaths(value: unknown, prefix: Segment[] = []): Segment[][] {
  const out: Segment[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...allPaths(v, [...prefix, i])));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) out.push(...allPaths(v, [...prefix, k]));
  return out;
}

export function getAt(value: unknown, path: readonly Segment[]): unknown {
  let cur = value;
  for (const s of path) cur = (cur as Record<string | number, unknown>)[s];
  return cur;
}

/** Own data property, also for "__proto__" (plain assignment would set the prototype). */
function define(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function shallowCopy(v: unknown): Record<string | number, unknown> {
  if (Array.isArray(v)) return [...v] as unknown as Record<number, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) define(out, k, x);
  return out;
}

/**
 * A copy of `root` with the node at `path` passed through `edit` (which gets a
 * fresh shallow copy of the parent). Untouched subtrees are shared.
 */
function editParent(root: unknown, path: readonly Segment[], edit: (parent: Record<string | number, unknown>, last: Segment) => void): unknown {
  if (path.length === 0) throw new Error("editParent needs a non-empty path");
  const copy = shallowCopy(root);
  const [head, ...rest] = path;
  if (rest.length === 0) edit(copy, head!);
  else {
    const child = editParent(copy[head!], rest, edit);
    if (Array.isArray(copy)) (copy as unknown[])[head as number] = child;
    else define(copy as Record<string, unknown>, head as string, child);
  }
  return copy;
}

export function setAt(root: unknown, path: readonly Segment[], value: unknown): unknown {
  if (path.length === 0) return value;
  return editParent(root, path, (parent, last) => {
    if (Array.isArray(parent)) (parent as unknown[])[last as number] = value;
    else define(parent, last as string, value);
  });
}

export function dropAt(root: unknown, path: readonly Segment[]): unknown {
  return editParent(root, path, (parent, last) => {
    if (Array.isArray(parent)) (parent as unknown[]).splice(last as number, 1);
    else delete parent[last];
  });
}

/** Whether any object in `v` has an own "__proto__" key. */
export function hasProtoKey(v: unknown): boolean {
  if (v === null || typeof v !== "object") return false;
  if (!Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, "__proto__")) return true;
  return Object.values(v).some(hasProtoKey);
}

export function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === "object" && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}

/** Tiny seeded PRNG (mulberry32) for picks outside fast-check. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------
// Mutations

export interface MutationContext {
  /** String constants of the schema, each tried at every path. */
  constants: readonly string[];
  /** Object / array sub-values of all examples, substituted at object/array paths. */
  pool: ReadonlyArray<{ source: string; value: unknown }>;
  substitutionsPerPath: number;
  random: () => number;
  /** Add an own "__proto__" key to every object (default true). */
  protoKeys?: boolean;
}

export interface Mutation {
  mutation: string;
  path: string;
  input: unknown;
}

/**
 * Systematic mutations of `example` at every path (the root included):
 * drop the key / element; add an unknown key (and an own "__proto__" key) to
 * every object; grow every non-empty array by one and past 100 elements;
 * replace the value by each of `REPLACEMENTS` and each schema constant; at
 * object/array paths, substitute sub-values of other examples.
 */
export function* mutations(example: unknown, ctx: MutationContext): Generator<Mutation> {
  for (const path of allPaths(example)) {
    const at = pointer(path);
    const here = getAt(example, path);
    yield* dropAndAdd(example, path, ctx.protoKeys !== false);
    if (Array.isArray(here) && here.length > 0) {
      yield { mutation: "grow array by one", path: at, input: setAt(example, path, [...here, here[here.length - 1]]) };
      const long: unknown[] = [];
      while (long.length <= 100) long.push(...here);
      yield { mutation: "grow array past 100", path: at, input: setAt(example, path, long) };
    }
    for (const [label, value] of REPLACEMENTS) {
      yield { mutation: `replace with ${label}`, path: at, input: setAt(example, path, value) };
    }
    for (const c of ctx.constants) {
      yield { mutation: "replace with constant", path: at, input: setAt(example, path, c) };
    }
    if ((isObject(here) || Array.isArray(here)) && ctx.pool.length > 0) {
      for (let i = 0; i < ctx.substitutionsPerPath; i++) {
        const pick = ctx.pool[Math.floor(ctx.random() * ctx.pool.length)]!;
        yield { mutation: `substitute a sub-value of another example`, path: at, input: setAt(example, path, pick.value) };
      }
    }
  }
}

/** Drop the value at `path`; at an object, add an unknown key (and an own "__proto__" key). */
function* dropAndAdd(example: unknown, path: Segment[], protoKeys: boolean): Generator<Mutation> {
  const at = pointer(path);
  const here = getAt(example, path);
  if (path.length > 0) yield { mutation: "drop", path: at, input: dropAt(example, path) };
  if (isObject(here)) {
    const added = shallowCopy(here);
    define(added, "x-mrtr-unknown", "unknown value");
    yield { mutation: "add unknown field", path: at, input: setAt(example, path, added) };
    if (protoKeys) {
      const proto = shallowCopy(here);
      define(proto, "__proto__", { polluted: true });
      yield { mutation: 'add own "__proto__" field', path: at, input: setAt(example, path, proto) };
    }
  }
}

/**
 * The cheaper set, for judging an example's mutations against the other types
 * that accept it: at every path drop, add an unknown key (and an own
 * "__proto__" key), replace by a value of each JSON type and by null; where
 * the value is one of the schema's constants (a discriminator, a method),
 * replace it by every other constant.
 */
export function* basicMutations(example: unknown, ctx: Pick<MutationContext, "constants" | "protoKeys">): Generator<Mutation> {
  const constants = new Set(ctx.constants);
  for (const path of allPaths(example)) {
    const at = pointer(path);
    const here = getAt(example, path);
    yield* dropAndAdd(example, path, ctx.protoKeys !== false);
    for (const [label, value] of REPLACEMENTS.slice(0, BASIC_REPLACEMENTS)) {
      yield { mutation: `replace with ${label}`, path: at, input: setAt(example, path, value) };
    }
    if (typeof here === "string" && constants.has(here)) {
      for (const c of ctx.constants) {
        if (c !== here) yield { mutation: "replace with constant", path: at, input: setAt(example, path, c) };
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Generated values

/** JSON values built from the schema's own vocabulary: property names, constants, format probes. */
export function nearJsonArbitrary(constants: readonly string[], propertyNames: readonly string[], pool: readonly unknown[]): fc.Arbitrary<unknown> {
  const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...propertyNames) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  const leaf = fc.oneof(
    fc.constantFrom(...constants),
    fc.constantFrom(...REPLACEMENTS.map(([, v]) => v)),
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const withPool = pool.length > 0 ? fc.oneof(leaf, fc.constantFrom(...pool)) : leaf;
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      withPool,
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(key, tie("value"), { maxKeys: 6, noNullPrototype: true }),
    ),
  }));
  return value;
}

// ---------------------------------------------------------------------------
// Reading examples

type ExampleFile = Pick<Example, "type" | "file" | "data">;

/** The examples under `dir` (`file` is `<Type>/<name>.json`), frozen so a validator cannot write to them. */
function readExamples(dir: string): ExampleFile[] {
  return readExampleDir(dir).map((e) => ({ type: e.type, file: e.file, data: deepFreeze(e.data) }));
}

// ---------------------------------------------------------------------------
// The run

const truncate = (s: string, n = 240): string => (s.length > n ? s.slice(0, n) + `… (${s.length} chars)` : s);

export function show(v: unknown, n = 240): string {
  try {
    return truncate(JSON.stringify(v) ?? String(v), n);
  } catch {
    return String(v);
  }
}

function ajvDetail(errors: ReadonlyArray<{ instancePath: string; message?: string; keyword: string }> | null | undefined): string {
  if (!errors || errors.length === 0) return "";
  // Deepest first: inside a union, the member that got furthest says most.
  return [...errors]
    .sort((a, b) => b.instancePath.split("/").length - a.instancePath.split("/").length)
    .slice(0, 3)
    .map((e) => `${e.instancePath || "/"} ${e.keyword}: ${e.message ?? ""}`)
    .join("; ");
}

function zodDetail(error: unknown): string {
  const issues = (error as { issues?: Array<{ path?: Segment[]; message?: string; code?: string }> } | undefined)?.issues;
  if (!Array.isArray(issues)) return show(error, 200);
  return issues
    .slice(0, 3)
    .map((i) => `${pointer(i.path ?? []) || "/"} ${i.code ?? ""}: ${i.message ?? ""}`)
    .join("; ");
}

export function runDifferential(options: DifferentialOptions): DifferentialReport {
  const started = performance.now();
  const maxFindings = options.maxFindings ?? 5000;
  const defs = options.jsonSchema.$defs as Record<string, unknown>;
  const types = Object.keys(options.schemas).filter((t) => t in defs).sort();
  const under = new Set(types);
  const validator = ajvFor(options.jsonSchema);

  const report: DifferentialReport = {
    compared: 0,
    accepted: 0,
    types,
    missingValidators: Object.keys(defs).filter((t) => !(t in options.schemas)).sort(),
    extraValidators: Object.keys(options.schemas).filter((t) => !(t in defs)).sort(),
    skippedExampleTypes: [],
    typesWithoutExamples: [],
    skippedProtoInputs: 0,
    disagreements: [],
    notDeepEqual: [],
    invalidAccepted: [],
    badIssues: [],
    issuesChecked: 0,
    totals: { disagreements: 0, notDeepEqual: 0, invalidAccepted: 0, badIssues: 0 },
    byMutation: {},
    durationMs: 0,
  };

  /** Why the single issue of a first-issue rejection is wrong, or undefined when it is right. */
  const wrongIssue = (error: unknown, input: unknown): string | undefined => {
    const issues = (error as { issues?: Array<{ path?: Segment[]; keyword?: unknown; schemaPath?: unknown }> } | undefined)?.issues;
    if (!Array.isArray(issues) || issues.length !== 1) return `expected exactly one issue, got ${Array.isArray(issues) ? issues.length : "none"}`;
    const { path = [], keyword, schemaPath } = issues[0]!;
    if (typeof keyword !== "string" || typeof schemaPath !== "string" || !schemaPath.startsWith("#/$defs/")) return "no keyword / schemaPath";
    const holder = keyword === "required" || keyword === "discriminator";
    const at = holder ? path.slice(0, -1) : path;
    let cur: unknown = input;
    for (const seg of at) {
      if (cur === null || typeof cur !== "object" || !Object.prototype.hasOwnProperty.call(cur, seg)) return `path ${pointer(path)} does not exist in the input`;
      cur = (cur as Record<string | number, unknown>)[seg];
    }
    if (holder) {
      const key = path[path.length - 1];
      const present = cur !== null && typeof cur === "object" && Object.prototype.hasOwnProperty.call(cur, key as string);
      if (keyword === "required" && present) return `"required" issue for ${String(key)}, which is present`;
      if (keyword === "discriminator" && !present) return `"discriminator" issue for ${String(key)}, which is absent`;
    }
    if (keyword === "depth") return undefined;
    const sub = validator(encodeURI(schemaPath.slice("#/$defs/".length)));
    if (sub(cur)) return `the schema at ${schemaPath} accepts the value at ${pointer(at) || "/"}`;
    return undefined;
  };

  /** Judges one input against one type; returns both verdicts. */
  const judge = (type: string, c: Case): { ajv: boolean; zod: boolean | "threw" } => {
    const validate = validator(type);
    const ajv = validate(c.input) as boolean;
    let result: ReturnType<SafeParser["safeParse"]>;
    try {
      result = options.schemas[type]!.safeParse(c.input);
    } catch (e) {
      report.totals.disagreements++;
      if (report.disagreements.length < maxFindings) {
        report.disagreements.push({ ...c, type, ajv, zod: "threw", detail: `safeParse threw: ${String(e)}` });
      }
      return { ajv, zod: "threw" };
    }
    report.compared++;
    if (ajv && result.success) report.accepted++;
    report.byMutation[c.mutation] = (report.byMutation[c.mutation] ?? 0) + 1;
    if (ajv !== result.success) {
      report.totals.disagreements++;
      if (report.disagreements.length < maxFindings) {
        const detail = ajv ? `zod: ${zodDetail(result.error)}` : `ajv: ${ajvDetail(validate.errors)}`;
        report.disagreements.push({ ...c, type, ajv, zod: result.success, detail });
      }
    } else if (!ajv && options.firstIssue) {
      const why = wrongIssue(result.error, c.input);
      report.issuesChecked++;
      if (why !== undefined) {
        report.totals.badIssues++;
        if (report.badIssues.length < maxFindings) report.badIssues.push({ ...c, type, issue: (result.error as { issues?: unknown[] } | undefined)?.issues, why });
      }
    } else if (ajv && !isDeepStrictEqual(result.data, c.input)) {
      report.totals.notDeepEqual++;
      if (report.notDeepEqual.length < maxFindings) report.notDeepEqual.push({ ...c, type, output: result.data });
    }
    return { ajv, zod: result.success };
  };

  const valid = readExamples(options.examplesDir);
  const invalid = readExamples(options.invalidDir);
  report.skippedExampleTypes = [...new Set(valid.map((e) => e.type).filter((t) => !under.has(t)))].sort();
  const withExamples = new Set(valid.map((e) => e.type));
  report.typesWithoutExamples = types.filter((t) => !withExamples.has(t));
  const protoKeys = options.protoKeys !== false;
  /** False (and counted) when `protoKeys` is off and the value holds an own "__proto__" key. */
  const admit = (v: unknown): boolean => {
    if (protoKeys || !hasProtoKey(v)) return true;
    report.skippedProtoInputs++;
    return false;
  };

  const constants = schemaConstants(options.jsonSchema);
  const propertyNames = schemaPropertyNames(options.jsonSchema);
  const pool: Array<{ source: string; value: unknown }> = [];
  const seen = new Set<string>();
  for (const e of valid) {
    for (const p of allPaths(e.data)) {
      const v = getAt(e.data, p);
      if (v === null || typeof v !== "object") continue;
      const key = JSON.stringify(v);
      if (seen.has(key)) continue;
      seen.add(key);
      pool.push({ source: `${e.file}${pointer(p)}`, value: v });
    }
  }
  const random = prng(options.seed);
  const ctx: MutationContext = { constants, pool, substitutionsPerPath: options.substitutionsPerPath ?? 4, random, protoKeys };

  // 1. Each example of a type under test: itself, systematic mutations, merged fast-check objects.
  const mergeValue = fc.oneof(fc.jsonValue(), nearJsonArbitrary(constants, propertyNames, pool.map((p) => p.value)));
  const mergeKey = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...propertyNames) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  const mergeArb = fc.tuple(fc.nat(), fc.dictionary(mergeKey, mergeValue, { minKeys: 1, maxKeys: 3, noNullPrototype: true }));
  valid.forEach((example, index) => {
    if (!under.has(example.type)) return;
    const source = example.file;
    judge(example.type, { source, mutation: "example itself", path: "", input: example.data });
    for (const m of mutations(example.data, ctx)) judge(example.type, { source, ...deepFreeze(m) });
    if (options.crossTypeMutations !== false) {
      const others = types.filter((t) => t !== example.type && !withExamples.has(t) && !validator(t)({}) && validator(t)(example.data));
      if (others.length > 0) {
        for (const m of basicMutations(example.data, ctx)) {
          const c = { source: `${source} (as ${others.length} other types)`, ...deepFreeze(m) };
          for (const t of others) judge(t, c);
        }
      }
    }
    const objectPaths = allPaths(example.data).filter((p) => isObject(getAt(example.data, p)));
    if (objectPaths.length === 0) return;
    const merges = fc.sample(mergeArb, { numRuns: options.mergesPerExample ?? 20, seed: options.seed + index });
    for (const [n, extra] of merges) {
      const path = objectPaths[n % objectPaths.length]!;
      const merged = shallowCopy(getAt(example.data, path));
      for (const [k, v] of Object.entries(extra)) define(merged, k, v);
      if (!admit(merged)) continue;
      judge(example.type, { source, mutation: "merge a fast-check object", path: pointer(path), input: deepFreeze(setAt(example.data, path, merged)) });
    }
  });

  // 2. Every example and invalid example, of any type, against every type under test.
  for (const e of [...valid, ...invalid]) {
    for (const type of types) {
      if (type === e.type) continue; // judged above / below
      judge(type, { source: e.file, mutation: `example of ${e.type} as another type`, path: "", input: e.data });
    }
  }

  // 3. Seeded fast-check values against every type under test.
  const generated: Array<[string, fc.Arbitrary<unknown>]> = [
    ["fc.jsonValue", fc.jsonValue()],
    ["schema-vocabulary JSON", nearJsonArbitrary(constants, propertyNames, pool.map((p) => p.value))],
  ];
  for (const [name, arb] of generated) {
    fc.sample(arb, { numRuns: options.propertyRuns, seed: options.seed }).forEach((value, i) => {
      if (!admit(value)) return;
      const input = deepFreeze(value);
      for (const type of types) judge(type, { source: `${name}#${i}`, mutation: name, path: "", input });
    });
  }

  // 4. Invalid examples of a type under test: both sides reject.
  for (const e of invalid) {
    if (!under.has(e.type)) continue;
    const { ajv, zod } = judge(e.type, { source: e.file, mutation: "invalid example", path: "", input: e.data });
    if (ajv || zod !== false) {
      report.totals.invalidAccepted++;
      if (report.invalidAccepted.length < maxFindings) report.invalidAccepted.push({ type: e.type, file: e.file, ajv, zod });
    }
  }

  report.durationMs = Math.round(performance.now() - started);
  return report;
}

// ---------------------------------------------------------------------------
// Reporting

/** Findings grouped by type, mutation kind, path shape (indices as *) and verdicts, largest first. */
export function groupFindings<F extends Case & { type: string; ajv?: boolean; zod?: boolean | "threw" }>(findings: readonly F[]): Array<{ key: string; count: number; first: F }> {
  const groups = new Map<string, { key: string; count: number; first: F }>();
  for (const f of findings) {
    const shape = f.path.replace(/\/\d+(?=\/|$)/g, "/*");
    const verdicts = f.ajv === undefined ? "" : ` | ajv ${f.ajv ? "accepts" : "rejects"}, zod ${f.zod === "threw" ? "throws" : f.zod ? "accepts" : "rejects"}`;
    const key = `${f.type} | ${f.mutation} | ${shape || "(root)"}${verdicts}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { key, count: 1, first: f });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** A readable account of what went wrong: the first `limit` findings of each list, and the groups. */
export function formatReport(report: DifferentialReport, limit = 20): string {
  const lines: string[] = [];
  const verdict = (b: boolean | "threw") => (b === "threw" ? "throws" : b ? "accepts" : "rejects");
  if (report.missingValidators.length) lines.push(`no validator for: ${report.missingValidators.join(", ")}`);
  if (report.extraValidators.length) lines.push(`validators for types the schema lacks: ${report.extraValidators.join(", ")}`);
  if (report.totals.disagreements) {
    lines.push(`${report.totals.disagreements} disagreements; first ${Math.min(limit, report.disagreements.length)}:`);
    for (const d of report.disagreements.slice(0, limit)) {
      lines.push(`  ${d.type} ← ${d.source} | ${d.mutation} at ${d.path || "(root)"} | ajv ${verdict(d.ajv)}, zod ${verdict(d.zod)}`);
      lines.push(`    input: ${show(d.input)}`);
      if (d.detail) lines.push(`    ${d.detail}`);
    }
    lines.push(`  grouped (type | mutation | path | verdicts):`);
    for (const g of groupFindings(report.disagreements).slice(0, 40)) lines.push(`    ${g.count}× ${g.key}`);
  }
  if (report.totals.notDeepEqual) {
    lines.push(`${report.totals.notDeepEqual} accepted inputs whose parse result differs; first ${Math.min(limit, report.notDeepEqual.length)}:`);
    for (const d of report.notDeepEqual.slice(0, limit)) {
      lines.push(`  ${d.type} ← ${d.source} | ${d.mutation} at ${d.path || "(root)"}`);
      lines.push(`    input:  ${show(d.input)}`);
      lines.push(`    output: ${show(d.output)}`);
    }
    lines.push(`  grouped (type | mutation | path):`);
    for (const g of groupFindings(report.notDeepEqual).slice(0, 40)) lines.push(`    ${g.count}× ${g.key}`);
  }
  if (report.totals.badIssues) {
    lines.push(`${report.totals.badIssues} rejections whose first issue is wrong; first ${Math.min(limit, report.badIssues.length)}:`);
    for (const d of report.badIssues.slice(0, limit)) {
      lines.push(`  ${d.type} ← ${d.source} | ${d.mutation} at ${d.path || "(root)"}: ${d.why}`);
      lines.push(`    input: ${show(d.input)}`);
      lines.push(`    issue: ${show(d.issue)}`);
    }
    lines.push(`  grouped (type | mutation | path):`);
    for (const g of groupFindings(report.badIssues).slice(0, 40)) lines.push(`    ${g.count}× ${g.key}`);
  }
  if (report.totals.invalidAccepted) {
    lines.push(`${report.totals.invalidAccepted} invalid examples accepted:`);
    for (const d of report.invalidAccepted.slice(0, limit)) lines.push(`  ${d.file}: ajv ${verdict(d.ajv)}, zod ${verdict(d.zod)}`);
  }
  return lines.join("\n");
}
