/**
 * Opening inputs: a file path, or `-` for standard input, as a stream of
 * bytes. Nothing is read ahead: callers pull chunks and stop when they like.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

/** The byte source of one input. */
export type ByteSource = AsyncIterable<Uint8Array>;

/** A file that could not be opened, with the reason in plain words. */
export class InputError extends Error {
  override readonly name = "InputError";
}

/** Where the CLI reads `-` from (process.stdin, or a stream in tests). */
export type Stdin = AsyncIterable<Uint8Array | string>;

async function* fromStdin(stdin: Stdin): ByteSource {
  for await (const chunk of stdin) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
}

/** Opens `file` (or `-`), failing with an InputError when it is missing, a directory or unreadable. */
export async function openInput(file: string, stdin: Stdin): Promise<ByteSource> {
  if (file === "-") return fromStdin(stdin);
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(code === "ENOENT" ? `${file}: no such file` : `${file}: cannot read (${code ?? (error as Error).message})`);
  }
  if (info.isDirectory()) throw new InputError(`${file}: is a directory; pass the files inside it (e.g. ${file}/*.jsonl)`);
  const stream = createReadStream(file);
  return (async function* () {
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } catch (error) {
      throw new InputError(`${file}: read failed (${(error as Error).message})`);
    } finally {
      stream.destroy();
    }
  })();
}

/** Reads a whole source, or returns undefined as soon as it exceeds `maxBytes`. */
export async function readAllBounded(source: ByteSource, maxBytes: number): Promise<Buffer | undefined> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    parts.push(chunk);
  }
  return Buffer.concat(parts, size);
}
