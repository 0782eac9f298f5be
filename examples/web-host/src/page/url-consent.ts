/**
 * The URL handler: a server asks the user to complete a step at a URL (sign
 * in, enter an API key, pay). The page says which server asks and why,
 * shows the FULL URL with its host marked, the host as the browser would
 * reach it (Punycode) and as it reads in Unicode, and every warning of
 * `inspectUrl` (lookalike scripts, Punycode, plain http, …), then asks for
 * consent. Nothing is fetched or opened by the page: after consent it shows
 * the link for the user to open, and the client waits for the server to see
 * the step completed.
 */
import type { UrlHandler } from "@mrtr/client";
import { formatUrlForDisplay, inspectUrl, type UrlInspection } from "@mrtr/client/elicitation";
import { visibleUrl } from "@mrtr/example-terminal-client/sanitize";
import { askingServer } from "./asking-server.js";
import { el } from "./dom.js";

/** Warnings after which the URL must not be opened at all. */
const BLOCKING = new Set(["not-a-url", "non-http-scheme"]);

/** The full URL with its host marked, invisible characters made visible. */
export function urlWithHost(inspection: UrlInspection): HTMLElement {
  const parts = formatUrlForDisplay(inspection);
  return el("code", { class: "url" }, visibleUrl(parts.before), parts.host !== "" && el("mark", { class: "host" }, visibleUrl(parts.host)), visibleUrl(parts.after));
}

/** Where the URL leads and what to look out for: site, the Unicode reading of a Punycode host, warnings. */
export function urlFacts(inspection: UrlInspection): HTMLElement {
  return el(
    "div",
    { class: "url-facts" },
    inspection.host !== undefined &&
      el(
        "p",
        { class: "site" },
        "Site: ",
        el("strong", { class: "real-host" }, visibleUrl(inspection.host)),
        inspection.displayHost !== undefined && el("span", { class: "reads-as" }, ` (reads as "${visibleUrl(inspection.displayHost)}")`),
      ),
    inspection.warnings.length === 0
      ? el("p", { class: "detail" }, "No warnings about this address.")
      : el("ul", { class: "warnings" }, ...inspection.warnings.map((w) => el("li", { "data-code": w.code }, `▲ ${w.message}`))),
  );
}

/** A URL handler for `createClient` that renders into `container`. */
export function urlConsent(container: HTMLElement, endpoint: string): UrlHandler {
  return (params, info) => {
    const inspection = inspectUrl(params.url);
    const blocked = inspection.warnings.some((w) => BLOCKING.has(w.code));
    const consent = blocked ? undefined : el("button", { type: "button", class: "primary", "data-action": "accept" }, `Continue at ${inspection.host ?? "this address"}`);
    const decline = el("button", { type: "button", "data-action": "decline" }, "Decline");
    const cancel = el("button", { type: "button", "data-action": "cancel" }, "Cancel");
    const panel = el(
      "section",
      { class: "question url-step" },
      askingServer(info.server, endpoint, "asks you to open a page", info.key),
      el("p", { class: "message peer" }, params.message),
      el("p", {}, "Address: ", urlWithHost(inspection)),
      urlFacts(inspection),
      blocked && el("p", { class: "problem" }, "This address cannot be opened safely; you can only decline or cancel."),
      el("div", { class: "actions" }, consent, decline, cancel),
    );
    container.append(panel);
    // With warnings, nothing is one keypress away from consent.
    (inspection.warnings.length > 0 || !consent ? decline : consent).focus();

    return new Promise((resolve) => {
      const finish = (action: "accept" | "decline" | "cancel") => {
        info.signal.removeEventListener("abort", onAbort);
        if (action === "accept") {
          // The step stays on the page, now as the link to open, until the call ends.
          panel.querySelector(".actions")?.replaceWith(
            el("p", { class: "consented" }, "Complete the step at ", el("a", { href: params.url, target: "_blank", rel: "noopener noreferrer" }, visibleUrl(params.url)), "; the call goes on once the server sees it done."),
          );
        } else panel.remove();
        resolve({ action });
      };
      const onAbort = () => finish("cancel");
      if (info.signal.aborted) return onAbort();
      info.signal.addEventListener("abort", onAbort, { once: true });
      consent?.addEventListener("click", () => finish("accept"));
      decline.addEventListener("click", () => finish("decline"));
      cancel.addEventListener("click", () => finish("cancel"));
    });
  };
}
