/**
 * Upstreams for the gateway's tests, all real servers: ours (modern, MRTR)
 * over HTTP, and the official SDK 1.x fixture (2025-11-25) over HTTP and
 * stdio; and a front client of ours with a form handler, sampling and roots.
 */
import { resolve } from "node:path";
import { createClient, type McpClient, type Transport } from "@mrtr/client";
import { roots, sampling } from "@mrtr/deprecated/client";
import { createHttpHandler, type McpServer } from "@mrtr/server";
import { dualEraServer } from "../../../../test/interop/fixtures/mrtr-dual-era-server.js";
import { startSdk1HttpServer, type Sdk1HttpServer } from "../../../../test/interop/fixtures/sdk1-legacy-server.js";
import { serve } from "../../../../test/helpers/auth.js";
import { repoRoot } from "../../../../test/helpers/paths.js";
import { sourceArgs } from "../../../../test/helpers/processes.js";

/** The SDK 1.x fixture as a stdio upstream config. */
export const sdk1Stdio = { command: process.execPath, args: [...sourceArgs(resolve(repoRoot, "test/interop/fixtures/sdk1-legacy-server.ts")), "--stdio"], cwd: repoRoot };

/** Our dual-era server, served over HTTP. */
export async function modernHttp(): Promise<{ url: string; server: McpServer; close(): Promise<void> }> {
  const server = dualEraServer();
  const running = await serve(createHttpHandler(server));
  return { url: `${running.url}/mcp`, server, close: running.close };
}

/** The SDK 1.x fixture over HTTP. */
export function sdk1Http(): Promise<Sdk1HttpServer> {
  return startSdk1HttpServer();
}

/** A front client: answers forms with Ada, sampling with "4", roots with one folder; `asked` records each question. */
export function frontClient(transport: Transport, options: { elicitation?: boolean } = {}): { client: McpClient; asked: string[] } {
  const asked: string[] = [];
  const client = createClient({
    transport,
    name: "front",
    version: "1.0.0",
    ...(options.elicitation !== false && {
      elicitation: {
        form: async (params) => {
          asked.push(`form: ${params.message}`);
          const props = Object.keys(params.requestedSchema.properties);
          const content: Record<string, string> = props.includes("colour") ? { colour: "green" } : { name: "Ada" };
          return { action: "accept", content };
        },
      },
    }),
    inputKinds: [
      sampling(async () => {
        asked.push("sampling");
        return { role: "assistant", model: "front-model", content: { type: "text", text: "4" } };
      }, { silenceDeprecationWarning: true }),
      roots([{ uri: "file:///front/root" }], { silenceDeprecationWarning: true }),
    ],
  });
  return { client, asked };
}

/** The text of a tool result's first content item. */
export function textOf(result: { content?: unknown }): string {
  const first = (result.content as { type: string; text?: string }[] | undefined)?.[0];
  return first?.text ?? JSON.stringify(result);
}
