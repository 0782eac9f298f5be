/**
 * The URL handler: a server asks the user to complete something at a URL
 * (sign in, enter an API key, pay). It shows which server asks, its message,
 * the FULL URL with the host highlighted, every warning about the URL, and
 * asks for consent. Nothing is fetched or opened before the user consents;
 * after consent the URL is printed, and opened only when `MRTR_OPEN_URLS=1`.
 */
import { log, note, select } from "@clack/prompts";
import type { UrlHandler } from "@mrtr/client";
import { formatUrlForDisplay, inspectUrl, type UrlInspection } from "@mrtr/client/elicitation";
import { openUrl } from "./open-url.js";
import { answered, elicitationOutcome } from "./prompt-cancel.js";
import { oneLine, plain, visibleUrl } from "./sanitize.js";
import { serverAsks } from "./server-label.js";
import { bold, dim, highlight, stylesEnabled, warn } from "./style.js";

/** Options of {@link urlHandler}. */
export interface UrlRendererOptions {
  /** Where the client is connected, shown next to the server's name. */
  via: string;
  /** Receives the key of every URL step the user consented to (progress uses it to tell polls from new rounds). */
  onConsent?: (key: string) => void;
}

/** Warnings after which the URL must not be opened at all. */
const BLOCKING = new Set(["not-a-url", "non-http-scheme"]);

/**
 * The URL as lines to show: the whole URL, cut into lines of at most `width`
 * characters (so the terminal never wraps it unpredictably), the host
 * highlighted (bold, inverse) and invisible characters made visible. Without
 * styles (not a terminal, or NO_COLOR) a line of carets under each line that
 * holds part of the host marks it instead.
 */
export function urlLines(inspection: UrlInspection, width = 80): string[] {
  const parts = formatUrlForDisplay(inspection);
  // One entry per character as displayed, flagged when it belongs to the host.
  const chars = [
    ...[...parts.before].map((c) => ({ text: visibleUrl(c), host: false })),
    ...[...parts.host].map((c) => ({ text: visibleUrl(c), host: true })),
    ...[...parts.after].map((c) => ({ text: visibleUrl(c), host: false })),
  ];
  const lines: string[] = [];
  for (let i = 0; i < chars.length; ) {
    const line: typeof chars = [];
    let length = 0;
    while (i < chars.length && (line.length === 0 || length + chars[i]!.text.length <= width)) {
      length += chars[i]!.text.length;
      line.push(chars[i++]!);
    }
    if (stylesEnabled()) {
      let out = "";
      let run = "";
      let inHost = false;
      for (const c of line) {
        if (c.host !== inHost) {
          out += inHost ? highlight(run) : run;
          run = "";
          inHost = c.host;
        }
        run += c.text;
      }
      lines.push(out + (inHost ? highlight(run) : run));
    } else {
      lines.push(line.map((c) => c.text).join(""));
      if (line.some((c) => c.host)) lines.push(line.map((c) => (c.host ? "^" : " ").repeat(c.text.length)).join("").trimEnd());
    }
  }
  return lines;
}

/** The lines describing the URL: full URL, host, warnings. */
export function describeUrl(inspection: UrlInspection, width = 80): string[] {
  const lines = ["URL:", ...urlLines(inspection, width - 2).map((l) => `  ${l}`), ""];
  if (inspection.host !== undefined) {
    const reads = inspection.displayHost !== undefined ? ` ${dim(`(reads as "${oneLine(inspection.displayHost)}")`)}` : "";
    lines.push(`Site: ${bold(inspection.host)}${reads}`);
  }
  if (inspection.warnings.length === 0) lines.push(dim("No warnings about this address."));
  for (const w of inspection.warnings) lines.push(warn(`▲ ${w.message}`) + dim(` [${w.code}]`));
  return lines;
}

/** Asks for consent; returns the action. Throws PromptCancelled on Ctrl+C. */
async function runUrl(params: Parameters<UrlHandler>[0], info: Parameters<UrlHandler>[1], options: UrlRendererOptions) {
  const inspection = inspectUrl(params.url);
  log.step(serverAsks(info.server, options.via, "asks you to open a page", info.key));
  // The note's frame and margins take about 10 columns.
  const width = Math.max(40, Math.min(100, (process.stdout.columns ?? 80) - 10));
  note([plain(params.message), "", ...describeUrl(inspection, width)].join("\n"), "Open a page in your browser?");

  const blocked = inspection.warnings.some((w) => BLOCKING.has(w.code));
  if (blocked) log.error("This address cannot be opened safely; you can only decline or cancel.");
  const choice = answered(
    await select<"accept" | "decline" | "cancel">({
      message: blocked ? "What do you want to do?" : `Do you want to continue at ${inspection.host ?? "this address"}?`,
      options: [
        ...(blocked ? [] : [{ value: "accept" as const, label: "Yes, I consent", hint: "you will be given the URL to open" }]),
        { value: "decline", label: "No, decline", hint: "tell the server you will not do this" },
        { value: "cancel", label: "Cancel", hint: "dismiss without a decision" },
      ],
      // With warnings, nothing is one keypress away from consent.
      ...(inspection.warnings.length > 0 && { initialValue: "decline" as const }),
    }),
  );
  if (choice !== "accept") return { action: choice };

  options.onConsent?.(info.key);
  const opened = await openUrl(params.url);
  const how = opened.opened ? `Opened with ${opened.command}.` : dim(`Open it yourself (${opened.reason}).`);
  log.info(`Complete the step at:\n${visibleUrl(params.url)}\n${how}`);
  return { action: "accept" as const };
}

/** A URL handler for `createClient`. Ctrl+C or Escape cancels the elicitation. */
export function urlHandler(options: UrlRendererOptions): UrlHandler {
  return (params, info) => elicitationOutcome(() => runUrl(params, info, options));
}
