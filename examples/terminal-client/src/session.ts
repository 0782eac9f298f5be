/**
 * One interactive session: discover the server, list its tools, let the user
 * pick one, ask for its arguments, call it (the client answers every round of
 * input through the form and URL renderers) and show the result; again until
 * the user quits.
 */
import { intro, log, note, outro, select } from "@clack/prompts";
import { createClient, McpClientError, type McpClient } from "@mrtr/client";
import { legacyClient } from "@mrtr/client/legacy";
import { askArguments, type ToolInfo } from "./ask-arguments.js";
import { CallCancelled, interruptProgress, withProgress } from "./call-progress.js";
import type { Connection } from "./connect.js";
import { printResult } from "./print-result.js";
import { progressListener } from "./progress.js";
import { PromptCancelled } from "./prompt-cancel.js";
import { formHandler } from "./render-form.js";
import { urlHandler } from "./render-url.js";
import { oneLine, plain } from "./sanitize.js";
import { describeServer } from "./server-label.js";
import { danger, dim } from "./style.js";

/** The client's name and version, sent as `clientInfo`. */
export const CLIENT_INFO = { name: "mrtr-terminal-client", version: "0.0.0", title: "mrtr terminal client" } as const;

/** Every tool of the server, following `nextCursor` (at most the client's maxListPages pages). */
export async function listAllTools(client: McpClient): Promise<ToolInfo[]> {
  return (await client.listAllTools()) as ToolInfo[];
}

/** An error as one message for the user. */
function describeError(error: unknown): string {
  if (error instanceof McpClientError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

const QUIT = "\u0000quit";

/** Runs the interactive session until the user quits. */
export async function runSession(connection: Connection): Promise<void> {
  intro(CLIENT_INFO.title);
  const consented = new Set<string>();
  const client = createClient({
    transport: connection.transport,
    ...CLIENT_INFO,
    // Servers of the initialize-based revisions (2025-11-25) too: most servers in use speak one.
    legacy: legacyClient(),
    elicitation: {
      form: formHandler({ via: connection.via }),
      url: urlHandler({ via: connection.via, onConsent: (key) => consented.add(key) }),
    },
    onRound: progressListener(
      (line) => {
        interruptProgress();
        log.message(line, { symbol: dim("↻") });
      },
      () => consented,
    ),
  });

  const discovered = await client.discover();
  const server = describeServer(discovered._meta?.["io.modelcontextprotocol/serverInfo"], connection.via);
  log.info(`Connected to ${server.name}\n${server.detail}`);
  if (discovered.instructions) note(plain(discovered.instructions), "Server instructions");
  const tools = discovered.capabilities.tools ? await listAllTools(client) : [];
  if (tools.length === 0) {
    outro("This server offers no tools.");
    return;
  }

  for (;;) {
    const picked = await select<string>({
      message: "Which tool do you want to call?",
      options: [
        ...tools.map((t) => ({ value: t.name, label: oneLine(t.title ?? t.name), hint: oneLine((t as { description?: string }).description ?? t.name) })),
        { value: QUIT, label: "Quit" },
      ],
    });
    if (typeof picked !== "string" || picked === QUIT) break;
    const tool = tools.find((t) => t.name === picked)!;
    let args: Record<string, unknown>;
    try {
      args = await askArguments(tool);
    } catch (error) {
      if (!(error instanceof PromptCancelled)) throw error;
      log.warn("Not called.");
      continue;
    }
    consented.clear();
    log.step(`Calling ${oneLine(tool.name)}…`);
    try {
      printResult(tool.name, await withProgress((o) => client.callTool(tool.name, args, o)));
    } catch (error) {
      if (error instanceof CallCancelled) log.warn("Cancelled: the server was told to stop.");
      else log.error(danger(plain(describeError(error))));
    }
  }
  outro("Bye.");
}
