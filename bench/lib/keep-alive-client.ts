/**
 * The load side of the HTTP benches: one keep-alive HTTP/1.1 connection per
 * lane, a request written as one buffer, the response read by its
 * Content-Length (or chunked, for event streams). Far cheaper per request
 * than `fetch` or `http.request`, so that on a 2-core machine the client does
 * not set the ceiling of the server it measures (with `fetch` a bare
 * node:http server measured what the client could send, not what it serves).
 */
import { connect, type Socket } from "node:net";

/** A connection that sends one request at a time and resolves with the response body. */
export interface Lane {
  /** Whether the connection is gone (the server closed an idle one); open another. */
  readonly closed: boolean;
  post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }>;
  close(): void;
}

/** Opens a lane to `host:port`. */
export function openLane(host: string, port: number): Promise<Lane> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port, noDelay: true }, () => resolve(lane(socket, `${host}:${port}`)));
    socket.once("error", reject);
  });
}

function lane(socket: Socket, authority: string): Lane {
  let buffered: Buffer = Buffer.alloc(0);
  let waiting: { resolve: (r: { status: number; body: string }) => void; reject: (e: Error) => void } | undefined;
  let closed = false;
  const fail = (error: Error) => {
    closed = true;
    waiting?.reject(error);
    waiting = undefined;
  };
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("the server closed the connection")));
  socket.on("data", (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const parsed = parse(buffered);
    if (!parsed) return;
    buffered = buffered.subarray(parsed.consumed);
    const w = waiting;
    waiting = undefined;
    w?.resolve({ status: parsed.status, body: parsed.body });
  });
  return {
    get closed() {
      return closed || socket.destroyed;
    },
    post(path, headers, body) {
      let head = `POST ${path} HTTP/1.1\r\nhost: ${authority}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
      for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(`${head}\r\n${body}`);
      });
    },
    close: () => socket.destroy(),
  };
}

/** One complete response at the start of `data`, or undefined when more must arrive. */
function parse(data: Buffer): { status: number; body: string; consumed: number } | undefined {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const head = data.toString("latin1", 0, end);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const size = Number(length[1]);
    if (data.length < end + 4 + size) return undefined;
    return { status, body: data.toString("utf8", end + 4, end + 4 + size), consumed: end + 4 + size };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) throw new Error(`a response with neither Content-Length nor chunked encoding: ${head}`);
  let at = end + 4;
  const parts: Buffer[] = [];
  for (;;) {
    const nl = data.indexOf("\r\n", at);
    if (nl < 0) return undefined;
    const size = parseInt(data.toString("latin1", at, nl), 16);
    if (data.length < nl + 2 + size + 2) return undefined;
    if (size === 0) return { status, body: Buffer.concat(parts).toString("utf8"), consumed: nl + 4 };
    parts.push(data.subarray(nl + 2, nl + 2 + size));
    at = nl + 2 + size + 2;
  }
}
