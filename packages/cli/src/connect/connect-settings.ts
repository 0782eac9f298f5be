/**
 * What the command line of `mrtr connect` asks for, in one place for the
 * parser and the modules that act on it.
 */

/** What the command line of `mrtr connect` asks for. */
export interface ConnectSettings {
  /** The remote MCP endpoint. */
  url: URL;
  /** The pre-registered client id (`--client-id`), if given. */
  clientId?: string;
  /** Further scopes (`--scope`). */
  scope?: string;
  /** Print the sign-in URL instead of opening a browser. */
  noBrowser: boolean;
  /** The loopback port of the redirect, if fixed. */
  callbackPort?: number;
  /** Ask for DPoP-bound tokens. */
  dpop: boolean;
  /** Headers sent with every request. */
  headers: Record<string, string>;
}
