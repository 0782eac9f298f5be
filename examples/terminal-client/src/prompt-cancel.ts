/**
 * The prompt library answers Ctrl+C or Escape with a cancel symbol rather
 * than a value. Inside a form or URL step that means "cancel this
 * elicitation"; these helpers turn the symbol into an exception the renderer
 * catches in one place.
 */
import { isCancel } from "@clack/prompts";

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
