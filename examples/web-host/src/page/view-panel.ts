/**
 * The place of one tool's view on the page, beside its text result: a
 * heading, the view's status, the frame's container, the questions it
 * raises (link consent), the model context it set, what it sent or the
 * bridge warned of, its security policy, and a **Close view** button.
 * Everything the view or its server chose is put in as text.
 */
import type { TeardownOutcome, ViewPolicy } from "@mrtr/apps/host";
import { el, replace } from "./dom.js";

/** One line of the view's activity: a message it sent, a log entry, a warning of the bridge. */
export type ViewEventKind = "message" | "log" | "warning";

/** What tool-view.ts writes into the panel. */
export interface ViewPanel {
  /** The panel (append it to the page). */
  readonly element: HTMLElement;
  /** Where the view's iframe goes. */
  readonly frame: HTMLElement;
  /** Where questions of the view (link consent) appear. */
  readonly questions: HTMLElement;
  /** Says where the view is (loading, shown, closing). */
  status(text: string): void;
  /** Says why the view could not be shown or went away; the text result above stays. */
  fail(text: string): void;
  /** Shows the model context the view set ("Model context: …"). */
  modelContext(text: string): void;
  /** Adds a line of the view's activity. */
  event(kind: ViewEventKind, text: string): void;
  /** Shows the view's Content-Security-Policy, `allow` and what was refused. */
  policy(policy: ViewPolicy): void;
  /** Calls `close` when the user presses Close view (once). */
  onClose(close: () => void): void;
  /** Says how the view was closed, and takes the Close view button away. */
  closed(outcome: TeardownOutcome): void;
}

/** What each teardown outcome means, for the user. */
const OUTCOMES: Record<TeardownOutcome, string> = {
  answered: "the view answered the teardown",
  refused: "the view answered the teardown with an error",
  timeout: "the view did not answer the teardown in time",
  "not-initialized": "the view never finished starting, so it was not asked",
  closed: "the view's connection was already closed",
};

/** A new panel for the view of the tool named `toolName` (shown as `title`). */
export function viewPanel(toolName: string, title: string): ViewPanel {
  const status = el("p", { class: "view-status", role: "status" }, "Loading the view…");
  const frame = el("div", { class: "view-frame" });
  const questions = el("div", { class: "view-questions" });
  const context = el("p", { class: "model-context peer", hidden: true });
  const events = el("ul", { class: "view-events" });
  const policy = el("details", { class: "view-policy", hidden: true });
  const close = el("button", { type: "button", "data-action": "close-view" }, "Close view");
  const actions = el("div", { class: "actions" }, close);
  const element = el(
    "section",
    { class: "app-view", "data-view": toolName, "aria-label": `View of ${title}` },
    el("h3", {}, "View of ", el("span", { class: "peer" }, title)),
    status,
    frame,
    questions,
    context,
    events,
    policy,
    actions,
  );
  return {
    element,
    frame,
    questions,
    status: (text) => replace(status, text),
    fail: (text) => {
      status.classList.add("problem");
      replace(status, text);
    },
    modelContext: (text) => {
      context.hidden = false;
      replace(context, `Model context: ${text}`);
    },
    event: (kind, text) => events.append(el("li", { class: `view-event ${kind}`, "data-kind": kind }, text)),
    policy: (p) => {
      policy.hidden = false;
      replace(
        policy,
        el("summary", {}, "Security policy of the view"),
        el("p", {}, "Content-Security-Policy: ", el("code", { class: "peer" }, p.csp)),
        el("p", {}, "Permissions (allow): ", el("code", { class: "peer" }, p.allow === "" ? "none" : p.allow)),
        p.refused.length > 0 && el("ul", { class: "warnings" }, ...p.refused.map((r) => el("li", { class: "peer" }, `Refused: ${r}`))),
      );
    },
    onClose: (callback) => close.addEventListener("click", () => ((close.disabled = true), callback()), { once: true }),
    closed: (outcome) => {
      actions.remove();
      replace(status, `View closed: ${OUTCOMES[outcome]}.`);
      status.setAttribute("data-outcome", outcome);
    },
  };
}
