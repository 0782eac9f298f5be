/**
 * Where the client connects: with no argument, to the built-in demo server
 * in the same process; with a URL, to a server over Streamable HTTP; with
 * `--stdio` and a command, to a server it launches over stdio. A
 * protected server (one that answers 401) gets an OAuth login: the
 * authorization URL is printed (and opened with MRTR_OPEN_URLS=1), and a
 * loopback listener receives the redirect.
 */
import { httpTransport, type Transport } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { withAuth, type UserAgent } from "@mrtr/client/auth";
import { loopbackUserAgent } from "@mrtr/client/auth/node";
import { inProcessTransport } from "@mrtr/server";
import { createDemoServer } from "./demo-server.js";
import { openUrl } from "./open-url.js";

/** A transport and a description of where it leads. */
export interface Connection {
  transport: Transport;
  /** Where the client is connected, for the user ("the built-in demo server (in-process)", a URL). */
  via: string;
  /** Releases what the connection holds (the login's loopback listener). */
  close?: () => Promise<void>;
}

/** The login step of a terminal: print the URL, open it if allowed, wait for the redirect on loopback. */
function terminalLogin(): UserAgent & { close(): Promise<void> } {
  return loopbackUserAgent({
    open: async (authorizationUrl) => {
      console.log(`\nThis server needs you to sign in. Open:\n  ${authorizationUrl.href}\n`);
      await openUrl(authorizationUrl.href);
    },
  });
}

/** Why the client cannot connect to what it was given. */
export class ConnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectError";
  }
}

/** The server URL given on the command line; throws ConnectError unless it is an http(s) URL. */
export function parseServerUrl(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ConnectError(`Not a URL: ${JSON.stringify(target)}. Give a server's http:// or https:// URL, or nothing for the demo server.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConnectError(`Not an http(s) URL: ${url.href}`);
  return url;
}

/**
 * Connects to `target` (a server URL), or to the built-in demo server when
 * there is none. `userAgent` replaces the terminal login (tests).
 */
export function connect(target?: string, options: { userAgent?: UserAgent } = {}): Connection {
  if (target === undefined) return { transport: inProcessTransport(createDemoServer()), via: "the built-in demo server (in-process)" };
  const url = parseServerUrl(target);
  const login = options.userAgent ? undefined : terminalLogin();
  const userAgent = options.userAgent ?? login!;
  const fetchWithAuth = withAuth(fetch, { client: { name: "mrtr terminal client" }, userAgent });
  return { transport: httpTransport(url, { fetch: fetchWithAuth }), via: url.href, ...(login && { close: () => login.close() }) };
}

/**
 * Launches `command` with `args` (no shell) and talks to it over its stdin
 * and stdout. The server's stderr is kept out of the terminal's prompts
 * (its last lines are reported if it exits); closing stops it.
 */
export function connectStdio(command: string, args: readonly string[]): Connection {
  const transport = stdioTransport({ command, args, stderr: () => undefined });
  return { transport, via: `${[command, ...args].join(" ")} (stdio)`, close: () => transport.close() };
}
