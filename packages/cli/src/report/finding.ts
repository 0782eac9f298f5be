/**
 * A finding: one problem (or warning) the CLI reports, in every output format.
 */

/** How bad a finding is: errors fail the run (exit 1), warnings do not unless asked. */
export type Severity = "error" | "warning";

/** One problem found in one message or record. */
export interface Finding {
  /** The file as given on the command line (`-` for stdin). */
  file: string;
  /** 1-based line of the message (JSONL) or of the offending value (JSON), when known. */
  line?: number;
  /** 1-based column of the offending value, when known. */
  column?: number;
  /** JSON Pointer (RFC 6901) into the message; "" is the whole message. */
  pointer: string;
  /** The rule broken, as a stable identifier (e.g. `message-schema`, `retry-new-id`). */
  rule: string;
  /** An error (the message is invalid, exit 1) or a warning. */
  severity: Severity;
  /** What is wrong, in plain words. */
  message: string;
  /** The specification page the rule comes from, as a path under the draft's specification folder (with `:line` where useful). */
  cite?: string;
  /** The schema type the value was checked against, when one was (e.g. `CallToolRequest`). */
  schemaType?: string;
  /** The validator's own issue code (e.g. `invalid_type`), for schema findings. */
  code?: string;
}

/** Counts a run reports at its end. */
export interface Summary {
  /** Files (or stdin) read. */
  files: number;
  /** Messages (or trace records) read. */
  messages: number;
  /** Messages with at least one error. */
  invalid: number;
  /** Findings that are errors. */
  errors: number;
  /** Findings that are warnings. */
  warnings: number;
  /** Files that could not be read (exit 2). */
  unreadable: number;
}

export const emptySummary = (): Summary => ({ files: 0, messages: 0, invalid: 0, errors: 0, warnings: 0, unreadable: 0 });
