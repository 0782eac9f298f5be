/** Runs the CLI in-process with captured output, and writes inputs to a temporary folder. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { main } from "../src/main.js";

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON Lines (for --format json). */
  json: () => Record<string, any>[];
}

/** Runs `mrtr …argv`, with `stdin` (chunks, as given) for `-`. */
export async function run(argv: string[], stdin: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> = []): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (t) => void (stdout += t) },
    stderr: { write: (t) => void (stderr += t) },
    stdin: (async function* () {
      yield* stdin;
    })(),
  });
  return { code, stdout, stderr, json: () => stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) };
}

/** A temporary folder removed after the file's tests; `write` puts a file in it and returns its path. */
export function tempDir(prefix = "mrtr-cli-") {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    write(name: string, content: string | Uint8Array): string {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}

/** Lines of JSON, one value each. */
export const jsonl = (...values: unknown[]) => values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join("\n") + "\n";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "test-client", version: "1.0.0" },
};

/** A client request with `_meta`, declaring `caps`. */
export function req(id: number | string, method: string, params: Record<string, unknown> = {}, caps: Record<string, unknown> = { elicitation: {} }) {
  return { jsonrpc: "2.0", id, method, params: { ...params, _meta: { ...META, "io.modelcontextprotocol/clientCapabilities": caps } } };
}

/** A result response. */
export const res = (id: number | string, result: Record<string, unknown>) => ({ jsonrpc: "2.0", id, result });
