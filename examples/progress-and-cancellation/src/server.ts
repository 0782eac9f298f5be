/**
 * A server with two long tools. `import_rows` reports how far it has got
 * with `ctx.progress`; `scan_archive` passes `ctx.signal` to everything it
 * awaits, so when the client cancels the call, the wait in progress rejects
 * and the handler stops there.
 */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createServer, type McpServer } from "@mrtr/server";
import * as z from "zod";

/** How a handler ended: the tool, the steps it finished, and whether its signal had aborted. */
export interface JobEnd {
  tool: string;
  steps: number;
  cancelled: boolean;
}

/** Options of the example server. */
export interface JobsOptions {
  /** How long one step of work takes, in ms (default 100). */
  stepMs?: number;
  /** Told when a handler ends, however it ends. */
  onEnd?: (end: JobEnd) => void;
}

const BATCH = 100;

/** The server of the example. */
export function createJobsServer({ stepMs = 100, onEnd }: JobsOptions = {}): McpServer {
  const server = createServer({ name: "jobs", version: "1.0.0", requestState: { secrets: [randomBytes(32)] } });

  server.tool({
    name: "import_rows",
    description: "Imports rows in batches of 100, reporting progress after each batch.",
    inputSchema: z.object({ rows: z.number().int().min(1).max(10_000) }),
    async handler({ rows }, ctx) {
      let done = 0;
      while (done < rows) {
        await sleep(stepMs, undefined, { signal: ctx.signal }); // one batch of work
        done = Math.min(rows, done + BATCH);
        // A no-op unless the client asked for progress; at most one report per 50 ms, the last one always sent.
        ctx.progress(done, rows, `${done} of ${rows} rows`);
      }
      onEnd?.({ tool: "import_rows", steps: done / BATCH, cancelled: false });
      return { content: [{ type: "text", text: `Imported ${rows} rows.` }] };
    },
  });

  server.tool({
    name: "scan_archive",
    description: "Scans the 1 000 pages of the archive for a word; slow, so clients may cancel it.",
    inputSchema: z.object({ word: z.string() }),
    async handler({ word }, ctx) {
      let pages = 0;
      try {
        for (; pages < 1000; pages++) {
          // Rejects with an AbortError as soon as the request is cancelled: the loop ends there.
          await sleep(stepMs, undefined, { signal: ctx.signal });
          ctx.progress(pages + 1, 1000, `page ${pages + 1}`);
        }
        return { content: [{ type: "text", text: `"${word}" is nowhere in the archive.` }] };
      } finally {
        // Whatever the handler returns or throws after a cancellation goes nowhere: the client gets no answer.
        onEnd?.({ tool: "scan_archive", steps: pages, cancelled: ctx.signal.aborted });
      }
    },
  });
  return server;
}
