import { createClient, type Transport } from "@mrtr/client";
import type { LoggingLevel, LoggingMessageNotificationParams } from "@mrtr/deprecated";
import { logging, roots, sampling } from "@mrtr/deprecated/client";

/** A log message the server sent: its level, logger and data. */
export type LogMessage = LoggingMessageNotificationParams;

/** Calls `describe_project` over `transport`, lending a canned model and two roots, asking for log messages at `logLevel` and up; the tool's text and the log. */
export async function describeProject(transport: Transport, logLevel: LoggingLevel = "info"): Promise<{ text: string; log: LogMessage[]; sampled: string[] }> {
  const log: LogMessage[] = [];
  const sampled: string[] = [];
  const quiet = { silenceDeprecationWarning: true };
  // Asks for log messages at logLevel and up on every request (in its _meta), and collects those its stream carries.
  const logs = logging({ level: logLevel, onMessage: (message) => void log.push(message), ...quiet });
  const client = createClient({
    name: "desk",
    version: "1.0.0",
    transport,
    middleware: [logs], // the level goes into each request's _meta; the log messages arrive on each request's stream
    inputKinds: [
      // Where a host calls its model (after showing the user what is asked); here a canned completion.
      sampling(async (params) => {
        const first = params.messages[0]?.content;
        sampled.push(first !== undefined && !Array.isArray(first) && first.type === "text" ? first.text : "?");
        return { role: "assistant", model: "canned-model", content: { type: "text", text: "A notes app for teams" } };
      }, quiet),
      roots(
        [
          { uri: "file:///home/me/notes", name: "notes" },
          { uri: "file:///home/me/shared", name: "shared" },
        ],
        quiet,
      ),
    ],
  });
  try {
    const result = await client.callTool("describe_project");
    return { text: result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n"), log, sampled };
  } finally {
    await client.close();
  }
}
