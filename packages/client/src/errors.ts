/**
 * Typed errors of the client. Each says what went wrong and what to do; none
 * is retried automatically.
 */
import type { ClientCapabilities } from "@mrtr/schema";

/** Base class of every error the client throws. */
export class McpClientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The server answered with a JSON-RPC error. */
export class JsonRpcError extends McpClientError {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(`Server error ${code}: ${message}`);
  }
}

/** The server broke the protocol (wrong result shape, input_required where not allowed, …). The request is not retried. */
export class ProtocolViolationError extends McpClientError {
  constructor(
    message: string,
    /** The result that broke the rule. */
    readonly result?: unknown,
  ) {
    super(message);
  }
}

/** The server asked for input this client did not declare it can give. The request is not retried. */
export class UndeclaredCapabilityError extends McpClientError {
  constructor(
    /** The input request's method, e.g. "elicitation/create". */
    readonly method: string,
    /** What the client would have had to declare. */
    readonly capability: ClientCapabilities,
    fix: string,
  ) {
    super(`The server asked for ${method}${describe(capability)} without the client declaring it. ${fix}`);
  }
}

function describe(capability: ClientCapabilities): string {
  const text = JSON.stringify(capability);
  return text === "{}" ? "" : ` (needs ${text})`;
}

/** The flow needed more rounds than `maxRounds`. */
export class MaxRoundsError extends McpClientError {
  constructor(
    readonly rounds: number,
    /** The last `input_required` result the server sent. */
    readonly lastResult: unknown,
  ) {
    super(`The server still needed input after ${rounds} rounds; raise maxRounds if this flow is expected to take longer.`);
  }
}

/** An input handler returned an answer that does not fit the question (for example a form answer outside the requested schema). */
export class InvalidAnswerError extends McpClientError {
  constructor(
    readonly key: string,
    readonly problems: string[],
  ) {
    super(`The answer to input request "${key}" does not fit the question: ${problems.join("; ")}`);
  }
}

/** The flow was aborted by its signal, or ran out of time. */
export class FlowAbortedError extends McpClientError {
  constructor(
    readonly reason: "aborted" | "timeout",
    readonly cause?: unknown,
  ) {
    super(reason === "timeout" ? "The request flow ran out of time." : "The request flow was aborted.");
  }
}
