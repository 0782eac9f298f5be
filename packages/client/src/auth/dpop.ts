/**
 * DPoP (RFC 9449) for one `withAuth` session: one key pair (ES256 by default,
 * generated with WebCrypto, the private key non-extractable) behind an
 * oauth4webapi DPoP handle, which signs the proofs and remembers each
 * server's nonce. A request refused for a missing or stale nonce is retried
 * once with the nonce the server sent; a second refusal ends in a
 * `DPoPError`.
 */
import type { CryptoKey as WebCryptoKey } from "jose";
import * as oauth from "oauth4webapi";
import { DPoPError } from "./errors.js";

/** `withAuth`'s `dpop` option: `true` for a fresh ES256 key pair, or the details. */
export interface DPoPOptions {
  /**
   * The key pair that proofs are signed with. Default: a new ES256 pair per
   * `withAuth`, private key non-extractable. The public key must be extractable
   * (it goes into every proof's header).
   */
  keyPair?: {
    /** Signs the proofs. */
    privateKey: WebCryptoKey;
    /** Goes into each proof's header; must be extractable. */
    publicKey: WebCryptoKey;
  };
  /**
   * Accept a Bearer token when the authorization server ignores the DPoP proof
   * (default false: such a downgrade is refused with a `DPoPError`).
   */
  allowBearer?: boolean;
}

/** The DPoP state of a session. */
export class DPoPBinding {
  readonly allowBearer: boolean;
  #handle: Promise<oauth.DPoPHandle> | undefined;
  readonly #keyPair: CryptoKeyPair | undefined;

  constructor(options: true | DPoPOptions) {
    const o = options === true ? {} : options;
    if (o.keyPair !== undefined && (!o.keyPair.privateKey || !o.keyPair.publicKey)) throw new TypeError("dpop.keyPair must be a CryptoKeyPair (privateKey and publicKey).");
    this.#keyPair = o.keyPair;
    this.allowBearer = o.allowBearer === true;
  }

  /** The oauth4webapi handle (the key pair is made on first use). */
  handle(): Promise<oauth.DPoPHandle> {
    this.#handle ??= (async () => {
      const keyPair = this.#keyPair ?? (await oauth.generateKeyPair("ES256"));
      // The client lends only its clock skew (none here) to the proofs.
      return oauth.DPoP({}, keyPair);
    })();
    return this.#handle;
  }
}

/**
 * Runs a token request; when the authorization server answers `use_dpop_nonce`
 * (the handle has kept the nonce it sent) runs it once more, and only once.
 */
export async function withTokenNonceRetry<T>(dpop: DPoPBinding | undefined, issuer: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!dpop || !oauth.isDPoPNonceError(error)) throw error;
  }
  try {
    return await attempt();
  } catch (error) {
    if (oauth.isDPoPNonceError(error)) {
      throw new DPoPError("nonce_loop", `The token endpoint of ${issuer} asked for a new DPoP nonce again right after the retry with its nonce; gave up. Tell the authorization server's operator.`);
    }
    throw error;
  }
}

/** The token type a token response may be stored as, given whether DPoP was asked for. */
export function acceptedTokenType(tokenType: string, dpop: DPoPBinding | undefined, issuer: string): "Bearer" | "DPoP" {
  if (tokenType === "dpop") {
    if (!dpop) throw new DPoPError("unexpected_dpop", `The token endpoint of ${issuer} issued a DPoP-bound token although no DPoP proof was sent; set the dpop option of withAuth to use this server.`);
    return "DPoP";
  }
  if (dpop && !dpop.allowBearer) {
    throw new DPoPError(
      "downgrade",
      `The token endpoint of ${issuer} issued a Bearer token although a DPoP-bound one was requested; it was refused. Ask the operator to enable DPoP, or set dpop.allowBearer to accept unbound tokens.`,
    );
  }
  return "Bearer";
}
