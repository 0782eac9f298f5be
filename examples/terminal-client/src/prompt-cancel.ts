/**
 * The prompt library answers Ctrl+C or Escape with a cancel symbol rather
 * than a value. Inside a form or URL step that means "cancel this
 * elicitation"; these helpers turn the symbol into an exception the renderer
 * catches in one place.
 */
import { isCancel, log } from "@clack/prompts";
import type { FormHandler } from "@mrtr/client";

/** What a form or URL handler answers. */
type ElicitResult = Awaited<ReturnType<FormHandler>>;

/** Thrown when the user pressed Ctrl+C or Escape in a prompt. */
export class PromptCancelled extends Error {
  constructor() {
    super("The user cancelled the prompt.");
    this.name = "PromptCancelled";
  }
}

/** The prompt's value; throws {@link PromptCancelled} when the user cancelled it. */
export function answered<T>(value: T): Exclude<T, symbol> {
  if (isCancel(value)) throw new PromptCancelled();
  return value as Exclude<T, symbol>;
}

/**
 * Runs one elicitation's prompts and reports how it ended: Ctrl+C or Escape in
 * any prompt cancels the elicitation instead of failing the flow.
 */
export async function elicitationOutcome(run: () => Promise<ElicitResult>): Promise<ElicitResult> {
  try {
    const result = await run();
    if (result.action !== "accept") log.warn(result.action === "decline" ? "Declined." : "Cancelled.");
    return result;
  } catch (error) {
    if (!(error instanceof PromptCancelled)) throw error;
    log.warn("Cancelled.");
    return { action: "cancel" };
  }
}

