/**
 * How a client without a user authenticates at a token endpoint: a secret
 * (`client_secret_basic`, `client_secret_post`), a private key signing an RFC
 * 7523 client assertion (`private_key_jwt`, oauth4webapi signs it), or none
 * (only `client_id`). Keys are CryptoKeys or JWKs (imported once, with jose,
 * non-extractable); neither a key nor a secret ever reaches a message or event.
 */
// jose's CryptoKey is the runtime's where it has one, and structural elsewhere, so these declarations need no DOM types.
import { importJWK, type CryptoKey as WebCryptoKey, type JWK } from "jose";
import * as oauth from "oauth4webapi";
import { clientSecretBasic } from "./client-identity.js";
import { ClientRegistrationError } from "./errors.js";

/** The token endpoint authentication methods of clients without a user. */
export type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "private_key_jwt" | "none";

/** A client's credentials at one authorization server. */
export interface ClientCredentials {
  /** The client id the authorization server knows this client by. */
  clientId: string;
  /** For client_secret_basic / client_secret_post. */
  clientSecret?: string;
  /** For private_key_jwt: a signing CryptoKey (usages include "sign") or a private JWK (with `alg`, or an EC/OKP key whose curve implies it). */
  privateKey?: WebCryptoKey | JWK;
  /** `kid` of the client assertion's header, when the server needs it to pick the key. */
  keyId?: string;
  /**
   * Default: private_key_jwt with a key; with a secret, client_secret_basic or
   * client_secret_post (whichever the server lists, basic first); else none.
   */
  method?: ClientAuthMethod;
  /** The issuer these credentials were issued by; they are not presented to any other authorization server. */
  issuer?: string;
}

const CURVE_ALG: Readonly<Record<string, string>> = { "P-256": "ES256", "P-384": "ES384", "P-521": "ES512", Ed25519: "EdDSA" };

function jwkAlg(jwk: JsonWebKey): string {
  const alg = jwk.alg ?? (jwk.crv !== undefined ? CURVE_ALG[jwk.crv] : jwk.kty === "RSA" ? "RS256" : undefined);
  if (!alg) throw new TypeError("The client's private JWK needs an \"alg\" (or an EC/OKP curve that implies it).");
  return alg;
}

/** Checks credentials when the option is given, so mistakes show at `withAuth`, not at the first 401. */
export function checkClientCredentials(where: string, c: ClientCredentials | undefined): void {
  if (!c || typeof c.clientId !== "string" || c.clientId === "") throw new TypeError(`${where}.clientId must be a non-empty string.`);
  const method = c.method;
  if ((method === "client_secret_basic" || method === "client_secret_post") && typeof c.clientSecret !== "string") throw new TypeError(`${where}.method ${method} needs ${where}.clientSecret.`);
  if (method === "private_key_jwt" && c.privateKey === undefined) throw new TypeError(`${where}.method private_key_jwt needs ${where}.privateKey.`);
  if (c.privateKey !== undefined && typeof c.privateKey === "object" && !(typeof CryptoKey !== "undefined" && c.privateKey instanceof CryptoKey)) jwkAlg(c.privateKey as JsonWebKey);
}

/** oauth4webapi client authentication for these credentials at `as` (imports a JWK once). */
export class ClientAuthenticator {
  #key: Promise<CryptoKey> | undefined;
  constructor(readonly credentials: ClientCredentials) {}

  get client(): oauth.Client {
    return { client_id: this.credentials.clientId };
  }

  /** The method to use at `as`. */
  method(as: oauth.AuthorizationServer): ClientAuthMethod {
    const c = this.credentials;
    if (c.issuer !== undefined && c.issuer !== as.issuer) {
      throw new ClientRegistrationError(as.issuer, `The client credentials of ${JSON.stringify(c.clientId)} were issued by ${c.issuer}, but the server is protected by ${as.issuer}; they were not sent there. Configure credentials for that issuer.`);
    }
    if (c.method) return c.method;
    if (c.privateKey !== undefined) return "private_key_jwt";
    if (c.clientSecret === undefined) return "none";
    const supported = as.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    return supported.includes("client_secret_basic") || !supported.includes("client_secret_post") ? "client_secret_basic" : "client_secret_post";
  }

  async auth(as: oauth.AuthorizationServer): Promise<oauth.ClientAuth> {
    const c = this.credentials;
    switch (this.method(as)) {
      case "client_secret_basic":
        return clientSecretBasic(c.clientSecret ?? "");
      case "client_secret_post":
        return oauth.ClientSecretPost(c.clientSecret ?? "");
      case "private_key_jwt":
        return oauth.PrivateKeyJwt({ key: await this.#privateKey(), ...(c.keyId !== undefined && { kid: c.keyId }) });
      default:
        return oauth.None();
    }
  }

  #privateKey(): Promise<CryptoKey> {
    const key = this.credentials.privateKey;
    this.#key ??= (async () => {
      if (key === undefined) throw new TypeError("private_key_jwt needs privateKey.");
      if (typeof CryptoKey !== "undefined" && key instanceof CryptoKey) return key;
      const jwk = key as JsonWebKey;
      const imported = await importJWK(jwk as JWK, jwkAlg(jwk), { extractable: false });
      if (imported instanceof Uint8Array) throw new TypeError("privateKey must be an asymmetric private key, not a symmetric one.");
      return imported;
    })();
    return this.#key;
  }
}
