/**
 * The `withAuth` options of `mrtr connect`: the client credentials grant when
 * `MRTR_CLIENT_SECRET` is set (headless), else the interactive code flow with
 * a loopback redirect; tokens in a {@link FileAuthStore}; DPoP with a key
 * kept beside the tokens when `--dpop` is given.
 *
 * DPoP is on only when asked: `withAuth` decides it when it is made and does
 * not turn it on by itself when a server's challenge names DPoP, so a server
 * that accepts DPoP-bound tokens only needs `--dpop`.
 */
import type { AuthOptions, PreRegisteredClient } from "@mrtr/client/auth";
import { loopbackUserAgent } from "@mrtr/client/auth/node";
import { describeAuthEvent } from "./auth-events.js";
import { browserChoice, browserOpener } from "./browser.js";
import type { ConnectSettings } from "./connect-settings.js";
import { persistentDPoPKeyPair } from "./dpop-key.js";
import { recordingExtraScope, withExtraScope } from "./extra-scope.js";
import type { FileAuthStore } from "./file-auth-store.js";
import { UsageError } from "../exit-codes.js";

/** The name `mrtr connect` registers under and shows on consent pages. */
export const CLIENT_NAME = "mrtr connect";

/** The authorization options, and what to close when done. */
export interface ConnectAuth {
  /** The options of `withAuth`. */
  options: AuthOptions;
  /** `interactive` (browser) or `client_credentials` (headless). */
  grant: "interactive" | "client_credentials";
  /** Stops the loopback listener, if any. */
  close(): Promise<void>;
}

/** The key under which `withAuth` stores the tokens of `url`: its origin and path. */
export function serverKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * The same pre-registered client for whichever authorization server the
 * MCP server names (`withAuth` looks clients up by issuer, which `--client-id`
 * does not know beforehand).
 */
function forEveryIssuer(client: PreRegisteredClient): Readonly<Record<string, PreRegisteredClient>> {
  return new Proxy({}, { get: (_target, issuer) => (typeof issuer === "string" ? client : undefined) });
}

/** Builds the authorization of `mrtr connect` for `settings` in environment `env`. */
export async function connectAuth(settings: ConnectSettings, env: NodeJS.ProcessEnv, store: FileAuthStore): Promise<ConnectAuth> {
  const clientId = settings.clientId ?? (env.MRTR_CLIENT_ID || undefined);
  const common: AuthOptions = {
    store,
    onEvent: (event) => {
      const line = describeAuthEvent(event, settings.scope);
      if (line) process.stderr.write(`mrtr connect: ${line}\n`);
    },
    ...(settings.dpop && { dpop: { keyPair: await persistentDPoPKeyPair(store, serverKey(settings.url)) } }),
  };
  const secret = env.MRTR_CLIENT_SECRET;
  if (secret) {
    if (!clientId) throw new UsageError("MRTR_CLIENT_SECRET is set but no client id: set MRTR_CLIENT_ID (or --client-id) for the client credentials grant.");
    const clientCredentials = { clientId, clientSecret: secret, ...(settings.scope !== undefined && { scope: settings.scope }) };
    return { options: { ...common, clientCredentials }, grant: "client_credentials", close: async () => undefined };
  }
  const loopback = loopbackUserAgent({ open: browserOpener(browserChoice(settings.noBrowser, env)), ...(settings.callbackPort !== undefined && { port: settings.callbackPort }) });
  const client = { name: CLIENT_NAME, ...(clientId !== undefined && { preRegistered: forEveryIssuer({ clientId }) }) };
  const scope = settings.scope;
  const options: AuthOptions = {
    ...common,
    client,
    userAgent: scope === undefined ? loopback : withExtraScope(loopback, scope),
    ...(scope !== undefined && { store: recordingExtraScope(store, scope) }),
  };
  return { options, grant: "interactive", close: () => loopback.close() };
}
