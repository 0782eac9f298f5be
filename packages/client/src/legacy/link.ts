/**
 * What a legacy session needs of its connection, whatever the transport:
 * requests answered by id, messages sent as they are, and the server's own
 * messages. `http-link.ts` and `channel-link.ts` are the two kinds.
 */

/** A JSON-RPC message, as read. */
export type Message = Record<string, unknown>;

/** Per-request options of a link. */
export interface LinkRequestOptions {
  signal?: AbortSignal;
  /** Receives each other message the server sends on this request's own stream (its requests, progress, notifications). */
  onMessage?: (message: Message) => void;
}

export interface LegacyLink {
  /** Sends a request and resolves to its response; aborting `signal` cancels it with notifications/cancelled. */
  request(message: Message, options?: LinkRequestOptions): Promise<Message>;
  /** Sends a notification, or a response to the server's request. */
  send(message: Message): Promise<void>;
  /** The version `initialize` negotiated: every later message carries it where the transport says it (HTTP's `MCP-Protocol-Version`). */
  negotiated(version: string): void;
  /** The handshake is done: opens what carries the server's own messages, where the transport has such a thing. */
  opened(): void;
  /** Ends the session (over HTTP: DELETE) and what the link holds. */
  close(): Promise<void>;
  /** Set by the session: the server's messages on no request's stream. */
  inbound: (message: Message) => void;
  /** The transport's name for middleware (`"http"`, `"stdio"`). */
  readonly transport: string;
  /** The id the server gave the session (HTTP's `Mcp-Session-Id`), once it did; undefined where the transport has none. */
  readonly sessionId: string | undefined;
}
