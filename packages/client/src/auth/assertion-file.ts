/**
 * A workload identity token kept in a file by the platform (a projected
 * Kubernetes service-account token, a CI job's OIDC token, …), as an
 * assertion source for `jwtBearer`. Node-only (node:fs): exported from
 * `@mrtr/client/auth/node`. The file is read again when it changed (size or
 * modification time) and when the token read last has expired, so a
 * platform that rotates it is followed without a restart.
 */
import { readFile, stat } from "node:fs/promises";
import { decodeJwt } from "jose";

/** Options of `assertionFromFile`. */
export interface AssertionFileOptions {
  /** Largest file read, in bytes (default 65 536). */
  maxBytes?: number;
  /** The clock, in epoch ms (tests). */
  now?: () => number;
}

function expiryOf(token: string): number | undefined {
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined; // not a JWT we can read: the authorization server decides
  }
}

/** An assertion source that reads the token from `path`. */
export function assertionFromFile(path: string, options: AssertionFileOptions = {}): () => Promise<string> {
  const maxBytes = options.maxBytes ?? 65_536;
  const now = options.now ?? Date.now;
  let cached: { token: string; mtimeMs: number; size: number; expiresAt: number | undefined } | undefined;
  return async () => {
    const info = await stat(path);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size && (cached.expiresAt === undefined || now() < cached.expiresAt)) return cached.token;
    if (info.size > maxBytes) throw new Error(`${path} is larger than ${maxBytes} bytes; is it the token file?`);
    const token = (await readFile(path, "utf8")).trim();
    if (token === "") throw new Error(`${path} is empty; the platform has not written the token yet.`);
    const expiresAt = expiryOf(token);
    if (expiresAt !== undefined && now() >= expiresAt) throw new Error(`the token in ${path} has expired and was not renewed; check the platform that writes it.`);
    cached = { token, mtimeMs: info.mtimeMs, size: info.size, expiresAt };
    return token;
  };
}
