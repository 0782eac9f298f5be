/**
 * Whom a request's holds on shared resources count against (its share:
 * docs/architecture.md, "Fair shares"): its principal when the server names
 * one; otherwise, as the operator chooses with `createServer({ anonymous })`,
 * one share per peer (the network address where the binding knows it, else
 * the connection: a stdio channel, an in-process transport) or one share for
 * every anonymous caller.
 */

import { peerKey } from "./peer-address.js";

/** How callers without a principal are counted for their shares of held resources. */
export type AnonymousShares = "per-peer" | "shared";

const connectionIds = new WeakMap<object, number>();
let nextConnection = 0;

/** The owner key of a request (`peer` is an address as the binding gave it; IPv6 counts by its /64): `principal:…`, `peer:…`, `connection:…` or `anonymous`. */
export function shareOwner(principal: string | undefined, peer: string | undefined, connection: unknown, anonymous: AnonymousShares): string {
  if (principal !== undefined) return `principal:${principal}`;
  if (anonymous === "shared") return "anonymous";
  const key = peerKey(peer);
  if (key !== undefined) return `peer:${key}`;
  if (connection !== null && typeof connection === "object") {
    let id = connectionIds.get(connection);
    if (id === undefined) connectionIds.set(connection, (id = ++nextConnection));
    return `connection:${id}`;
  }
  return "anonymous";
}
