/**
 * The callback page's script (callback.js): the authorization server
 * redirected the login window here with `code`, `state` and `iss`. It hands
 * the URL to the page that started the login, takes the code out of this
 * window's address and history, and closes the window.
 */
import { LOGIN_CHANNEL, type LoginMessage } from "./login-channel.js";

const message: LoginMessage = { redirect: location.href };
const channel = new BroadcastChannel(LOGIN_CHANNEL);
channel.postMessage(message);
channel.close();
history.replaceState(null, "", location.pathname);
const status = document.getElementById("status");
if (status) status.textContent = "Signed in. You can close this window.";
window.close();
