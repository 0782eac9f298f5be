/**
 * Output formats. Every finding is written as soon as it is found (nothing is
 * held back, so a large input streams), then one summary.
 *
 * - `human`: `file:line:column: severity: pointer: message [rule, type or spec page]`.
 * - `json`: JSON Lines: `{"type":"finding",…}` per finding, `{"type":"file-error",…}`
 *   per unreadable file, then `{"type":"summary",…}`.
 * - `github`: GitHub Actions workflow commands (`::error file=…,line=…::…`),
 *   which annotate the lines in a pull request; the summary as plain text.
 */
import type { Finding, Summary } from "./finding.js";

export const FORMATS = ["human", "json", "github"] as const;
export type Format = (typeof FORMATS)[number];

/** Where output goes. */
export interface Output {
  /** Writes `text`; may return a promise that settles when the output can take more (back-pressure). */
  write(text: string): void | Promise<void>;
}

/** Await each call: that is how back-pressure from a slow output reaches the reader of the input. */
export interface Reporter {
  finding(finding: Finding): void | Promise<void>;
  /** A file that could not be read (exit 2). */
  fileError(file: string, message: string): void | Promise<void>;
  end(summary: Summary, noun: string): void | Promise<void>;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The one-line summary of a run. */
export function summaryLine(s: Summary, noun: string): string {
  const parts = [plural(s.files, "file"), `${plural(s.messages, noun)}`];
  const verdict = [`${s.invalid} invalid`, plural(s.errors, "error"), plural(s.warnings, "warning")];
  if (s.unreadable) verdict.push(`${s.unreadable} unreadable`);
  return `${parts.join(", ")}: ${verdict.join(", ")}`;
}

function location(f: Finding): string {
  return [f.file, f.line, f.line !== undefined ? f.column : undefined].filter((p) => p !== undefined).join(":");
}

function human(out: Output, err: Output): Reporter {
  return {
    finding(f) {
      const tags = [f.rule, f.schemaType, f.code, f.cite && `spec: ${f.cite}`].filter(Boolean).join(", ");
      return out.write(`${location(f)}: ${f.severity}: ${f.pointer ? `${f.pointer}: ` : ""}${f.message} [${tags}]\n`);
    },
    fileError(file, message) {
      void file;
      return err.write(`mrtr: ${message}\n`);
    },
    end(summary, noun) {
      return out.write(`${summaryLine(summary, noun)}\n`);
    },
  };
}

function json(out: Output): Reporter {
  return {
    finding(f) {
      return out.write(`${JSON.stringify({ type: "finding", ...f })}\n`);
    },
    fileError(file, message) {
      return out.write(`${JSON.stringify({ type: "file-error", file, message })}\n`);
    },
    end(summary) {
      return out.write(`${JSON.stringify({ type: "summary", ...summary })}\n`);
    },
  };
}

/** Escapes a workflow command's message (data) or property value. */
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

function github(out: Output): Reporter {
  return {
    finding(f) {
      const props = [`file=${escapeProperty(f.file)}`];
      if (f.line !== undefined) props.push(`line=${f.line}`);
      if (f.column !== undefined) props.push(`col=${f.column}`);
      props.push(`title=${escapeProperty(`mrtr ${f.rule}`)}`);
      const cite = f.cite ? ` (spec: ${f.cite})` : f.schemaType ? ` (${f.schemaType})` : "";
      return out.write(`::${f.severity} ${props.join(",")}::${escapeData(`${f.pointer ? `${f.pointer}: ` : ""}${f.message}${cite}`)}\n`);
    },
    fileError(file, message) {
      return out.write(`::error file=${escapeProperty(file)},title=mrtr::${escapeData(message)}\n`);
    },
    end(summary, noun) {
      return out.write(`${summaryLine(summary, noun)}\n`);
    },
  };
}

/** The reporter for `format`. */
export function createReporter(format: Format, out: Output, err: Output): Reporter {
  if (format === "json") return json(out);
  if (format === "github") return github(out);
  return human(out, err);
}
