/**
 * The error of a tool schema the server cannot use, thrown when the tool is
 * registered: a mistake in the server's own code, so it never reaches a
 * client (were it thrown while serving, the client would get a bare -32603).
 */
import { ServerDefinitionError } from "./errors.js";

/** Which of a tool's schemas. */
export type ToolSchemaRole = "inputSchema" | "outputSchema";

/**
 * A tool's `inputSchema` or `outputSchema` cannot be used: it does not
 * describe an object, it is a validator that cannot describe itself as
 * JSON Schema (no Standard JSON Schema interface, or a conversion that
 * throws, as transforms do on the output side), or it is not a Standard
 * Schema of version 1. The message says what to pass instead; `cause` holds
 * what the library threw, if it threw.
 */
export class ToolSchemaError extends ServerDefinitionError {
  constructor(
    /** The tool's name. */
    readonly tool: string,
    /** Which of its schemas. */
    readonly role: ToolSchemaRole,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`Tool "${tool}": ${role} ${message}`);
    this.name = "ToolSchemaError";
    if (options && "cause" in options) this.cause = options.cause;
  }
}
