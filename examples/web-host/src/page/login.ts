/**
 * The browser redirect flow of `@mrtr/client/auth`: when a server answers
 * 401, the client discovers its authorization server, registers the page
 * and asks for the authorization URL to be shown. The page shows a "Sign
 * in" button (a click, so no popup blocker stands in the way) that opens
 * the URL in a small window; the authorization server redirects that window
 * to the callback page, which hands the redirect back (login-channel.ts),
 * and the client checks `iss` and `state`, fetches the token and retries.
 * Tokens stay in this page's memory.
 */
import { callbackUserAgent, type AuthEventListener, type CallbackUserAgent } from "@mrtr/client/auth";
import { el, replace } from "./dom.js";
import { callbackUrl, isLoginMessage, LOGIN_CHANNEL } from "./login-channel.js";

/** The login step of the page. */
export interface BrowserLogin {
  userAgent: CallbackUserAgent;
  /** The auth layer's events: the panel says when the user is signed in. */
  onEvent: AuthEventListener;
}

/** A login that shows its steps in `panel`. */
export function browserLogin(panel: HTMLElement): BrowserLogin {
  const channel = new BroadcastChannel(LOGIN_CHANNEL);
  const userAgent = callbackUserAgent({
    redirectUri: callbackUrl(location.href),
    open: (authorizationUrl) => {
      const signIn = el("button", { type: "button", class: "primary", "data-action": "sign-in" }, "Sign in");
      const cancel = el("button", { type: "button", "data-action": "cancel-sign-in" }, "Cancel");
      signIn.addEventListener("click", () => {
        window.open(authorizationUrl.href, "_blank", "popup,width=480,height=640,noopener");
        replace(panel, el("p", {}, "Waiting for the sign-in window… "), el("p", { class: "detail" }, "No window? Open ", el("a", { href: authorizationUrl.href, target: "_blank", rel: "noopener" }, authorizationUrl.origin), " yourself."), cancel);
      });
      cancel.addEventListener("click", () => {
        userAgent.cancel("You cancelled the sign-in.");
        replace(panel, el("p", {}, "Sign-in cancelled."));
      });
      panel.hidden = false;
      replace(panel, el("p", {}, "This server needs you to sign in at ", el("strong", { class: "peer" }, authorizationUrl.host), "."), el("div", { class: "actions" }, signIn, cancel));
    },
  });
  channel.addEventListener("message", (event) => {
    if (isLoginMessage(event.data)) userAgent.complete(event.data.redirect);
  });
  return {
    userAgent,
    onEvent: (event) => {
      if (event.type === "tokens") {
        panel.hidden = false;
        replace(panel, el("p", { class: "signed-in" }, "Signed in at ", el("strong", { class: "peer" }, event.issuer), event.scope ? ` (scope: ${event.scope})` : "", "."));
      }
    },
  };
}
