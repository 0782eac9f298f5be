/**
 * `mrtr lint-trace TRACE.jsonl…`: checks recorded client-server traffic (the
 * trace format of docs/trace-format.md) against the schema and the rules no
 * schema can express. Each finding names its rule and the specification page
 * it comes from.
 */
import { choice, parse, positiveInt } from "../args.js";
import type { CommandContext } from "../context.js";
import { EXIT_OK, UsageError, type ExitCode } from "../exit-codes.js";
import { InputError, openInput } from "../io/input.js";
import type { Finding } from "../report/finding.js";
import { FORMATS } from "../report/reporter.js";
import { startRun } from "../report/run.js";
import { DEFAULT_LIMITS } from "../validate/limits.js";
import { readUnits } from "../validate/units.js";
import { RULE_IDS, TraceLinter } from "./lint-trace.js";
import { RULES } from "./rules/catalogue.js";

export const LINT_HELP = `Usage: mrtr lint-trace TRACE... [options]

Checks recorded Model Context Protocol traffic (JSON Lines, one record per
message: {"direction":"client-to-server"|"server-to-client","message":{...},
"headers":{...},"status":200,"time":"..."}; see docs/trace-format.md) against
the schema and the rules no schema can express: retries (new id, requestState
echoed, inputResponses keys), input_required methods and capabilities,
resultType, header/body agreement, deprecated features. TRACE may be - (stdin).

Options:
  --format FORMAT       human (default), json (JSON Lines), github (annotations)
  --disable RULES       comma-separated rule ids not to report
  --list-rules          print every rule with its specification page and exit
  --strict              warnings fail too (exit 1)
  --max-line-bytes N    longest record (default ${DEFAULT_LIMITS.maxLineBytes})
  --max-depth N         deepest nesting in one message (default ${DEFAULT_LIMITS.maxDepth})
  -h, --help            this help

Exit status: 0 no errors, 1 errors, 2 usage or I/O error.
`;

function listRules(): string {
  const width = Math.max(...RULE_IDS.map((r) => r.length));
  return RULE_IDS.map((id) => `${id.padEnd(width)}  ${RULES[id].severity.padEnd(7)}  ${RULES[id].cite}\n${" ".repeat(width + 2)}${RULES[id].summary}\n`).join("");
}

export async function lintTraceCommand(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  const { values, positionals } = parse("lint-trace", argv, {
    format: { type: "string" },
    disable: { type: "string", multiple: true },
    "list-rules": { type: "boolean" },
    strict: { type: "boolean" },
    "max-line-bytes": { type: "string" },
    "max-depth": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    await ctx.stdout.write(LINT_HELP);
    return EXIT_OK;
  }
  if (values["list-rules"]) {
    await ctx.stdout.write(listRules());
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError("mrtr lint-trace needs at least one TRACE file (or - for stdin). See `mrtr lint-trace --help`.");
  if (positionals.filter((f) => f === "-").length > 1) throw new UsageError("stdin (-) can be read once only");
  const format = choice("format", values.format, FORMATS, "human");
  const disabled = new Set((values.disable ?? []).flatMap((d) => d.split(",")).map((d) => d.trim()).filter(Boolean));
  for (const rule of disabled) {
    if (!(RULE_IDS as string[]).includes(rule)) throw new UsageError(`Unknown rule ${JSON.stringify(rule)} in --disable. Rules: ${RULE_IDS.join(", ")}`);
  }
  const limits = {
    maxLineBytes: positiveInt("max-line-bytes", values["max-line-bytes"], DEFAULT_LIMITS.maxLineBytes),
    maxFileBytes: DEFAULT_LIMITS.maxFileBytes,
    maxDepth: positiveInt("max-depth", values["max-depth"], DEFAULT_LIMITS.maxDepth),
    maxTracked: DEFAULT_LIMITS.maxTracked,
  };

  const { summary, emit: write, fileError, end } = startRun(format, ctx);
  const emit = async (findings: Finding[]) => {
    if (await write(findings)) summary.invalid++;
  };

  for (const file of positionals) {
    summary.files++;
    const linter = new TraceLinter({ file, disabled, maxDepth: limits.maxDepth, maxTracked: limits.maxTracked });
    try {
      const source = await openInput(file, ctx.stdin);
      for await (const unit of readUnits(source, "jsonl", limits, false)) {
        summary.messages++;
        if (unit.problem) {
          await emit([{ file, ...(unit.line !== undefined && { line: unit.line }), ...(unit.column !== undefined && { column: unit.column }), pointer: "", rule: "trace-record", severity: "error", message: `${unit.problem.rule}: ${unit.problem.message}`, cite: RULES["trace-record"].cite }]);
          continue;
        }
        await emit(linter.lint(unit.value, unit.line));
      }
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      await fileError(file, error.message);
    }
  }
  return end("record", values.strict === true);
}
