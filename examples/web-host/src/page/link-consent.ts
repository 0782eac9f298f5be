/**
 * A view asks the host to open a link (`ui/open-link`): the page asks the
 * user first, in the page, with the full URL (its host marked) and every
 * warning of `inspectUrl`. Only **Open** opens it, in a new tab without a
 * way back to this page (`noopener`); **Don't open**, or the view closing,
 * refuses, and the view is answered with the refusal.
 */
import { inspectUrl } from "@mrtr/client/elicitation";
import { el } from "./dom.js";
import { urlFacts, urlWithHost } from "./url-consent.js";

/** Warnings after which the URL must not be opened at all. */
const BLOCKING = new Set(["not-a-url", "non-http-scheme"]);

/**
 * Shows the question in `container`; resolves true once the user chose
 * Open (the tab is opened in that click), false for Don't open or when
 * `signal` aborts (the box is removed either way).
 */
export function askToOpenLink(container: HTMLElement, viewName: string, url: string, signal: AbortSignal): Promise<boolean> {
  const inspection = inspectUrl(url);
  const blocked = inspection.warnings.some((w) => BLOCKING.has(w.code));
  const open = blocked ? undefined : el("button", { type: "button", class: "primary", "data-action": "open-link" }, "Open");
  const refuse = el("button", { type: "button", "data-action": "refuse-link" }, "Don't open");
  const box = el(
    "div",
    { class: "question link-consent", role: "alertdialog", "aria-label": "The view asks to open a link" },
    el("p", {}, "The view ", el("strong", { class: "peer" }, viewName), " asks to open a page:"),
    el("p", {}, urlWithHost(inspection)),
    urlFacts(inspection),
    blocked && el("p", { class: "problem" }, "This address cannot be opened safely; you can only refuse."),
    el("div", { class: "actions" }, open, refuse),
  );
  container.append(box);
  (inspection.warnings.length > 0 || !open ? refuse : open).focus();
  return new Promise((resolve) => {
    const finish = (opened: boolean) => {
      signal.removeEventListener("abort", onAbort);
      box.remove();
      resolve(opened);
    };
    const onAbort = () => finish(false);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    open?.addEventListener("click", () => {
      // Opened within the click, so the browser sees the user's gesture.
      window.open(url, "_blank", "noopener");
      finish(true);
    });
    refuse.addEventListener("click", () => finish(false));
  });
}
