/**
 * How the login window hands the authorization server's redirect back to
 * the page: the callback page posts the URL it was redirected to on a
 * same-origin BroadcastChannel. It works whether or not the window keeps a
 * reference to its opener, and the client only completes the login whose
 * `state` it is waiting for.
 */

/** The channel's name. */
export const LOGIN_CHANNEL = "mrtr-web-host-login";

/** The one message on the channel. */
export interface LoginMessage {
  /** The full URL the authorization server redirected to (code, state, iss). */
  redirect: string;
}

/** Whether `data` is a {@link LoginMessage}. */
export function isLoginMessage(data: unknown): data is LoginMessage {
  return typeof data === "object" && data !== null && typeof (data as { redirect?: unknown }).redirect === "string";
}

/** The redirect URI the page registers: its callback page, beside it. */
export function callbackUrl(page: string | URL): string {
  return new URL("callback.html", page).href;
}
