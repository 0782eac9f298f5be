/**
 * An `AuthStore` on disk, for `mrtr connect`: what a sign-in obtained
 * survives the process, so a host that launches the command again does not
 * send the user to the browser again.
 *
 * One JSON file per record (the tokens of one MCP server, the client
 * registration at one authorization server, the DPoP key of one server),
 * named by the SHA-256 of its kind and key, so no URL shows in a file name.
 * The folder is made owner-only (0700) and each file is written owner-only
 * (0600) and atomically: a temporary file, created with that mode, renamed
 * over the old one. A file that others may read (or write), or that is not
 * a regular file of this user, is refused with an error that says how to
 * fix it; a file that cannot be parsed is treated as absent, with a warning.
 */
import { createHash, randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { chmod, mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { AuthStore, StoredClient, StoredTokens } from "@mrtr/client/auth";
import { authDirectory } from "./config-dir.js";

/** A stored credentials file that others could read or swap: it is not used until its owner fixes it. */
export class InsecureCredentialsFileError extends Error {
  /** Always `"InsecureCredentialsFileError"`. */
  override readonly name = "InsecureCredentialsFileError";
}

/** What a record is: a server's tokens, an issuer's client registration, or a server's DPoP key. */
export type RecordKind = "tokens" | "client" | "dpop-key";

/** Options of {@link FileAuthStore}. */
export interface FileAuthStoreOptions {
  /** The folder of the files (made 0700 on first write); default `authDirectory()`: `$MRTR_CONFIG_DIR/auth`, else `$XDG_CONFIG_HOME/mrtr/auth`, else `~/.config/mrtr/auth`. */
  directory?: string;
  /** Told about a file that was ignored (default: a line on stderr). */
  warn?: (message: string) => void;
}

/** Largest file read; anything larger is not ours and is ignored as corrupt. */
const MAX_FILE_BYTES = 256 * 1024;
const POSIX = process.platform !== "win32";

/** An `AuthStore` keeping one owner-only JSON file per server (tokens) and per issuer (client registration). */
export class FileAuthStore implements AuthStore {
  /** The folder of the files. */
  readonly directory: string;
  readonly #warn: (message: string) => void;

  constructor(options: FileAuthStoreOptions = {}) {
    this.directory = options.directory ?? authDirectory();
    this.#warn = options.warn ?? ((message) => process.stderr.write(`mrtr connect: ${message}\n`));
  }

  /** The tokens of the MCP server at `serverUrl`, if stored. */
  getTokens(serverUrl: string): Promise<StoredTokens | undefined> {
    return this.read("tokens", serverUrl, isStoredTokens);
  }

  /** Stores (or, with undefined, deletes) the tokens of `serverUrl`. */
  setTokens(serverUrl: string, tokens: StoredTokens | undefined): Promise<void> {
    return this.write("tokens", serverUrl, tokens);
  }

  /** The client registration at the authorization server `issuer`, if stored. */
  getClient(issuer: string): Promise<StoredClient | undefined> {
    return this.read("client", issuer, isStoredClient);
  }

  /** Stores (or, with undefined, deletes) the client registration at `issuer`. */
  setClient(issuer: string, client: StoredClient | undefined): Promise<void> {
    return this.write("client", issuer, client);
  }

  /** The file of one record: the SHA-256 of its kind and key, in hex. */
  fileOf(kind: RecordKind, key: string): string {
    return join(this.directory, `${createHash("sha256").update(`${kind}\n${key}`).digest("hex")}.json`);
  }

  /**
   * Reads one record: undefined when absent, or (with a warning) when the
   * file is corrupt or holds something else; throws
   * {@link InsecureCredentialsFileError} when others could read or replace it.
   */
  async read<T>(kind: RecordKind, key: string, valid: (value: unknown) => value is T): Promise<T | undefined> {
    const file = this.fileOf(kind, key);
    const text = await readOwnerOnly(file);
    if (text === undefined) return undefined;
    let record: { kind?: unknown; key?: unknown; value?: unknown } | undefined;
    try {
      record = JSON.parse(text) as typeof record;
    } catch {
      record = undefined;
    }
    if (!record || typeof record !== "object" || record.kind !== kind || record.key !== key || !valid(record.value)) {
      this.#warn(`${file} is not a valid ${kind} file; ignoring it (it is replaced at the next sign-in).`);
      return undefined;
    }
    return record.value;
  }

  /** Writes one record (owner-only, atomically), or deletes it when `value` is undefined. */
  async write(kind: RecordKind, key: string, value: unknown): Promise<void> {
    const file = this.fileOf(kind, key);
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    if (POSIX) await chmod(this.directory, 0o700);
    if (value === undefined) return rm(file, { force: true });
    await writeAtomically(file, `${JSON.stringify({ kind, key, value }, null, 2)}\n`);
  }
}

/** The text of `file` when only its owner, this user, may read and write it; undefined when it does not exist. */
async function readOwnerOnly(file: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: a symbolic link planted in place of the file is refused, not followed.
    handle = await open(file, constants.O_RDONLY | (POSIX ? constants.O_NOFOLLOW : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") throw new InsecureCredentialsFileError(`${file} is a symbolic link; mrtr connect does not follow links to credentials. Delete it to sign in again.`);
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new InsecureCredentialsFileError(`${file} is not a regular file. Delete it to sign in again.`);
    if (POSIX && (info.mode & 0o077) !== 0) {
      const mode = (info.mode & 0o777).toString(8).padStart(3, "0");
      throw new InsecureCredentialsFileError(`${file} holds credentials but other users may read or change it (mode ${mode}); it was not used. Run \`chmod 600 ${file}\`, or delete it to sign in again.`);
    }
    if (POSIX && typeof process.getuid === "function" && info.uid !== process.getuid()) {
      throw new InsecureCredentialsFileError(`${file} belongs to another user; it was not used. Delete it to sign in again.`);
    }
    if (info.size > MAX_FILE_BYTES) return "";
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

/** Writes `text` to a new owner-only temporary file beside `file`, then renames it over `file`. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await open(temp, "wx", 0o600);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
    await handle.close();
    await rename(temp, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}

const isString = (value: unknown): value is string => typeof value === "string";
const isOptional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);

/** Whether `value` has the shape of `StoredTokens`. */
export function isStoredTokens(value: unknown): value is StoredTokens {
  const t = value as Record<string, unknown> | null;
  return (
    typeof t === "object" &&
    t !== null &&
    [t.accessToken, t.issuer, t.resource, t.clientId].every(isString) &&
    isOptional(t.tokenType, (v) => v === "DPoP") &&
    isOptional(t.refreshToken, isString) &&
    isOptional(t.scope, isString) &&
    isOptional(t.expiresAt, (v) => typeof v === "number" && Number.isFinite(v))
  );
}

/** Whether `value` has the shape of `StoredClient`. */
export function isStoredClient(value: unknown): value is StoredClient {
  const c = value as Record<string, unknown> | null;
  return (
    typeof c === "object" &&
    c !== null &&
    isString(c.clientId) &&
    isString(c.tokenEndpointAuthMethod) &&
    ["pre-registered", "metadata-document", "dynamic"].includes(c.kind as string) &&
    isOptional(c.clientSecret, isString) &&
    isOptional(c.redirectUris, (v) => Array.isArray(v) && v.every(isString))
  );
}
