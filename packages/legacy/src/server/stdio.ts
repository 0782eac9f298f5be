/**
 * stdio as the initialize-based revisions have it
 * (spec-2025-11-25/basic/transports.mdx, "stdio"): a connection whose first
 * message is such an `initialize` is one legacy session for its whole life,
 * `serveStdio(server, { legacy: legacyStdio() })`; any other connection
 * stays modern. There is one channel, so everything the session sends goes
 * on it: answers, progress and log messages of its requests, its own
 * requests to the client, list changes and resource updates.
 */
import type { ChannelEra } from "@mrtr/server/plugin";
import { isLegacyInitialize } from "./claims.js";
import { LegacySession, type SessionLimits } from "./session.js";

/** Options of {@link legacyStdio}: the session's limits. */
export type LegacyStdioOptions = SessionLimits;

/** The channel era plugin for `serveStdio(server, { legacy })`. */
export function legacyStdio(options: LegacyStdioOptions = {}): ChannelEra {
  return {
    claims: (message) => isLegacyInitialize(message),
    open(server, channel) {
      const session = new LegacySession(server, { send: (message, _related, urgent) => channel.send(message, urgent) }, options);
      return {
        receive(message) {
          void session.receive(message).then((answer) => answer && channel.send(answer, true));
        },
        close: () => session.close(),
      };
    },
  };
}
