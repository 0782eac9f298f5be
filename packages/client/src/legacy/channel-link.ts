/**
 * A legacy session over one server process's stdio channel
 * (spec-2025-11-25/basic/transports.mdx, "stdio"): requests go through the
 * stdio transport's multiplexer (answers by id, progress by token, its time
 * and size limits, notifications/cancelled when given up), the server's own
 * requests and notifications arrive as what no exchange claimed. The session
 * is the process's: a new process is a new session.
 */
import { TransportError } from "../errors.js";
import type { WireChannel } from "../wire.js";
import type { JSONRPCRequest } from "@mrtr/schema";
import type { LegacyLink, LinkRequestOptions, Message } from "./link.js";

export class ChannelLink implements LegacyLink {
  inbound: (message: Message) => void = () => undefined;
  readonly transport = "stdio";
  readonly sessionId = undefined;

  constructor(private readonly channel: WireChannel) {
    channel.onUnclaimed((m) => this.inbound(m));
  }

  get generation(): number {
    return this.channel.generation;
  }

  request(message: Message, options: LinkRequestOptions = {}): Promise<Message> {
    return this.channel.request(message as unknown as JSONRPCRequest, options) as Promise<Message>;
  }

  async send(message: Message): Promise<void> {
    if (!this.channel.send(message)) throw new TransportError("The stdio server is not reading its input (more than stdioTransport's maxQueuedBytes wait): the message was not sent.");
  }

  negotiated(): void {
    // A channel carries no version header.
  }

  opened(): void {
    // The channel already carries the server's own messages.
  }

  async close(): Promise<void> {
    this.channel.onUnclaimed(undefined);
  }
}
