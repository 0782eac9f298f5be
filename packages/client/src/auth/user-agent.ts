/**
 * The user-agent step of the authorization code flow: show the user the
 * authorization URL and hand back the URL the authorization server redirected
 * to. Pluggable: `callbackUserAgent` for browsers and tests (the application
 * completes it with the redirect it received), `loopbackUserAgent` from
 * `@mrtr/client/auth/node` for terminal apps.
 */
import { UserAgentError } from "./errors.js";

/** The user-agent step. */
export interface UserAgent {
  /** The redirect URI to register and send (the same for every call while the agent lives). */
  redirectUri(): string | Promise<string>;
  /**
   * Sends the user to `authorizationUrl` and resolves with the full redirect
   * URL (with its `code`, `state`, `iss` parameters) once it arrives. Rejects
   * when `signal` aborts (time limit or the request's own signal).
   */
  authorize(authorizationUrl: URL, options: { signal: AbortSignal }): Promise<URL>;
}

/** Options of `callbackUserAgent`. */
export interface CallbackUserAgentOptions {
  /** The redirect URI the application receives redirects at (for a browser app, its callback page). */
  redirectUri: string;
  /** Shows the authorization URL: navigate, open a popup, or (tests) fetch it and call `complete` with the redirect. */
  open: (authorizationUrl: URL) => void | Promise<void>;
}

/** A user agent the application completes with the redirect it received. */
export interface CallbackUserAgent extends UserAgent {
  /** Hands over the redirect URL; returns false when no authorization is waiting (nothing happens then). */
  complete(redirectedTo: string | URL): boolean;
  /** Ends the waiting authorization, if any, with a `UserAgentError`. */
  cancel(reason?: string): void;
}

/** A user agent driven by callbacks: `open` shows the URL, `complete` hands back the redirect. */
export function callbackUserAgent(options: CallbackUserAgentOptions): CallbackUserAgent {
  let pending: { resolve: (url: URL) => void; reject: (error: Error) => void } | undefined;
  return {
    redirectUri: () => options.redirectUri,
    authorize(authorizationUrl, { signal }) {
      pending?.reject(new UserAgentError("A newer authorization replaced this one."));
      return new Promise<URL>((resolve, reject) => {
        const onAbort = () => {
          if (pending === entry) pending = undefined;
          reject(new UserAgentError("The authorization was not completed in time, or was aborted. Start again; raise limits.authorizationTimeoutMs if the user needs longer."));
        };
        const entry = {
          resolve: (url: URL) => {
            signal.removeEventListener("abort", onAbort);
            resolve(url);
          },
          reject: (error: Error) => {
            signal.removeEventListener("abort", onAbort);
            reject(error);
          },
        };
        pending = entry;
        if (signal.aborted) return onAbort();
        signal.addEventListener("abort", onAbort, { once: true });
        Promise.resolve()
          .then(() => options.open(authorizationUrl))
          .catch((error: unknown) => {
            if (pending === entry) pending = undefined;
            entry.reject(new UserAgentError(`Could not open the authorization URL: ${(error as Error)?.message ?? String(error)}`));
          });
      });
    },
    complete(redirectedTo) {
      const entry = pending;
      if (!entry) return false;
      let url: URL;
      try {
        url = new URL(String(redirectedTo));
      } catch {
        return false;
      }
      pending = undefined;
      entry.resolve(url);
      return true;
    },
    cancel(reason) {
      const entry = pending;
      pending = undefined;
      entry?.reject(new UserAgentError(reason ?? "The authorization was cancelled."));
    },
  };
}
