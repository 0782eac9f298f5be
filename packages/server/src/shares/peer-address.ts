/**
 * The network address of the peer a request came from, where the binding
 * knows it (the Node adapter: the socket's remote address). Callers without a
 * principal are counted per peer for their shares of held resources
 * (`createServer({ anonymous })`, docs/architecture.md, "Fair shares"), so
 * the address is kept beside the host's request as auth info is: in a
 * WeakMap, nothing added to the request itself.
 */

const byRequest = new WeakMap<object, string>();

/** The peer address a binding attached to `request`, if any. */
export function peerOf(request: unknown): string | undefined {
  return request !== null && typeof request === "object" ? byRequest.get(request) : undefined;
}

/** Attaches the peer's address to a request (the Node adapter does; for bindings of your own). */
export function attachPeer(request: object, address: string): void {
  byRequest.set(request, address);
}

/**
 * An address as one peer: IPv4 as it is (an IPv4-mapped IPv6 address as its
 * IPv4), IPv6 by its /64 prefix, since one subscriber usually holds a whole
 * /64 and could otherwise count as countless peers. Undefined for none.
 */
export function peerKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const bare = address.split("%")[0]!.toLowerCase();
  const [head = "", tail = ""] = bare.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = bare.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  const groups = bare.includes("::") ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
