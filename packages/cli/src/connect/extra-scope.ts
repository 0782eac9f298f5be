/**
 * `--scope` in the interactive flow. `withAuth` chooses the scopes of a
 * sign-in itself (the server's challenge, else its `scopes_supported`, and
 * what was asked before); the scopes the user names are added to that
 * choice: to the authorization request the browser is sent with, and to the
 * scope recorded with the tokens, so refreshes and later sign-ins ask for
 * them again.
 */
import type { AuthStore, StoredTokens, UserAgent } from "@mrtr/client/auth";

/** The union of two space-separated scope lists, in order, without repeats; undefined when empty. */
export function unionScopes(a: string | undefined, b: string | undefined): string | undefined {
  const all = new Set([...(a ?? "").split(" "), ...(b ?? "").split(" ")].filter(Boolean));
  return all.size > 0 ? [...all].join(" ") : undefined;
}

/** A user agent that sends the user to the authorization URL with `scope` added to the scopes requested. */
export function withExtraScope(userAgent: UserAgent, scope: string): UserAgent {
  return {
    redirectUri: () => userAgent.redirectUri(),
    authorize(authorizationUrl, options) {
      const url = new URL(authorizationUrl);
      url.searchParams.set("scope", unionScopes(url.searchParams.get("scope") ?? undefined, scope)!);
      return userAgent.authorize(url, options);
    },
  };
}

/** A store that records `scope` among the scopes of tokens obtained (they were asked for by {@link withExtraScope}). */
export function recordingExtraScope(store: AuthStore, scope: string): AuthStore {
  return {
    getTokens: (serverUrl) => store.getTokens(serverUrl),
    setTokens: (serverUrl, tokens: StoredTokens | undefined) => store.setTokens(serverUrl, tokens && { ...tokens, scope: unionScopes(tokens.scope, scope)! }),
    getClient: (issuer) => store.getClient(issuer),
    setClient: (issuer, client) => store.setClient(issuer, client),
  };
}
