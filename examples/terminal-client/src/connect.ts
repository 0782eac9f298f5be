/**
 * Where the client connects: with no argument, to the built-in demo server
 * in the same process; with a URL, to a server over Streamable HTTP.
 */
import { httpTransport, type Transport } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { createDemoServer } from "./demo-server.js";

/** A transport and a description of where it leads. */
export interface Connection {
  transport: Transport;
  /** Where the client is connected, for the user ("the built-in demo server (in-process)", a URL). */
  via: string;
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

/** Connects to `target` (a server URL), or to the built-in demo server when there is none. */
export function connect(target?: string): Connection {
  if (target === undefined) return { transport: inProcessTransport(createDemoServer()), via: "the built-in demo server (in-process)" };
  const url = parseServerUrl(target);
  return { transport: httpTransport(url), via: url.href };
}
