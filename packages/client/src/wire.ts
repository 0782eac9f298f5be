/**
 * What a transport offers an era plugin (such as @mrtr/client/legacy)
 * beyond exchanges: the means to speak an earlier revision over the same
 * connection. The core client never reads it; `httpTransport` and
 * `stdioTransport` describe themselves through it, so a plugin reuses their
 * fetch (with its authorization), headers, process and limits instead of
 * asking the host for them again.
 */
import type { JSONRPCRequest } from "@mrtr/schema";
import type { ExchangeOptions, TransportResponse } from "./exchange.js";

/** A Streamable HTTP endpoint, as `httpTransport` reaches it. */
export interface HttpWire {
  /** Tells it from a channel. */
  readonly kind: "http";
  /** The endpoint. */
  readonly url: string;
  /** The transport's fetch (a wrapped one, such as @mrtr/client/auth's, included). */
  readonly fetch: typeof fetch;
  /** The extra headers the host gave the transport. */
  headers(): Promise<Record<string, string>>;
  /** The transport's limits, for the plugin to keep to. */
  readonly limits: {
    /** How long an exchange may take, in ms (renewed by progress). */
    timeoutMs: number;
    /** How long it may take at most, progress or not, in ms. */
    maxTimeoutMs: number;
    /** The largest response body, in bytes. */
    maxResponseBytes: number;
    /** The largest event of an event stream, in bytes. */
    maxEventBytes: number;
    /** The longest silence of a listen stream, in ms. */
    idleTimeoutMs: number;
  };
}

/** One server process's channel (stdio): its requests are multiplexed with the core's. */
export interface WireChannel {
  /** Changes with each server process (the era is a property of the process). */
  readonly generation: number;
  /** Sends a request and resolves to its response, within the channel's limits. */
  request(message: JSONRPCRequest, options?: ExchangeOptions): Promise<TransportResponse>;
  /** Writes one message (a response to the server's request, a notification); false when the server is not reading (the queue is full). */
  send(message: Record<string, unknown>): boolean;
  /** Receives what no exchange claimed: the server's requests, and notifications not tied to a request (one listener; undefined removes it). */
  onUnclaimed(listener: ((message: Record<string, unknown>) => void) | undefined): void;
  /** The era the process showed by its answer to the `server/discover` probe (sent once per process, with `meta`). */
  probe(meta: Record<string, unknown>): Promise<"modern" | "legacy">;
}

/** A launched server's channel, as `stdioTransport` holds it. */
export interface ChannelWire {
  /** Tells it from HTTP. */
  readonly kind: "channel";
  /** The running server's channel, started if need be. */
  connect(): WireChannel;
}

/** What a transport offers an era plugin. */
export type TransportWire = HttpWire | ChannelWire;
