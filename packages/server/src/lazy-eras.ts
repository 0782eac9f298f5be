/**
 * The eras a binding serves when not told otherwise: clients of the
 * initialize-based revisions too (basic/versioning.mdx, "Backward
 * Compatibility"), since today's hosts open that way. How such a client is
 * told apart is cheap and lives here (`legacy/claims.ts`: a session header,
 * or an `initialize` without modern `_meta`); everything that serves it is
 * in `./legacy/` (and `@mrtr/legacy`'s checks), imported the first time such
 * a client appears. A server that only ever meets modern clients loads none
 * of it, and a bundle puts it in a chunk of its own.
 *
 * `createHttpHandler(server, { legacy: false })` and
 * `serveStdio(server, { legacy: false })` serve modern clients only; a
 * plugin passed instead (`legacyHttp({ ... })`) is used as it is.
 */
import { JSONRPC_VERSION } from "@mrtr/schema";
import type { ChannelEra, EraChannel, EraConnection, HttpEra } from "./eras.js";
import { isLegacyInitialize } from "./legacy/claims.js";
import type { McpServer } from "./server.js";

const SESSION_HEADER = "mcp-session-id";

/** What a server says when the legacy era's code cannot be loaded (a bundle that left it out, a broken install). */
export const LEGACY_UNAVAILABLE_MESSAGE =
  "This server could not load its support for clients of protocol revision 2025-11-25 (initialize-based). Install it beside @mrtr/server (npm install @mrtr/legacy), or serve 2026-07-28 clients only with { legacy: false }.";

type LegacyModule = typeof import("./legacy/index.js");

/** Imports the legacy era's plugins once; a failure is kept, so every such client gets the same clear answer. */
function loader(): () => Promise<LegacyModule | undefined> {
  let loading: Promise<LegacyModule | undefined> | undefined;
  return () => (loading ??= import("./legacy/index.js").catch(() => undefined));
}

/** The default HTTP era: `legacyHttp()` with its defaults, loaded when the first legacy request arrives. */
export function defaultHttpEra(): HttpEra {
  const load = loader();
  let era: HttpEra | undefined;
  const claimsIncoming = (incoming: { method: string; header(name: string): string | null }, message: Record<string, unknown> | undefined) =>
    incoming.header(SESSION_HEADER) !== null || (incoming.method === "POST" && message !== undefined && isLegacyInitialize(message));
  return {
    claims: (request, message) => claimsIncoming({ method: request.method, header: (name) => request.headers.get(name) }, message),
    claimsIncoming,
    async serve(request, message, server) {
      era ??= (await load())?.legacyHttp();
      if (!era) {
        const id = message && "id" in message ? { id: message.id } : {};
        return Response.json({ jsonrpc: JSONRPC_VERSION, ...id, error: { code: -32603, message: LEGACY_UNAVAILABLE_MESSAGE } }, { status: 501 });
      }
      return era.serve(request, message, server);
    },
  };
}

/** The default channel era: `legacyStdio()` with its defaults, loaded when a connection opens with a legacy `initialize`. */
export function defaultChannelEra(): ChannelEra {
  const load = loader();
  let era: ChannelEra | undefined;
  return {
    claims: (message) => isLegacyInitialize(message),
    open(server: McpServer, channel: EraChannel): EraConnection {
      // Messages that arrive while the plugin loads wait, in order.
      const waiting: Record<string, unknown>[] = [];
      let connection: EraConnection | undefined;
      let closed = false;
      void load().then((m) => {
        era ??= m?.legacyStdio();
        if (!era) {
          for (const message of waiting) if ("id" in message && typeof message.method === "string") channel.send({ jsonrpc: JSONRPC_VERSION, id: message.id, error: { code: -32603, message: LEGACY_UNAVAILABLE_MESSAGE } }, true);
          return;
        }
        connection = era.open(server, channel);
        for (const message of waiting.splice(0)) connection.receive(message);
        if (closed) connection.close();
      });
      return {
        receive(message) {
          if (connection) connection.receive(message);
          else waiting.push(message);
        },
        close() {
          closed = true;
          connection?.close();
        },
      };
    },
  };
}
