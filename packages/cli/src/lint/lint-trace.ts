/**
 * lint-trace's engine: reads trace records in order and checks each against
 * the schema and the rules no schema can express (lint/rules/catalogue.ts),
 * remembering what later records are checked against (lint/state.ts).
 * Usable without the CLI: feed records to `lint` and collect the findings.
 */
import { INPUT_REQUIRED_METHODS } from "@mrtr/schema";
import type { Finding } from "../report/finding.js";
import { checkMessage } from "../validate/check-message.js";
import { findingsOf } from "../validate/findings.js";
import { BoundedMap, DEFAULT_LIMITS, deeperThan } from "../validate/limits.js";
import { RULES, type RuleId, type Violation } from "./rules/catalogue.js";
import { checkHeaders, learnTools } from "./rules/headers.js";
import { checkInputCapabilities, checkInputRequiredMethod, checkResultType, checkServerRequest } from "./rules/results.js";
import { checkRetry, openRound } from "./rules/rounds.js";
import { isRecord } from "@mrtr/internal";
import { objectOr, requestSeen, TraceState } from "./state.js";
import { readTraceRecord } from "./trace-record.js";

/** Options of a {@link TraceLinter}. */
export interface LintOptions {
  /** The file name findings carry (default "trace"). */
  file?: string;
  /** Rules not to report. */
  disabled?: ReadonlySet<string>;
  /** Deepest nesting of one message (default 100). */
  maxDepth?: number;
  /** Requests, rounds and tools remembered (default 100000; oldest forgotten first). */
  maxTracked?: number;
}

const idKey = (id: unknown) => (typeof id === "string" || typeof id === "number" ? JSON.stringify(id) : undefined);
const MULTI_ROUND: readonly string[] = INPUT_REQUIRED_METHODS;
/** Peers tracked at once (oldest forgotten first). */
const MAX_PEERS = 10_000;

/** Checks a trace, one record at a time, in order. */
export class TraceLinter {
  /** What is remembered, per peer (records without `peer` share one). */
  private readonly peers: BoundedMap<string, TraceState>;
  private readonly maxTracked: number;
  private readonly file: string;
  private readonly disabled: ReadonlySet<string>;
  private readonly maxDepth: number;

  constructor(options: LintOptions = {}) {
    this.file = options.file ?? "trace";
    this.disabled = options.disabled ?? new Set();
    this.maxDepth = options.maxDepth ?? DEFAULT_LIMITS.maxDepth;
    this.maxTracked = options.maxTracked ?? DEFAULT_LIMITS.maxTracked;
    this.peers = new BoundedMap(MAX_PEERS);
  }

  private finding(v: Violation, line: number | undefined): Finding {
    const info = RULES[v.rule];
    return { file: this.file, ...(line !== undefined && { line }), pointer: v.pointer, rule: v.rule, severity: info.severity, message: v.message, cite: v.cite ?? info.cite };
  }

  private keep(findings: Finding[]): Finding[] {
    return findings.filter((f) => !this.disabled.has(f.rule));
  }

  /** The findings of one record (the parsed JSON of one line). */
  lint(value: unknown, line?: number): Finding[] {
    const read = readTraceRecord(value);
    if (!read.ok) return this.keep(read.problems.map((p) => this.finding({ rule: "trace-record", pointer: p.pointer, message: p.message }, line)));
    const { record } = read;
    if (!("message" in record)) return [];
    const peer = record.peer ?? "";
    let state = this.peers.get(peer);
    if (!state) this.peers.set(peer, (state = new TraceState(this.maxTracked)));
    const message = record.message;
    if (deeperThan(message, this.maxDepth)) {
      return this.keep([this.finding({ rule: "message-schema", pointer: "/message", message: `Nested deeper than ${this.maxDepth} levels; not checked` }, line)]);
    }
    const violations: Violation[] = [];
    const m = objectOr(message);
    const key = idKey(m.id);
    const isResponse = !("method" in m) && ("result" in m || "error" in m);
    const answered = isResponse && key !== undefined && record.direction === "server-to-client" ? state.inFlight.get(key) : undefined;

    const check = checkMessage(message, answered ? { requestMethod: answered.method } : {});
    const unit = line !== undefined ? { line } : {};
    const schema = findingsOf(check, message, { file: this.file, unit, prefix: "/message" }).map((f) =>
      f.rule === "message-schema" && f.schemaType ? { ...f, cite: `schema.mdx#${f.schemaType.toLowerCase()}` } : f,
    );

    if (record.direction === "client-to-server") {
      if (typeof m.method === "string" && key !== undefined) {
        const params = objectOr(m.params);
        const request = requestSeen(key, m.method, params, line ?? 0);
        if (state.inFlight.has(key)) {
          const earlier = state.inFlight.get(key)!;
          violations.push({ rule: "request-id-in-flight", pointer: "/message/id", message: `Id ${key} is already in use by the ${earlier.method} request on line ${earlier.line}, which has had no response yet` });
        }
        if (MULTI_ROUND.includes(request.method)) violations.push(...checkRetry(request, params, state));
        state.inFlight.set(key, request);
      }
      if (record.headers) violations.push(...checkHeaders(m, record.headers, state));
    } else {
      violations.push(...checkServerRequest(m));
      if (isResponse && key !== undefined && answered) {
        state.inFlight.delete(key);
        if ("result" in m) {
          violations.push(...checkResultType(m.result));
          const result = objectOr(m.result);
          if (result.resultType === "input_required") {
            violations.push(...checkInputRequiredMethod(answered));
            violations.push(...checkInputCapabilities(answered, result));
            if (MULTI_ROUND.includes(answered.method)) openRound(answered, result, line ?? 0, state);
          }
          if (answered.method === "tools/list" && isRecord(m.result)) learnTools(m.result, state);
        }
      } else if (isResponse && "result" in m) {
        violations.push(...checkResultType(m.result));
      }
    }
    return this.keep([...schema, ...violations.map((v) => this.finding(v, line))]);
  }
}

/** Every rule id, for option checks. */
export const RULE_IDS = Object.keys(RULES) as RuleId[];
