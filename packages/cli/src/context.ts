/** What a command reads from and writes to: the process's streams, or buffers in tests. */
import type { Stdin } from "./io/input.js";
import type { Output } from "./report/reporter.js";

export interface CommandContext {
  stdout: Output;
  stderr: Output;
  stdin: Stdin;
}
