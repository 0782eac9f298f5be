/**
 * The page's MCP client of one endpoint: Streamable HTTP through the auth
 * layer (a server that never answers 401 never sees it; a protected one gets
 * the browser sign-in of login.ts), and the page's form and URL handlers.
 * It declares the MCP Apps extension (`appsExtension()`), so servers know
 * this host renders views. With `dpop`, sign-ins ask for DPoP-bound tokens
 * (RFC 9449): a key pair made in the page for this connection (WebCrypto,
 * private key not extractable) signs a proof for the token request and for
 * every request to the server, and a Bearer token is refused.
 */
import { appsExtension } from "@mrtr/apps/host";
import { createClient, httpTransport, type McpClient } from "@mrtr/client";
import { withAuth } from "@mrtr/client/auth";
import { formElicitation } from "./form-elicitation.js";
import type { BrowserLogin } from "./login.js";
import { urlConsent } from "./url-consent.js";

/** The client's name and version, sent as `clientInfo`. */
export const CLIENT_INFO = { name: "mrtr-web-host", version: "0.0.0", title: "mrtr browser host" } as const;

/** Where the parts of the page that a connection drives live. */
export interface ConnectionUi {
  /** Where the server's questions (forms, URL steps) appear. */
  questions: HTMLElement;
  login: BrowserLogin;
}

/** How a connection signs in. */
export interface ConnectionOptions {
  /** Ask for DPoP-bound tokens (default false). */
  dpop?: boolean;
}

/** A client of `endpoint` whose questions and sign-in appear in `ui`. */
export function connect(endpoint: URL, ui: ConnectionUi, options: ConnectionOptions = {}): McpClient {
  const authorizedFetch = withAuth((input, init) => fetch(input, init), {
    client: { name: CLIENT_INFO.title, applicationType: "web" },
    userAgent: ui.login.userAgent,
    onEvent: ui.login.onEvent,
    ...(options.dpop === true && { dpop: true }),
  });
  return createClient({
    transport: httpTransport(endpoint, { fetch: authorizedFetch }),
    ...CLIENT_INFO,
    elicitation: { form: formElicitation(ui.questions, endpoint.href), url: urlConsent(ui.questions, endpoint.href) },
    extensions: [appsExtension()],
  });
}
