/**
 * The connections of a Node HTTP server, held fairly (docs/architecture.md,
 * "Fair shares"): at most `maxConnections` in all and `maxConnectionsPerPeer`
 * from one peer (its address; IPv6 by /64). A connection past its peer's
 * share is answered 429 and closed; when all are open, the idle keep-alive
 * connection used longest ago of the peer holding the most is closed to make
 * room (one serving a request never is); with none idle, 503. Both answers
 * carry `Retry-After` and are written before the request is read, so a peer
 * that sends nothing still learns why.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { FairShare, isShareRefusal, refusalData, type Hold, type ShareRefusal } from "@mrtr/internal";
import { peerKey } from "../shares/peer-address.js";

interface Tracked {
  hold: Hold;
  /** Requests being served on it (pipelining aside, 0 or 1). */
  active: number;
}

/** A raw answer for a connection refused before any request was read. */
function refuseConnection(socket: Socket, refusal: ShareRefusal): void {
  const status = refusal.scope === "share" ? "429 Too Many Requests" : "503 Service Unavailable";
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: refusal.message, data: refusalData(refusal) } });
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nretry-after: ${refusal.retryAfterSeconds}\r\nconnection: close\r\n\r\n${body}`,
  );
  socket.destroySoon?.();
}

/** Holds every connection of `server` within the limits. */
export function holdConnections(server: Server, limits: { maxConnections: number; maxConnectionsPerPeer: number }): void {
  const share = new FairShare({
    name: "connections",
    total: limits.maxConnections,
    perOwner: limits.maxConnectionsPerPeer,
    options: { total: "maxConnections", perOwner: "maxConnectionsPerPeer" },
    retryAfterSeconds: 5,
  });
  const tracked = new WeakMap<Socket, Tracked>();
  server.on("connection", (socket: Socket) => {
    const owner = `peer:${peerKey(socket.remoteAddress) ?? "unknown"}`;
    const hold = share.acquire(owner, {
      idle: () => (tracked.get(socket)?.active ?? 0) === 0,
      evict: () => socket.destroy(),
    });
    if (isShareRefusal(hold)) return refuseConnection(socket, hold);
    tracked.set(socket, { hold, active: 0 });
    socket.once("close", () => hold.release());
  });
  server.on("request", (req, res) => {
    const t = tracked.get(req.socket);
    if (!t) return;
    t.active++;
    t.hold.touch();
    res.once("close", () => {
      t.active--;
      t.hold.touch();
    });
  });
}
