/**
 * What the interop tests of our client against legacy and dual-era servers
 * share (legacy-sdk1-server.test.ts, legacy-sdk2-server.test.ts): the host
 * (our client with a form handler, sampling and roots, recording what each
 * handler was asked), the two ways to reach a fixture and read back what it
 * received, and bounded waits.
 */
import { vi } from "vitest";
import { createClient, httpTransport, type Transport } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { roots, sampling } from "@mrtr/deprecated/client";
import type { LegacyClient } from "@mrtr/client/legacy";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

export type Message = { jsonrpc?: string; id?: unknown; method?: string; params?: Record<string, any>; result?: unknown; error?: unknown };

/** Waits (bounded) until `condition` holds. */
export async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Rejects after `ms` with `what`, so a hung step fails with a name rather than the test's timeout. */
export function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Retries `check` until it passes (bounded): over stdio what the server received is read from its stderr, which
 * may trail the answers on its stdout.
 */
export const eventually = (check: () => void, timeout = 3_000) => vi.waitFor(check, { timeout, interval: 10 });

export const textOf = (r: { content?: unknown }) => ((r.content as { text?: string }[] | undefined)?.[0]?.text ?? "");

/** A peer under test: how to reach it and what it received. */
export interface Peer {
  transport(): Transport;
  /** Every JSON-RPC message the server received, in order. */
  received(): Message[];
  /** The wire as the server saw it, for failure messages. */
  transcript(): string;
}

/** A fixture served over HTTP in process, which records each exchange it saw (`line` describes one). */
export function httpPeer<E extends { body?: unknown }>(server: () => { url: string; exchanges: E[] }, line: (e: E) => string): Peer {
  return {
    transport: () => httpTransport(server().url),
    received: () => server().exchanges.flatMap((e) => (e.body === undefined ? [] : Array.isArray(e.body) ? (e.body as Message[]) : [e.body as Message])),
    transcript: () => server().exchanges.map((e) => `${line(e)}${e.body === undefined ? "" : ` ${JSON.stringify(e.body)}`}`).join("\n"),
  };
}

/** A fixture launched over stdio with `--stdio` (and `args`), which writes `recv <json>` to stderr for each message it receives. */
export function stdioPeer(fixture: string, stderr: string[], args: string[] = []): Peer {
  return {
    transport: () => stdioTransport({ command: process.execPath, args: [...sourceArgs(fixture), "--stdio", ...args], cwd: repoRoot, stderr: (line) => void stderr.push(line) }),
    received: () => stderr.filter((l) => l.startsWith("recv ")).map((l) => JSON.parse(l.slice(5)) as Message),
    transcript: () => stderr.join("\n"),
  };
}

/** The host: our client with a form handler, sampling and roots, and what each handler was asked. */
export function host(transport: Transport, legacy: LegacyClient | undefined) {
  const asked: string[] = [];
  const client = createClient({
    transport,
    name: "mrtr-host",
    version: "1.0.0",
    elicitation: {
      form: async (params) => {
        asked.push(`form: ${params.message} [${Object.keys(params.requestedSchema.properties).join(",")}]`);
        return { action: "accept", content: { name: "Ada" } };
      },
    },
    inputKinds: [
      sampling(
        async (params) => {
          asked.push(`sampling: ${JSON.stringify(params.messages[0]?.content)}`);
          return { role: "assistant", model: "test-model", content: { type: "text", text: "4" } };
        },
        { silenceDeprecationWarning: true },
      ),
      roots(
        () => {
          asked.push("roots");
          return [{ uri: "file:///work", name: "work" }];
        },
        { silenceDeprecationWarning: true },
      ),
    ],
    ...(legacy && { legacy }),
  });
  return { client, asked };
}
