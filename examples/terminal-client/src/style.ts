/**
 * Terminal styling with ANSI escapes through `node:util`'s `styleText`,
 * switched off when standard output is not a terminal or `NO_COLOR` is set.
 */
import { styleText } from "node:util";
import { S_BAR } from "@clack/prompts";

type Format = Parameters<typeof styleText>[0];

/** Whether styles are written: a terminal, and no `NO_COLOR` (https://no-color.org). */
export function stylesEnabled(): boolean {
  return process.stdout.isTTY === true && !process.env.NO_COLOR;
}

/** `text` with the given styles applied, innermost first; unchanged when styles are off. */
export function paint(text: string, ...formats: Format[]): string {
  if (!stylesEnabled()) return text;
  return formats.reduce((out, format) => styleText(format, out), text);
}

/** Bold text. */
export const bold = (text: string): string => paint(text, "bold");
/** Dimmed text, for hints. */
export const dim = (text: string): string => paint(text, "dim");
/** Text for warnings. */
export const warn = (text: string): string => paint(text, "yellow");
/** Text for errors. */
export const danger = (text: string): string => paint(text, "red");
/** Text for names of things (tools, fields). */
export const accent = (text: string): string => paint(text, "cyan");
/** The strongest highlight: bold and inverse (used for the host of a URL). */
export const highlight = (text: string): string => paint(text, "bold", "inverse");

/**
 * A multi-line prompt message for the prompt library's `text` prompt, which
 * (unlike its select and confirm prompts) draws the guide bar on the left of
 * the first line only: every further line gets the bar too.
 */
export function textPromptMessage(message: string): string {
  return message.replaceAll("\n", `\n${paint(S_BAR, "gray")}  `);
}
