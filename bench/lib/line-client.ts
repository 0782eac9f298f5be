/**
 * The load side of bench/stdio.ts: a child process spoken to in newline-
 * delimited JSON-RPC over its stdin and stdout, answers matched to requests
 * by id, many in flight on the one pipe. Nothing an MCP client adds (no
 * validation, no round logic), so the same cheap driver serves every server
 * and only the server differs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { sourceArgs } from "../../test/helpers/processes.js";
import { repoRoot } from "../../test/helpers/paths.js";

/** A child process taking JSON-RPC requests, one per line. */
export interface LinePeer {
  readonly child: ChildProcess;
  request(message: { id: number } & Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): void;
}

/** Starts `file` (on source) and speaks to it over its stdio. */
export function startLinePeer(file: string): LinePeer {
  const child = spawn(process.execPath, sourceArgs(file), { cwd: repoRoot, stdio: ["pipe", "pipe", "inherit"] });
  const waiting = new Map<number, (answer: Record<string, unknown>) => void>();
  let rest = "";
  child.stdout!.setEncoding("utf8").on("data", (text: string) => {
    rest += text;
    let nl: number;
    while ((nl = rest.indexOf("\n")) >= 0) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      if (line.trim() === "") continue;
      const message = JSON.parse(line) as { id?: number } & Record<string, unknown>;
      const resolve = typeof message.id === "number" ? waiting.get(message.id) : undefined;
      if (!resolve) continue; // a notification or a line for no one
      waiting.delete(message.id!);
      resolve(message);
    }
  });
  return {
    child,
    request: (message) =>
      new Promise((resolve) => {
        waiting.set(message.id, resolve);
        child.stdin!.write(`${JSON.stringify(message)}\n`);
      }),
    close: () => child.stdin!.end(),
  };
}
