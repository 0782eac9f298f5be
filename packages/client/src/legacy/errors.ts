/** The typed errors of the legacy client plugin. */
import { McpClientError } from "../errors.js";

/**
 * `start`/`resume` (manual mode) against a server of an initialize-based
 * revision: such a server asks for input with requests of its own inside the
 * call, which only handlers can answer, so there is no round to hand over.
 */
export class ManualModeUnavailableError extends McpClientError {
  constructor() {
    super(
      "Manual mode (start/resume) is not available against a server of an initialize-based revision: it asks for input with requests of its own inside the call. Call it in automatic mode (callTool, request) with handlers given to createClient, or use a 2026-07-28 server.",
    );
  }
}

/** The `initialize` handshake failed: no answer in time, an error, or a version this client does not speak. */
export class LegacyHandshakeError extends McpClientError {
  constructor(
    message: string,
    /** The JSON-RPC error the server answered with, if it did. */
    readonly error?: unknown,
  ) {
    super(message);
  }
}

/** The server forgot the HTTP session (404 to its id): the session initializes again and the request is sent once more. */
export class SessionLostError extends McpClientError {}
