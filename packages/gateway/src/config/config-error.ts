/**
 * What is wrong with a gateway configuration: every issue found, each at a
 * JSON Pointer into the file, in one error whose message lists them all and
 * says what to do.
 */

/** One thing wrong with a configuration, where it is. */
export interface ConfigIssue {
  /** Where, as a JSON Pointer into the configuration (`/upstreams/github/url`; "" for the whole file). */
  pointer: string;
  /** What is wrong there, in words (`must be a string`). */
  message: string;
}

/** A configuration file (or value) the gateway cannot run with; `issues` lists every problem found. */
export class GatewayConfigError extends Error {
  /** Every problem found, in the order of the file. */
  readonly issues: readonly ConfigIssue[];
  /** The file, when the configuration was read from one. */
  readonly file: string | undefined;

  constructor(issues: readonly ConfigIssue[], options: { file?: string; cause?: unknown } = {}) {
    super(describeIssues(issues, options.file), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "GatewayConfigError";
    this.issues = issues;
    this.file = options.file;
  }
}

/** The message of a {@link GatewayConfigError}: a heading, one indented line per issue, and what to do. */
function describeIssues(issues: readonly ConfigIssue[], file: string | undefined): string {
  const where = file === undefined ? "The gateway configuration" : `The gateway configuration ${file}`;
  const count = issues.length === 1 ? "a problem" : `${issues.length} problems`;
  const lines = issues.map((issue) => `  ${issue.pointer === "" ? "/" : issue.pointer}: ${issue.message}`);
  return [
    `${where} has ${count}:`,
    ...lines,
    "Fix each place named above (a JSON Pointer into the file); the keys and their meaning are in @mrtr/gateway's config.schema.json and README (\"Configuration file\").",
  ].join("\n");
}
