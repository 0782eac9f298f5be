/**
 * The Host names a local server answers to: `localhost`, `127.x.y.z` and
 * `[::1]`, with any port. A server on a loopback address that answers other
 * names can be reached by DNS rebinding (a web page's own host name pointed
 * at 127.0.0.1), so both the Node adapter (which sees its listening address)
 * and the fetch handler's `allowedHosts: "loopback"` (for runtimes where the
 * handler cannot see it) answer those names only.
 */

/** The loopback listening addresses (IPv4, IPv6, IPv4-mapped IPv6). */
export const LOOPBACK_ADDRESS = /^(127\.|::1$|::ffff:127\.)/;

/** A Host header (or URL host) that names the loopback interface. */
export const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;
