#!/usr/bin/env node
/** The `mrtr` executable: runs main on the process's arguments and streams. */
import { main } from "./main.js";

/** Writes to a stream, waiting for "drain" when its buffer is full. */
const output = (stream: NodeJS.WriteStream) => ({
  write: (text: string) => (stream.write(text) ? undefined : new Promise<void>((resolve) => stream.once("drain", resolve))),
});

// A closed pipe (`mrtr validate big.jsonl | head`) ends the run quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

main(process.argv.slice(2), { stdout: output(process.stdout), stderr: output(process.stderr), stdin: process.stdin }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mrtr: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  },
);
