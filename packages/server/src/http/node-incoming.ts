/**
 * A Node `IncomingMessage` as the HTTP handler reads it (`IncomingHttp`):
 * headers looked up in Node's own object, the body read from the Node stream
 * within the same limits `readWithin` keeps on a web stream (the declared
 * length first, then every chunk, then the time), and a web `Request` made
 * only when something asks for the host's request. Node-only: imported by the
 * Node adapter, never by the fetch face.
 */
import type { IncomingMessage } from "node:http";
import type { BodyRead, ReadLimits } from "@mrtr/internal";
import type { RequestAbort } from "../request-abort.js";
import { attachPeer } from "../shares/peer-address.js";
import type { IncomingHttp } from "./incoming.js";

/** Reads the whole body of `req` within `limits`. Never throws; on a failure the rest of the body is left unread. */
export function readNodeWithin(req: IncomingMessage, limits: ReadLimits): Promise<BodyRead> {
  const declared = Number(limits.declaredLength ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return Promise.resolve({ ok: false, failure: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: BodyRead) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (!outcome.ok) req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limits.maxBytes) finish({ ok: false, failure: "too-large" });
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    const onError = () => finish({ ok: false, failure: "failed" });
    const onClose = () => {
      if (!req.complete) finish({ ok: false, failure: "failed" });
    };
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    // No clock when the whole declared body is already buffered (the usual small POST): nothing is left to wait for.
    const buffered = Number.isFinite(declared) && req.readableLength >= declared;
    if (limits.timeoutMs !== undefined && !buffered) timer = setTimeout(() => finish({ ok: false, failure: "too-slow" }), limits.timeoutMs);
  });
}

/** The web `Headers` of a Node request; throws on a header the fetch API cannot hold. */
export function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * `req` as the handler reads it. `readFailed` is told when the body could
 * not be read, so the adapter closes the connection after answering rather
 * than read the rest of an oversized or stalled body.
 */
export function incomingFromNode(req: IncomingMessage, url: URL, controller: RequestAbort, readFailed: () => void): IncomingHttp {
  let request: Request | undefined;
  return {
    method: req.method ?? "GET",
    url,
    header(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    async readBody(limits) {
      const read = await readNodeWithin(req, limits);
      if (!read.ok) readFailed();
      return read;
    },
    // Made only when read (request-abort.ts); the core follows `abortLink`.
    get signal() {
      return controller.signal;
    },
    abort: (reason) => controller.abort(reason),
    abortLink: controller,
    peer: req.socket.remoteAddress,
    auth: undefined, // only `protect` attaches auth, and a handler it wraps takes the web Request path
    // Made only when read (a handler reading ctx.request, a hook, an era plugin): undici ties a Request to its signal
    // at a cost of about 125 µs, which calls that never look at the request do not pay.
    request: () => (request ??= withPeer(new Request(url, { method: req.method ?? "GET", headers: headersOf(req), signal: controller.signal }), req)),
  };
}

/** `request` with the address of the peer `req` came from attached (for `peerOf`), where the socket knows it. */
export function withPeer(request: Request, req: IncomingMessage): Request {
  const address = req.socket.remoteAddress;
  if (address) attachPeer(request, address);
  return request;
}
