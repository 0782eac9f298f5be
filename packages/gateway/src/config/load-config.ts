/**
 * `loadGatewayConfig(path)`: reads a configuration file, parses its JSON
 * (a syntax error names its line and column) and checks it with
 * `parseGatewayConfig`, relative paths taken from the file's folder.
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { GatewayConfigError } from "./config-error.js";
import type { GatewayFileConfig } from "./file-config.js";
import { parseGatewayConfig } from "./parse-config.js";

/** Options of {@link loadGatewayConfig}. */
export interface LoadGatewayConfigOptions {
  /** The variables `{ "env": "NAME" }` and the requestState secret are read from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Line and column (1-based) of character `offset` of `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}

/** Where JSON.parse's message says the syntax error is (V8 names a position, newer ones a line and column), in words. */
function syntaxErrorPlace(text: string, message: string): string {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return `line ${lc[1]}, column ${lc[2]}`;
  const position = /at position (\d+)/.exec(message);
  if (position) {
    const { line, column } = lineAndColumn(text, Number(position[1]));
    return `line ${line}, column ${column}`;
  }
  if (/end of (JSON|data) input/i.test(message)) {
    const { line, column } = lineAndColumn(text, text.length);
    return `line ${line}, column ${column} (the end of the file)`;
  }
  return "an unknown place";
}

/**
 * Reads and checks the configuration file at `path`. Throws a
 * {@link GatewayConfigError} for a file that cannot be read, is not JSON
 * (naming the line and column) or does not describe a gateway (every issue).
 */
export async function loadGatewayConfig(path: string, options: LoadGatewayConfigOptions = {}): Promise<GatewayFileConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "there is no such file" : (error as Error).message;
    throw new GatewayConfigError([{ pointer: "", message: `cannot be read: ${reason}` }], { file: path, cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const message = (error as Error).message;
    const detail = message.replace(/ in JSON at position \d+.*$/s, "").replace(/^JSON\.parse: /, "");
    throw new GatewayConfigError([{ pointer: "", message: `is not valid JSON: ${detail} at ${syntaxErrorPlace(text, message)} (comments and trailing commas are not JSON)` }], { file: path, cause: error });
  }
  return parseGatewayConfig(value, { ...(options.env && { env: options.env }), baseDir: dirname(resolve(path)), file: path });
}
