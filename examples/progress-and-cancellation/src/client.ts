/**
 * The client side: a call with an `onProgress` listener, and a call
 * cancelled through an `AbortSignal` once it has reported some progress.
 */
import { createClient, type McpClient, type Progress } from "@mrtr/client";
import { inProcessTransport, type McpServer } from "@mrtr/server";

/** A client of `server` in the same process. */
export function connect(server: McpServer): McpClient {
  return createClient({ name: "jobs-client", version: "1.0.0", transport: inProcessTransport(server) });
}

/** Calls `import_rows`, collecting every progress report; the tool's text and the reports. */
export async function importRows(client: McpClient, rows: number, onReport?: (report: Progress) => void): Promise<{ text: string; reports: Progress[] }> {
  const reports: Progress[] = [];
  const result = await client.callTool("import_rows", { rows }, {
    // Asks the server for progress (a progressToken) and receives each report as it arrives.
    onProgress: (report) => {
      reports.push(report);
      onReport?.(report);
    },
  });
  const first = result.content[0];
  return { text: first?.type === "text" ? first.text : "", reports };
}

/** Calls `scan_archive` and cancels it after `afterReports` progress reports; what the call rejected with. */
export async function scanThenCancel(client: McpClient, afterReports: number, onReport?: (report: Progress) => void): Promise<unknown> {
  const controller = new AbortController();
  let seen = 0;
  try {
    await client.callTool("scan_archive", { word: "zeppelin" }, {
      signal: controller.signal,
      onProgress: (report) => {
        onReport?.(report);
        if (++seen === afterReports) controller.abort(); // the user pressed Stop
      },
    });
  } catch (error) {
    return error; // FlowAbortedError: the server sends no answer to a cancelled request
  }
  throw new Error("scan_archive completed although it was cancelled");
}
