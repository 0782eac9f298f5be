/**
 * `mrtr validate FILE… [--type TypeName]`: validates JSON-RPC messages (or
 * values of one named type) in `.json` and `.jsonl` files, or stdin (`-`),
 * with the exact generated validators of the full protocol. Deprecated
 * features pass, with a warning each.
 */
import { choice, parse, positiveInt } from "../args.js";
import type { CommandContext } from "../context.js";
import { EXIT_OK, UsageError, type ExitCode } from "../exit-codes.js";
import { InputError, openInput } from "../io/input.js";
import { looksLikeTraceRecord } from "../lint/trace-record.js";
import { FORMATS } from "../report/reporter.js";
import { startRun } from "../report/run.js";
import { checkAsType, checkMessage, type MessageCheck } from "./check-message.js";
import { findingsOf } from "./findings.js";
import { fullSchemas } from "./full-protocol.js";
import { BoundedMap, DEFAULT_LIMITS, deeperThan, type Limits } from "./limits.js";
import { modeOf, readUnits, type InputMode } from "./units.js";

export const VALIDATE_HELP = `Usage: mrtr validate FILE... [options]

Validates Model Context Protocol (draft 2026-07-28) messages with the exact
generated validators. FILE is a .json file (one message, or an array of them),
a .jsonl file (one message or trace record per line, streamed), or - for stdin.
Without --type each message is classified: requests and notifications by
method, responses by shape, and a response whose request appears earlier in
the same file against that method's result type. Deprecated features
(sampling, roots, logging) are valid and reported as warnings.

Options:
  --type NAME           validate every value as this schema type (e.g. Tool)
  --format FORMAT       human (default), json (JSON Lines), github (annotations)
  --input MODE          json or jsonl (default: by extension; stdin is jsonl)
  --strict              warnings fail too (exit 1)
  --max-line-bytes N    longest JSONL line (default ${DEFAULT_LIMITS.maxLineBytes})
  --max-file-bytes N    largest .json file (default ${DEFAULT_LIMITS.maxFileBytes})
  --max-depth N         deepest nesting in one message (default ${DEFAULT_LIMITS.maxDepth})
  -h, --help            this help

Exit status: 0 valid, 1 invalid, 2 usage or I/O error.
`;

/** Close names for an unknown --type. */
function suggest(name: string): string {
  const lower = name.toLowerCase();
  const close = Object.keys(fullSchemas).filter((n) => n.toLowerCase().includes(lower) || lower.includes(n.toLowerCase())).slice(0, 5);
  return close.length > 0 ? ` Did you mean ${close.join(", ")}?` : " The names are the definitions of @mrtr/schema/schema.json (e.g. CallToolRequest, Tool).";
}

const idKey = (id: unknown) => (typeof id === "string" || typeof id === "number" ? JSON.stringify(id) : undefined);

export async function validateCommand(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  const { values, positionals } = parse("validate", argv, {
    type: { type: "string" },
    format: { type: "string" },
    input: { type: "string" },
    strict: { type: "boolean" },
    "max-line-bytes": { type: "string" },
    "max-file-bytes": { type: "string" },
    "max-depth": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    ctx.stdout.write(VALIDATE_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError("mrtr validate needs at least one FILE (or - for stdin). See `mrtr validate --help`.");
  const format = choice("format", values.format, FORMATS, "human");
  const forced = values.input === undefined ? undefined : choice<InputMode>("input", values.input, ["json", "jsonl"], "jsonl");
  const limits: Limits = {
    maxLineBytes: positiveInt("max-line-bytes", values["max-line-bytes"], DEFAULT_LIMITS.maxLineBytes),
    maxFileBytes: positiveInt("max-file-bytes", values["max-file-bytes"], DEFAULT_LIMITS.maxFileBytes),
    maxDepth: positiveInt("max-depth", values["max-depth"], DEFAULT_LIMITS.maxDepth),
    maxTracked: DEFAULT_LIMITS.maxTracked,
  };
  const type = values.type;
  if (type !== undefined && !Object.prototype.hasOwnProperty.call(fullSchemas, type)) throw new UsageError(`Unknown type ${JSON.stringify(type)}.${suggest(type)}`);
  if (positionals.filter((f) => f === "-").length > 1) throw new UsageError("stdin (-) can be read once only");

  const { summary, emit, fileError, end } = startRun(format, ctx);

  for (const file of positionals) {
    summary.files++;
    let source;
    try {
      source = await openInput(file, ctx.stdin);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      await fileError(file, error.message);
      continue;
    }
    const mode = forced ?? (file === "-" ? "jsonl" : modeOf(file));
    const methods = new BoundedMap<string, string>(limits.maxTracked);
    try {
      for await (const unit of readUnits(source, mode, limits, type === undefined)) {
        summary.messages++;
        if (unit.problem) {
          summary.invalid++;
          await emit([{ file, ...(unit.line !== undefined && { line: unit.line }), ...(unit.column !== undefined && { column: unit.column }), pointer: "", rule: unit.problem.rule, severity: "error", message: unit.problem.message }]);
          continue;
        }
        let value = unit.value;
        let prefix = "";
        if (type === undefined && looksLikeTraceRecord(value)) {
          const record = value as { message?: unknown };
          if (!("message" in record)) continue;
          value = record.message;
          prefix = "/message";
        }
        if (deeperThan(value, limits.maxDepth)) {
          summary.invalid++;
          await emit([{ file, ...(unit.line !== undefined && { line: unit.line }), pointer: prefix, rule: "too-deep", severity: "error", message: `Nested deeper than ${limits.maxDepth} levels (--max-depth)` }]);
          continue;
        }
        let check: MessageCheck;
        if (type !== undefined) check = checkAsType(value, type);
        else {
          const v = value as Record<string, unknown> | null;
          const key = v && typeof v === "object" ? idKey(v.id) : undefined;
          const isResponse = v && typeof v === "object" && !("method" in v) && ("result" in v || "error" in v);
          const requestMethod = isResponse && key !== undefined ? methods.get(key) : undefined;
          check = checkMessage(value, requestMethod !== undefined ? { requestMethod } : {});
          if (check.kind === "request" && check.method && key !== undefined) methods.set(key, check.method);
          if (isResponse && key !== undefined) methods.delete(key);
        }
        if (await emit(findingsOf(check, value, { file, unit, prefix: unit.prefix + prefix }))) summary.invalid++;
      }
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      await fileError(file, error.message);
    }
  }
  return end(type === undefined ? "message" : "value", values.strict === true);
}
