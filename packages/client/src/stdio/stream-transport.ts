/**
 * `streamTransport`: the stdio wire format over any Node stream pair (a Unix
 * domain socket, a TCP connection, a pipe), as basic/transports/stdio.mdx
 * recommends for custom channels. The caller owns the connection; closing
 * the transport ends the output stream.
 */
import type { Readable, Writable } from "node:stream";
import { definedOnly } from "@mrtr/internal";
import { TransportError } from "../errors.js";
import type { Transport } from "../transport.js";
import { CHANNEL_DEFAULTS, connectStreams, type ChannelLimits } from "./connection.js";

/** Options of {@link streamTransport}. */
export interface StreamTransportOptions extends ChannelLimits {
  /** What the server writes (a socket, its stdout). */
  readable: Readable;
  /** What the server reads (the same socket, its stdin). */
  writable: Writable;
  /** How errors name the server (default "the server"). */
  name?: string;
}

/** A transport over one newline-delimited stream pair. */
export function streamTransport(options: StreamTransportOptions): Transport {
  const { readable, writable, name = "the server", ...limits } = options;
  const channel = connectStreams(readable, writable, { ...CHANNEL_DEFAULTS, ...definedOnly(limits) }, "streamTransport", name);
  void channel.ended.then(() => channel.mux.close(new TransportError(`${name} closed the connection.`)));
  return {
    request: (message, o) => channel.mux.request(message, o),
    listen: (message, o) => channel.mux.listen(message, o),
    notify: (message) => channel.mux.notify(message),
    async close() {
      channel.mux.close(new TransportError("The transport was closed."));
      writable.end();
    },
  };
}
