// The host's side of a URL-mode step: show which server asks and why, the full URL with its host marked and
// every warning of inspectUrl; open it only if the user says yes (never fetch it, never open it unasked).
import { createClient, type McpClient, type RoundListener, type UrlHandler } from "@mrtr/client";
import { formatUrlForDisplay, inspectUrl, type UrlInspection } from "@mrtr/client/elicitation";
import { inProcessTransport, type McpServer } from "@mrtr/server";
import type { Browser } from "./browser.js";

/** What the host needs from its user and its system. */
export interface HostOptions {
  /** Who is signed in to the host: the server binds the link to this user (none: the tool asks to sign in first). */
  user?: string;
  /** The user's decision on a URL the host showed them. */
  consent(inspection: UrlInspection): boolean | Promise<boolean>;
  /** Where the host opens a URL the user agreed to. */
  browser: Browser;
  /** Where the host shows text to its user. */
  show(line: string): void;
  /** How often the client asks again while the step is not finished, and how many times (default every 100 ms, 50 times). */
  polling?: { intervalMs: number; maxPolls: number };
  /** Each step of a call (a poll is a `retrying` event that waits `intervalMs`). */
  onRound?: RoundListener;
}

/** The URL handler: inspect, show, ask, and open only on a yes. */
export function urlConsent({ consent, browser, show }: HostOptions): UrlHandler {
  return async (params, info) => {
    const inspection = inspectUrl(params.url);
    const { before, host, after } = formatUrlForDisplay(inspection);
    show(`${info.server?.name ?? "The server"} asks you to open a page: ${params.message}`);
    show(`  ${before}[${host}]${after}`);
    for (const warning of inspection.warnings) show(`  warning (${warning.code}): ${warning.message}`);
    // Not a web address (javascript:, file:, garbage): never openable, whatever the user would say.
    if (!inspection.valid || inspection.warnings.some((w) => w.code === "non-http-scheme")) return { action: "decline" };
    if (!(await consent(inspection))) return { action: "decline" };
    browser.open(params.url);
    // Consent, not completion: the server learns from its own page when the step is done.
    return { action: "accept" };
  };
}

/** A host's client of `server`, in process, that answers URL-mode steps with `urlConsent`. */
export function createHostClient(server: McpServer, options: HostOptions): McpClient {
  return createClient({
    name: "host",
    version: "1.0.0",
    transport: inProcessTransport(server, { request: { user: options.user } }),
    elicitation: { url: urlConsent(options) },
    // The default is every 2 s, 150 times: right for a person signing in; this example's user is quick.
    urlPolling: options.polling ?? { intervalMs: 100, maxPolls: 50 },
    ...(options.onRound && { onRound: options.onRound }),
  });
}
