/**
 * Raw HTTP/1.1 over a TCP socket, for requests fetch cannot send (a Host of
 * our choosing, absolute-form targets, TRACE) and for slow or half-open peers.
 */
import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response (identity or chunked body); undefined when `text` holds none. */
export function parseResponse(text: string): RawResponse | undefined {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = text.slice(end + 4);
  if (headers["transfer-encoding"] === "chunked") {
    let out = "";
    let rest = body;
    for (;;) {
      const nl = rest.indexOf("\r\n");
      const size = parseInt(rest.slice(0, nl), 16);
      if (!size) break;
      out += rest.slice(nl + 2, nl + 2 + size);
      rest = rest.slice(nl + 2 + size + 2);
    }
    body = out;
  }
  return { status, headers, body };
}

/** Opens a connection to 127.0.0.1:`port`, from `from` (another loopback address, such as 127.0.0.2, is another peer). */
export function open(port: number, from?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", ...(from !== undefined && { localAddress: from }) }, () => resolve(socket));
    socket.on("error", reject);
  });
}

/** Everything the peer sends until it closes the connection (errors count as a close). */
export function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
    socket.on("close", () => resolve(text));
    socket.on("error", () => undefined);
  });
}

/** Sends `request` as is (add `Connection: close`) and returns the parsed answer, or the raw text if it is not one. */
export async function rawRequest(port: number, request: string): Promise<RawResponse | { raw: string }> {
  const socket = await open(port);
  const done = readAll(socket);
  socket.write(request);
  const text = await done;
  return parseResponse(text) ?? { raw: text };
}

/** A POST of `body` to /mcp with the given extra header lines. */
export function post(body: string, extra: string[] = [], host = "127.0.0.1"): string {
  return [
    "POST /mcp HTTP/1.1",
    `Host: ${host}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...extra,
    "",
    body,
  ].join("\r\n");
}
