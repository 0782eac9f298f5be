import { fileURLToPath } from "node:url";
import { main, type Finding } from "@mrtr/cli";

/** The file of messages beside this folder's src/: JSON Lines, one message a line, as traffic is recorded. */
export const MESSAGES_FILE = fileURLToPath(new URL("../messages.jsonl", import.meta.url));

/** What `mrtr validate FILE --format json` reported: its exit code (0 valid, 1 invalid, 2 usage or I/O), each finding, the summary. */
export interface FileReport {
  exitCode: number;
  findings: Finding[];
  summary: { files: number; messages: number; invalid: number; errors: number; warnings: number };
}

/**
 * Runs `mrtr validate` on `file` through the CLI's exported `main`, as a build step that would rather not spawn
 * a process does (the command line is the same: `npx mrtr validate messages.jsonl --format json`).
 */
export async function validateFile(file: string): Promise<FileReport> {
  let out = "";
  const exitCode = await main(["validate", file, "--format", "json"], {
    stdout: { write: (text) => void (out += text) },
    stderr: { write: (text) => void process.stderr.write(text) },
    stdin: (async function* () {})(), // read only for a file named "-"
  });
  const lines = out.trim().split("\n").map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);
  const findings = lines.filter((line) => line.type === "finding").map(({ type: _type, ...finding }) => finding as unknown as Finding);
  const summary = lines.find((line) => line.type === "summary") as unknown as FileReport["summary"];
  return { exitCode, findings, summary };
}
