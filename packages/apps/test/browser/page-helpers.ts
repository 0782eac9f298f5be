/**
 * What the browser tests ask of the standard test page (page-entry.ts):
 * show the dice tool's view, read what the host recorded, and reach the
 * view's document through both frames.
 */
import type { FrameLocator, Page } from "playwright-core";
import type { Bench } from "./harness.js";

/** What `window.mrtr.showView` gives back. */
export interface Shown {
  id: string;
  csp: string;
  allow: string;
  refused: string[];
  resultText: string;
}

/** The view's document, inside the proxy's frame (the first view shown). */
export const viewOf = (page: Page): FrameLocator => page.frameLocator("section[data-view] iframe").frameLocator("iframe");

/** Calls `roll_dice` of the bench's `dice` server and shows its view; `extra` adds to or replaces showView's options. */
export function showDice(page: Page, bench: Bench, extra: Record<string, unknown> = {}): Promise<Shown> {
  return page.evaluate((options) => (window as any).mrtr.showView(options), { endpoint: bench.endpoints.dice, tool: "roll_dice", args: { count: 2 }, proxyUrl: bench.proxyUrl, ...extra });
}

/** The values of what the host recorded of `type` (`window.mrtr.events`), in order. */
export function hostEvents<T = unknown>(page: Page, type: string): Promise<T[]> {
  return page.evaluate((t) => (window as any).mrtr.events.filter((e: { type: string }) => e.type === t).map((e: { value: unknown }) => e.value), type);
}
