import { FlowAbortedError } from "@mrtr/client";
import { describe, expect, it } from "vitest";
import { connect, importRows, scanThenCancel } from "../src/client.js";
import { main } from "../src/main.js";
import { createJobsServer, type JobEnd } from "../src/server.js";

describe("progress and cancellation", () => {
  it("hands the client's listener growing reports, the last one the total, before the result", async () => {
    const server = createJobsServer({ stepMs: 60 });
    const { text, reports } = await importRows(connect(server), 300);
    expect(text).toBe("Imported 300 rows.");
    expect(reports.map((r) => r.progress)).toEqual([100, 200, 300]);
    expect(reports.every((r) => r.total === 300)).toBe(true);
  });

  it("sends no progress to a call that did not ask for it", async () => {
    const server = createJobsServer({ stepMs: 1 });
    const result = await connect(server).callTool("import_rows", { rows: 200 });
    expect(result.content).toEqual([{ type: "text", text: "Imported 200 rows." }]);
  });

  it("rejects a cancelled call with FlowAbortedError, and the handler's signal aborts so it stops", async () => {
    const ends: JobEnd[] = [];
    const server = createJobsServer({ stepMs: 60, onEnd: (end) => ends.push(end) });
    const error = await scanThenCancel(connect(server), 2);
    expect(error).toBeInstanceOf(FlowAbortedError);
    expect((error as FlowAbortedError).reason).toBe("aborted");
    await expect.poll(() => ends.length).toBe(1);
    expect(ends[0]).toMatchObject({ tool: "scan_archive", cancelled: true });
    expect(ends[0]!.steps).toBeLessThan(5);
    expect(server.activity().requests).toBe(0);
  });

  it("runs main's own checks", async () => {
    const lines: string[] = [];
    await main((line) => lines.push(line), 60);
    expect(lines.at(-1)).toBe("all checks passed");
  });
});
