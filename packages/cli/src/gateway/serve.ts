/**
 * Serving a started gateway's front until `signal` aborts: over HTTP (the
 * web-standard handler on a Node server, protected when the file says so)
 * or over this process's standard streams.
 */
import type { AddressInfo } from "node:net";
import type { Gateway, GatewayFront } from "@mrtr/gateway";
import { protectOptionsOf } from "./front-auth.js";

/** Resolves when `signal` aborts (at once if it has). */
const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));

/** `host` as it goes in a URL (IPv6 in brackets). */
const urlHost = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

/** What the HTTP front needs. */
export interface HttpServe {
  /** The port (0: any free one). */
  port: number;
  /** The address to listen on. */
  host: string;
  /** The file's `front`. */
  front: GatewayFront;
  /** Told, once listening, the endpoint's URL. */
  onListening: (url: string) => void;
}

/** Serves the gateway over HTTP until `signal` aborts; rejects when it cannot listen (the port taken). */
export async function serveHttp(gateway: Gateway, options: HttpServe, signal: AbortSignal): Promise<void> {
  const [{ createHttpHandler }, { createNodeServer }] = await Promise.all([import("@mrtr/server"), import("@mrtr/server/node")]);
  const { front } = options;
  // Protected, the endpoint is served where its resource URL says; else at /mcp.
  const path = front.auth ? new URL(front.auth.audience).pathname : "/mcp";
  let handler = createHttpHandler(gateway.server, { path, ...(front.allowedHosts !== undefined && { allowedHosts: front.allowedHosts }), ...(front.cors && { cors: front.cors }) });
  if (front.auth) {
    const { protect } = await import("@mrtr/server/auth");
    handler = protect(handler, await protectOptionsOf(front.auth));
  }
  // A list of allowed hosts decides for itself (a proxy in front of a loopback listener sends its own Host).
  const server = createNodeServer(handler, { allowAnyHost: Array.isArray(front.allowedHosts) });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  try {
    const { port } = server.address() as AddressInfo;
    options.onListening(`http://${urlHost(options.host)}:${port}${path}`);
    await aborted(signal);
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

/** Serves the gateway over this process's stdin and stdout until the input ends or `signal` aborts. */
export async function serveStdioFront(gateway: Gateway, signal: AbortSignal): Promise<void> {
  const { serveStdio } = await import("@mrtr/server/stdio");
  const serving = serveStdio(gateway.server, { exitOnEnd: false });
  await Promise.race([serving.closed, aborted(signal)]);
  await serving.close();
}
