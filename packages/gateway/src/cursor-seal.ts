/**
 * The gateway's list cursors, sealed: AES-256-GCM over the position and the
 * caller (the method as additional data), so a cursor is opaque, cannot be
 * forged or moved to another list, and is refused for another caller. The
 * keys derive (HKDF-SHA256) from the front's requestState secrets, the
 * first sealing and all opening, so any instance of a fleet continues any
 * listing and keys rotate as requestState keys do; without secrets, from a
 * random key of this process.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { SecretInput } from "@mrtr/server";

/** What a cursor holds. */
export interface CursorPosition {
  /** The offset of the next page in the caller's list. */
  readonly offset: number;
  /** The caller it was given to ("" for nobody known). */
  readonly caller: string;
}

/** Seals and opens list cursors with a key ring. */
export class CursorSeal {
  readonly #keys: Buffer[];

  constructor(secrets: readonly SecretInput[] | undefined) {
    const raw = secrets && secrets.length > 0 ? secrets.map(secretBytes) : [randomBytes(32)];
    this.#keys = raw.map((secret) => Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "mrtr-gateway list cursor v1", 32)));
  }

  /** The cursor of `position` in the list of `method`. */
  seal(method: string, position: CursorPosition): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#keys[0]!, iv).setAAD(Buffer.from(method));
    const body = Buffer.concat([cipher.update(JSON.stringify([position.offset, position.caller]), "utf8"), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
  }

  /** The position a cursor of `method`'s list holds; undefined when it was not sealed here for that list (or is garbage). */
  open(method: string, cursor: unknown): CursorPosition | undefined {
    if (typeof cursor !== "string" || cursor.length > 512) return undefined;
    const bytes = Buffer.from(cursor, "base64url");
    if (bytes.length < 12 + 16 + 2) return undefined;
    for (const key of this.#keys) {
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12)).setAAD(Buffer.from(method));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
        const [offset, caller] = JSON.parse(text) as [unknown, unknown];
        if (Number.isSafeInteger(offset) && (offset as number) >= 0 && typeof caller === "string") return { offset: offset as number, caller };
        return undefined;
      } catch {
        // Not this key: try the next.
      }
    }
    return undefined;
  }
}

/** A secret's bytes, however it was given. */
function secretBytes(secret: SecretInput): Uint8Array {
  const value = typeof secret === "object" && !(secret instanceof Uint8Array) ? secret.secret : secret;
  return typeof value === "string" ? Buffer.from(value, "utf8") : value;
}
