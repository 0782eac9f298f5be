/**
 * Where the authorization layer keeps what it obtained: tokens per MCP server
 * and client registrations per authorization server (bound to its issuer, as
 * client-registration.mdx "Authorization Server Binding" requires). In memory
 * by default; implement `AuthStore` to persist them (encrypted at rest: they
 * are credentials).
 */

/** Tokens for one MCP server. */
export interface StoredTokens {
  /** The access token sent to the server. */
  accessToken: string;
  /** "DPoP" for a DPoP-bound token (RFC 9449), sent with a proof; absent for Bearer. */
  tokenType?: "DPoP";
  /** The refresh token, when one was issued; used only at `issuer`. */
  refreshToken?: string;
  /** Epoch ms after which the access token is expired, when the server said. */
  expiresAt?: number;
  /** Scopes requested for these tokens (space-separated). */
  scope?: string;
  /** The issuer that issued them: refreshes go there, and nowhere else. */
  issuer: string;
  /** The resource identifier (RFC 8707) they were requested for. */
  resource: string;
  /** The client they were issued to (refreshes use the same). */
  clientId: string;
}

/** A client identity at one authorization server. */
export interface StoredClient {
  /** Its client id there. */
  clientId: string;
  /** Its secret, for a confidential client. */
  clientSecret?: string;
  /** "client_secret_basic", "client_secret_post" or "none". */
  tokenEndpointAuthMethod: string;
  /** The redirect URIs it was registered with (dynamic registration). */
  redirectUris?: string[];
  /** How it was obtained. */
  kind: "pre-registered" | "metadata-document" | "dynamic";
}

/** Storage of tokens (by MCP server URL) and client registrations (by issuer). Methods may be async. */
export interface AuthStore {
  /** The tokens stored for the MCP server at `serverUrl`, if any. */
  getTokens(serverUrl: string): StoredTokens | undefined | Promise<StoredTokens | undefined>;
  /** Stores the tokens for `serverUrl`; undefined removes them. */
  setTokens(serverUrl: string, tokens: StoredTokens | undefined): void | Promise<void>;
  /** The client identity stored for the authorization server `issuer`, if any. */
  getClient(issuer: string): StoredClient | undefined | Promise<StoredClient | undefined>;
  /** Stores the client identity for `issuer`; undefined removes it. */
  setClient(issuer: string, client: StoredClient | undefined): void | Promise<void>;
}

/** An `AuthStore` in memory: everything is lost when the process ends. */
export class MemoryAuthStore implements AuthStore {
  readonly #tokens = new Map<string, StoredTokens>();
  readonly #clients = new Map<string, StoredClient>();
  getTokens(serverUrl: string): StoredTokens | undefined {
    return this.#tokens.get(serverUrl);
  }
  setTokens(serverUrl: string, tokens: StoredTokens | undefined): void {
    if (tokens) this.#tokens.set(serverUrl, tokens);
    else this.#tokens.delete(serverUrl);
  }
  getClient(issuer: string): StoredClient | undefined {
    return this.#clients.get(issuer);
  }
  setClient(issuer: string, client: StoredClient | undefined): void {
    if (client) this.#clients.set(issuer, client);
    else this.#clients.delete(issuer);
  }
}
