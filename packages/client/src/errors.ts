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

/** The connection failed, or the server answered with something that is not a JSON-RPC response to the request. */
export class TransportError extends McpClientError {
  constructor(
    message: string,
    /** The HTTP status, when there was an HTTP answer. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The server answered with a JSON-RPC error. */
export class JsonRpcError extends McpClientError {
  constructor(
    /** The JSON-RPC error code. */
    readonly code: number,
    message: string,
    /** The error's `data`, if it had any. */
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
    /** How many rounds it took. */
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
    /** The key of the input request it answers. */
    readonly key: string,
    /** What does not fit, in words. */
    readonly problems: string[],
  ) {
    super(`The answer to input request "${key}" does not fit the question: ${problems.join("; ")}`);
  }
}

/** The flow was aborted by its signal, or ran out of time. */
export class FlowAbortedError extends McpClientError {
  constructor(
    /** Whether the signal aborted it or its time ran out. */
    readonly reason: "aborted" | "timeout",
    /** The signal's reason, when it gave one. */
    readonly cause?: unknown,
  ) {
    super(reason === "timeout" ? "The request flow ran out of time." : "The request flow was aborted.");
  }
}

/**
 * A limit of the client was reached: the server sent more, or took longer,
 * than the client accepts. `option` names the setting that raises the limit.
 * Subclasses say which limit.
 */
export class LimitExceededError extends McpClientError {
  constructor(
    /** The option that sets this limit, e.g. "httpTransport({ timeoutMs })". */
    readonly option: string,
    /** The limit in force. */
    readonly limit: number,
    message: string,
  ) {
    super(`${message} Raise the limit with ${option} (now ${limit}) if this server legitimately needs more.`);
  }
}

/** The server did not answer within the per-request time limit. */
export class RequestTimeoutError extends LimitExceededError {
  constructor(limitMs: number, what: string) {
    super("the timeoutMs option", limitMs, `No answer to ${what} within ${limitMs} ms.`);
  }
}

/** A response (JSON body, or everything read for the request up to its answer) was larger than the client reads. */
export class ResponseTooLargeError extends LimitExceededError {
  constructor(limitBytes: number, option = "httpTransport's maxResponseBytes option") {
    super(option, limitBytes, `The server's response is larger than ${limitBytes} bytes.`);
  }
}

/** The server does not read what the client sends: more than the limit waits to be written to it. */
export class QueueFullError extends LimitExceededError {
  constructor(limitBytes: number, option: string) {
    super(option, limitBytes, `The server is not reading its input: more than ${limitBytes} bytes wait to be written to it.`);
  }
}

/** The server sent a requestState larger than the client echoes. */
export class RequestStateTooLargeError extends LimitExceededError {
  constructor(limitBytes: number, size: number) {
    super("createClient's maxRequestStateBytes option", limitBytes, `The server's requestState is ${size} bytes, more than the ${limitBytes} this client echoes.`);
  }
}

/** A server's message is over one of the client's JSON limits (depth, values, array or string length, keys). */
export class JsonLimitError extends LimitExceededError {
  constructor(
    /** Which limit, e.g. "maxDepth". */
    readonly which: string,
    limit: number,
    /** JSON Pointer to where it was hit. */
    readonly path: string,
  ) {
    super(`createClient's jsonLimits.${which} option`, limit, `The server's message is over the client's ${which} limit at ${path || "/"}.`);
  }
}

/** One round asked more questions than the client answers. */
export class TooManyInputRequestsError extends LimitExceededError {
  constructor(limit: number, count: number) {
    super("createClient's maxInputRequests option", limit, `The server asked ${count} questions in one round, more than the ${limit} this client answers.`);
  }
}

/** A list had more pages than the `listAll…` helpers follow. */
export class TooManyPagesError extends LimitExceededError {
  constructor(limit: number, method: string) {
    super("createClient's maxListPages option (or the call's maxPages)", limit, `${method} has more than ${limit} pages.`);
  }
}

/**
 * The server speaks an earlier, initialize-based revision (2025-11-25 or
 * before), which the core client does not speak. `evidence` says what gave
 * it away (an HTTP 400 body, the answer to the `server/discover` probe, a
 * result without `resultType`).
 */
export class LegacyServerError extends McpClientError {
  constructor(
    /** What gave it away, in words. */
    readonly evidence: string,
    /** The HTTP status of the answer that gave it away, over HTTP. */
    readonly status?: number,
  ) {
    super(`This server speaks an initialize-based MCP revision (2025-11-25 or earlier): ${evidence}. To reach it, leave createClient's legacy option unset (this client has legacy: false or mode "modern").`);
  }
}
