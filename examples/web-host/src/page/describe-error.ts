/**
 * An error as one message for the user: the client's errors already say
 * what happened and what to do; anything else gets its name too.
 */
import { McpClientError } from "@mrtr/client";

/** The message to show for `error`. */
export function describeError(error: unknown): string {
  if (error instanceof McpClientError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
