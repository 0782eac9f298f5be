/** What a command reads from and writes to: the process's streams, or buffers in tests. */
import type { Stdin } from "./io/input.js";
import type { Output } from "./report/reporter.js";

/** The streams a command runs with (see {@link main}). */
export interface CommandContext {
  /** Where results go. */
  stdout: Output;
  /** Where usage errors and progress go. */
  stderr: Output;
  /** What a file named `-` reads. */
  stdin: Stdin;
}
