/**
 * The client side: an MCP client whose fetch is `withAuth`'s. On the server's
 * 401 it reads the protected-resource metadata, then the authorization
 * server's, registers itself (dynamic client registration), sends the user
 * to sign in (authorization code with PKCE, for this resource), obtains a
 * DPoP-bound token and sends the request again with it and a fresh proof.
 * On a 403 insufficient_scope it asks again for the missing scopes (step-up).
 */
import { createClient, httpTransport } from "@mrtr/client";
import { callbackUserAgent, MemoryAuthStore, withAuth, type AuthEvent } from "@mrtr/client/auth";

/** A signed-in-on-demand client of `endpoint`, its token store and the authorization events it went through. */
export function connectAsUser(endpoint: string, options: { fetch?: typeof fetch } = {}) {
  const events: AuthEvent[] = [];
  // Tokens per MCP endpoint, registrations per authorization server. Persist them with your own AuthStore, encrypted: they are credentials.
  const store = new MemoryAuthStore();
  const userAgent = callbackUserAgent({
    // Registered with the authorization server, which sends the user back there with the code.
    redirectUri: "http://127.0.0.1/callback",
    // Where an app opens the browser (loopbackUserAgent from @mrtr/client/auth/node does, for terminal apps).
    // The stand-in approves at once with a redirect, so following it is the whole sign-in.
    open: async (authorizationUrl) => {
      const response = await fetch(authorizationUrl, { redirect: "manual" });
      const location = response.headers.get("location");
      if (location === null) throw new Error(`the authorization server answered ${response.status} without a redirect`);
      userAgent.complete(new URL(location, authorizationUrl));
    },
  });
  const authorizedFetch = withAuth(options.fetch ?? fetch, {
    client: { name: "Notes example" },
    userAgent,
    dpop: true, // a fresh ES256 key pair for this session; every token is bound to it
    store,
    onEvent: (event) => events.push(event),
  });
  const client = createClient({ name: "notes-client", version: "1.0.0", transport: httpTransport(endpoint, { fetch: authorizedFetch }) });
  return { client, store, events };
}

/** The text of a tool result. */
export function textOf(result: { content: readonly { type: string; text?: string }[] }): string {
  return result.content.map((block) => block.text ?? `[${block.type}]`).join("\n");
}
