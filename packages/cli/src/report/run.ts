/**
 * One run of a checking command: writes findings through the chosen reporter
 * as they come, keeps the counts, and turns them into the exit code.
 */
import type { CommandContext } from "../context.js";
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type ExitCode } from "../exit-codes.js";
import { emptySummary, type Finding } from "./finding.js";
import { createReporter, type Format } from "./reporter.js";

export function startRun(format: Format, ctx: CommandContext) {
  const reporter = createReporter(format, ctx.stdout, ctx.stderr);
  const summary = emptySummary();
  return {
    summary,
    /** Writes `findings`; true when one of them is an error. */
    async emit(findings: Finding[]): Promise<boolean> {
      for (const f of findings) {
        if (f.severity === "error") summary.errors++;
        else summary.warnings++;
        await reporter.finding(f);
      }
      return findings.some((f) => f.severity === "error");
    },
    /** A file that could not be read (exit 2). */
    async fileError(file: string, message: string): Promise<void> {
      summary.unreadable++;
      await reporter.fileError(file, message);
    },
    /** Writes the summary; 2 if a file was unreadable, else 1 on errors (or warnings when `strict`), else 0. */
    async end(noun: string, strict: boolean): Promise<ExitCode> {
      await reporter.end(summary, noun);
      if (summary.unreadable > 0) return EXIT_USAGE;
      if (summary.errors > 0 || (strict && summary.warnings > 0)) return EXIT_INVALID;
      return EXIT_OK;
    },
  };
}
