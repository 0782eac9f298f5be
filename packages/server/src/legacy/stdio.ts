/**
 * stdio as the initialize-based revisions have it
 * (spec-2025-11-25/basic/transports.mdx, "stdio"): a connection whose first
 * message is such an `initialize` is one legacy session for its whole life,
 * `serveStdio(server, { legacy: legacyStdio() })`; any other connection
 * stays modern. There is one channel, so everything the session sends goes
 * on it: answers, progress and log messages of its requests, its own
 * requests to the client, list changes and resource updates.
 *
 * One plugin may serve many connections (a host that serves stdio framing
 * on each socket it accepts): what their calls hold while they wait for
 * answers, and the subscription streams their sessions hold on the core
 * (`maxListenStreams`, never the server's `subscriptions.maxStreams`), are
 * shared fairly between them, each connection one caller unless the server
 * names principals (docs/architecture.md, "Fair shares").
 */
import type { ChannelEra } from "../eras.js";
import { callerOf } from "../shares/caller.js";
import { isLegacyInitialize } from "./claims.js";
import { heldBytesShare, holdListenIn, listenShare, type HeldBytesOptions, type ListenStreamOptions } from "./legacy-shares.js";
import { LegacySession, type SessionLimits } from "./session.js";

/** Options of {@link legacyStdio}: the session's limits, the memory its calls may hold, and the subscription streams sessions may hold. */
export type LegacyStdioOptions = SessionLimits & HeldBytesOptions & ListenStreamOptions;

/** The channel era plugin for `serveStdio(server, { legacy })`. */
export function legacyStdio(options: LegacyStdioOptions = {}): ChannelEra {
  const held = heldBytesShare("legacyStdio", options);
  const listens = listenShare("legacyStdio", options);
  return {
    claims: (message) => isLegacyInitialize(message),
    open(server, channel) {
      // The session is the connection: its calls reach the core with it as their connection, and count against its share.
      let owner = "anonymous";
      const session: LegacySession = new LegacySession(server, { send: (message, _related, urgent) => channel.send(message, urgent) }, {
        ...options,
        holdCall: (call, bytes) => held.acquire(owner, { idle: call.idle, evict: call.withdraw }, bytes),
        holdListen: holdListenIn(listens, () => owner),
      });
      // Who the caller is, learnt once from the first message; every message waits for it, in order.
      let ready: Promise<void> | undefined;
      return {
        receive(message) {
          ready ??= callerOf(server, message, { connection: session }).then(
            (caller) => void (owner = caller.owner),
            () => undefined,
          );
          void ready.then(() => session.receive(message, { transport: "stdio" })).then((answer) => answer && channel.send(answer, true));
        },
        close: () => session.close(),
      };
    },
  };
}
