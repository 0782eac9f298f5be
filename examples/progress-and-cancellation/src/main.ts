/**
 * Runs both tools against the server in the same process and checks what
 * happens: the progress reports of `import_rows`, and the cancellation of
 * `scan_archive`, seen by the client and by the handler.
 * `npm start -w @mrtr/example-progress-and-cancellation`.
 */
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { FlowAbortedError } from "@mrtr/client";
import { connect, importRows, scanThenCancel } from "./client.js";
import { createJobsServer, type JobEnd } from "./server.js";

/** Runs the example; every check throws on a wrong result. */
export async function main(print: (line: string) => void = console.log, stepMs = 100): Promise<void> {
  let ended: (end: JobEnd) => void = () => {};
  const scanEnded = new Promise<JobEnd>((resolve) => (ended = resolve));
  const server = createJobsServer({ stepMs, onEnd: (end) => end.tool === "scan_archive" && ended(end) });
  const client = connect(server);
  try {
    const { text, reports } = await importRows(client, 500, (r) => print(`progress: ${r.progress}/${r.total} ${r.message}`));
    print(`import_rows: ${text}`);
    assert.equal(text, "Imported 500 rows.");
    assert.ok(reports.length > 0 && reports.every((r, i) => i === 0 || r.progress > reports[i - 1]!.progress), "reports grow");
    assert.deepEqual(reports.at(-1), { progress: 500, total: 500, message: "500 of 500 rows" });

    const error = await scanThenCancel(client, 3, (r) => print(`progress: ${r.message}`));
    print(`scan_archive: cancelled by the client (${(error as Error).constructor.name})`);
    assert.ok(error instanceof FlowAbortedError && error.reason === "aborted");
    const end = await scanEnded;
    print(`scan_archive handler: stopped after ${end.steps} pages, its signal aborted: ${end.cancelled}`);
    assert.ok(end.cancelled && end.steps >= 3 && end.steps < 1000);
    assert.equal(server.activity().requests, 0); // nothing left running on the server
    print("all checks passed");
  } finally {
    await client.close();
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
