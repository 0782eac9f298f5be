/**
 * Resource-server nonces for DPoP proofs (RFC 9449 §9), stateless: a nonce
 * is `<period>.<mac>`, the period number (base 36) of `rotateSeconds`-long
 * periods since the epoch, and an HMAC-SHA256 of it and the proof key's
 * thumbprint under the first of the configured secrets. Nothing is stored,
 * so every instance that has the same secrets accepts the nonces of every
 * other, and a nonce only serves the key it was issued to.
 *
 * Rotation: a nonce of the current period is current; one of the previous
 * period is still accepted (the grace window) and the answer carries the
 * current nonce in `DPoP-Nonce`, so clients move on without a refusal; older
 * ones are refused with `use_dpop_nonce`. One period ahead is accepted too,
 * for an instance whose clock runs a little behind the one that issued it.
 * The secrets rotate like requestState's: newest first, the first issues,
 * every one checks.
 */
import { decodeBase64Url, encodeBase64Url } from "../base64url.js";
import { WeakSecretError } from "../request-state/errors.js";
import type { WebCryptoKey } from "../request-state/key-ring.js";

/** Options of server-provided DPoP nonces. */
export interface DPoPNonceOptions {
  /**
   * HMAC secrets, newest first, each at least 32 bytes (a string counts by
   * its UTF-8 bytes): the first makes nonces, every one checks them. Give
   * every instance the same ones.
   */
  secrets: readonly (string | Uint8Array)[];
  /** Length of a nonce period in seconds (default 300, at least 10): a nonce is accepted in its period and the next. */
  rotateSeconds?: number;
}

/** What a presented nonce is: of the current period, of the previous one (accepted, but the client should move on), or not acceptable. */
export type NonceStanding = "current" | "previous" | "refused";

const utf8 = new TextEncoder();
const LABEL = "mrtr/dpop-nonce/v1\0";
const NONCE = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/;
const MIN_SECRET_BYTES = 32;

/** Issues and checks the nonces of one `protect`. */
export class DPoPNonces {
  readonly #secrets: readonly Uint8Array<ArrayBuffer>[];
  readonly #periodMs: number;
  readonly #now: () => number;
  #keys: Promise<WebCryptoKey[]> | undefined;

  /** Throws `WeakSecretError` for a secret under 32 bytes, `RangeError` for other bad options. */
  constructor(options: DPoPNonceOptions, now: () => number) {
    const { secrets, rotateSeconds = 300 } = options ?? ({} as DPoPNonceOptions);
    if (!Array.isArray(secrets) || secrets.length === 0) throw new RangeError("protect: dpop.nonce.secrets must list at least one secret, newest first (e.g. `openssl rand -base64 32`).");
    this.#secrets = secrets.map((secret: string | Uint8Array, index) => {
      const bytes = typeof secret === "string" ? utf8.encode(secret) : secret instanceof Uint8Array ? new Uint8Array(secret) : undefined;
      if (!bytes) throw new RangeError(`protect: dpop.nonce.secrets #${index} must be a string or a Uint8Array.`);
      if (bytes.byteLength < MIN_SECRET_BYTES) throw new WeakSecretError(`protect: dpop.nonce.secrets #${index} has ${bytes.byteLength} bytes; nonce secrets need at least ${MIN_SECRET_BYTES}.`);
      return bytes;
    });
    if (typeof rotateSeconds !== "number" || !Number.isFinite(rotateSeconds) || rotateSeconds < 10) throw new RangeError("protect: dpop.nonce.rotateSeconds must be a number of seconds, at least 10.");
    this.#periodMs = rotateSeconds * 1000;
    this.#now = now;
  }

  /** The current nonce for the key of thumbprint `jkt`. */
  async issue(jkt: string): Promise<string> {
    const period = this.#period();
    const [key] = await this.#hmacKeys();
    const mac = await crypto.subtle.sign("HMAC", key!, this.#message(period, jkt));
    return `${period.toString(36)}.${encodeBase64Url(new Uint8Array(mac))}`;
  }

  /** How `nonce` (a proof's `nonce` claim) stands for the key of thumbprint `jkt`. */
  async check(nonce: unknown, jkt: string): Promise<NonceStanding> {
    const match = typeof nonce === "string" ? NONCE.exec(nonce) : null;
    if (!match) return "refused";
    const period = Number.parseInt(match[1]!, 36);
    const current = this.#period();
    if (period < current - 1 || period > current + 1) return "refused";
    const mac = decodeBase64Url(match[2]!);
    if (!mac) return "refused";
    const message = this.#message(period, jkt);
    for (const key of await this.#hmacKeys()) {
      if (await crypto.subtle.verify("HMAC", key, mac, message)) return period >= current ? "current" : "previous";
    }
    return "refused";
  }

  #period(): number {
    return Math.floor(this.#now() / this.#periodMs);
  }

  #message(period: number, jkt: string): Uint8Array<ArrayBuffer> {
    return utf8.encode(`${LABEL}${period}\0${jkt}`);
  }

  #hmacKeys(): Promise<WebCryptoKey[]> {
    this.#keys ??= Promise.all(this.#secrets.map((secret) => crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"])));
    return this.#keys;
  }
}
