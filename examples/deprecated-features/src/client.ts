import { createClient, type Transport } from "@mrtr/client";
import type { LoggingLevel, LoggingMessageNotification } from "@mrtr/deprecated";
import { roots, sampling } from "@mrtr/deprecated/client";

/** A log message the server sent: its level, logger and data. */
export type LogMessage = LoggingMessageNotification["params"];

/**
 * Asks for log messages at `level` and up on every request (`_meta["io.modelcontextprotocol/logLevel"]`), and hands
 * each `notifications/message` that comes on a request's stream to `onLog`. The client has no logging option of its
 * own (logging is deprecated), so this wraps the transport.
 */
export function withLogLevel(inner: Transport, level: LoggingLevel, onLog: (message: LogMessage) => void): Transport {
  return {
    ...inner,
    request(message, options = {}) {
      const params = message.params ?? {};
      const _meta = { ...(params._meta as object | undefined), "io.modelcontextprotocol/logLevel": level };
      return inner.request(
        { ...message, params: { ...params, _meta } },
        {
          ...options,
          onMessage: (m) => (m.method === "notifications/message" ? onLog(m.params as LogMessage) : options.onMessage?.(m)),
        },
      );
    },
  };
}

/** Calls `describe_project` over `transport`, lending a canned model and two roots; the tool's text and the log. */
export async function describeProject(transport: Transport): Promise<{ text: string; log: LogMessage[]; sampled: string[] }> {
  const log: LogMessage[] = [];
  const sampled: string[] = [];
  const quiet = { silenceDeprecationWarning: true };
  const client = createClient({
    name: "desk",
    version: "1.0.0",
    transport: withLogLevel(transport, "info", (message) => log.push(message)),
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
