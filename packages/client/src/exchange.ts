/**
 * One exchange between the client and a server, as every transport and
 * every era plugin's channel carries it: the options of one request and the
 * response handed back (the client checks it).
 */
import type { JSONRPCResponse } from "@mrtr/schema";

/** A response as a transport hands it over (checked by the client). */
export type TransportResponse =
  | JSONRPCResponse
  | {
      /** Should be `"2.0"`. */
      jsonrpc: string;
      /** Should be the request's id. */
      id?: unknown;
      /** The result, if it is one. */
      result?: unknown;
      /** The error, if it is one. */
      error?: unknown;
    };

/** Per-exchange options of a transport. */
export interface ExchangeOptions {
  /**
   * Aborts the exchange, which the transport turns into the request's
   * cancellation its own way (basic/patterns/cancellation.mdx): over HTTP it
   * closes the response; on a shared channel (stdio) it sends
   * notifications/cancelled; in-process it aborts the server's request.
   */
  signal?: AbortSignal;
  /** Receives each message the server sends for this request ahead of the answer (progress reports, listen-stream notifications). */
  onMessage?: (message: Record<string, unknown>) => void;
  /** The request is a manual-mode step (`start`/`resume`): a transport that cannot hand input requests to the application refuses it. */
  manual?: boolean;
  /**
   * For a request of an extension's method (such as `tasks/get`), the params
   * field that names what it acts on (`taskId`): over HTTP its value is sent
   * as `Mcp-Name`, as `tools/call`'s name is. Other transports ignore it.
   */
  namedParam?: string | undefined;
  /**
   * Extra HTTP headers for this request alone (what client middleware gave
   * `next`), after the transport's own `headers`; the draft's headers
   * (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`) are never replaced.
   * Transports and sessions without per-request headers (stdio, in-process,
   * a 2025-11-25 session) ignore them.
   */
  headers?: Readonly<Record<string, string>>;
}
