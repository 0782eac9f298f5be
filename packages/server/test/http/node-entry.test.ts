/**
 * The Node adapter reads our handler's requests itself (no web `Request` body
 * stream, no `Response` for JSON) and any other handler's through the web
 * `Request`. Both ways must answer alike, keep the same body limits, and hand
 * handlers the same host's request.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createHttpHandler, createServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open, parseResponse, readAll } from "../../../../test/helpers/raw-http.js";
import { request, SECRET } from "../helpers.js";

const mcp = createServer({ name: "node-entry", version: "1.0.0", requestState: { secrets: [SECRET] } }).tool({
  name: "whoami",
  inputSchema: { type: "object", properties: {} },
  handler(_args, ctx) {
    const host = ctx.request as Request;
    return {
      content: [{ type: "text", text: JSON.stringify({ isRequest: host instanceof Request, method: host.method, url: host.url, tag: host.headers.get("x-tag") }) }],
    };
  },
}).tool({
  name: "confirm",
  inputSchema: { type: "object", properties: {} },
  async handler(_args, ctx) {
    const answer = await ctx.elicit("ok", { message: "Sure?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
    return { content: [{ type: "text", text: answer.action }] };
  },
});
/** The host's request signal a `hold` call saw, once its handler runs. */
let holding: (signal: AbortSignal) => void = () => undefined;
mcp.tool({
  name: "hold",
  inputSchema: { type: "object", properties: {} },
  async handler(_args, ctx) {
    holding((ctx.request as Request).signal);
    await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
    return { content: [{ type: "text", text: "never sent" }] };
  },
});
const handler = createHttpHandler(mcp, { maxBodyBytes: 2048, bodyTimeoutMs: 300 });

let direct: Server; // our handler: the adapter's own reading
let wrapped: Server; // the same handler behind a plain function: the web Request path
const portOf = (s: Server) => (s.address() as AddressInfo).port;

beforeAll(async () => {
  direct = createNodeServer(handler);
  wrapped = createNodeServer((r) => handler(r));
  await Promise.all([direct, wrapped].map((s) => new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))));
});
afterAll(() => Promise.all([direct, wrapped].map((s) => new Promise((resolve) => s.close(resolve)))));

const mcpHeaders = (method: string, name?: string): Record<string, string> => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": method,
  ...(name !== undefined && { "mcp-name": name }),
});

/** The parts of an answer both paths must agree on (the sealed state's random bytes aside). */
async function answerOf(server: Server, init: RequestInit & { path?: string }) {
  const response = await fetch(`http://127.0.0.1:${portOf(server)}${init.path ?? "/mcp"}`, init);
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    allow: response.headers.get("allow"),
    body: text.replace(/"requestState":"[^"]+"/, '"requestState":"…"').replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT"),
  };
}

const cases: [string, RequestInit & { path?: string }][] = [
  ["a discover request", { method: "POST", headers: mcpHeaders("server/discover"), body: JSON.stringify(request("server/discover")) }],
  ["a call answered input_required", { method: "POST", headers: mcpHeaders("tools/call", "confirm"), body: JSON.stringify(request("tools/call", { name: "confirm", arguments: {} })) }],
  ["a call that reads the host's request", { method: "POST", headers: { ...mcpHeaders("tools/call", "whoami"), "x-tag": "a, b" }, body: JSON.stringify(request("tools/call", { name: "whoami", arguments: {} })) }],
  ["a header that disagrees with the body", { method: "POST", headers: mcpHeaders("tools/list"), body: JSON.stringify(request("server/discover")) }],
  ["a body that is not JSON", { method: "POST", headers: mcpHeaders("server/discover"), body: "{nope" }],
  ["a notification (202, no body)", { method: "POST", headers: mcpHeaders("notifications/cancelled"), body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }) }],
  ["a GET", { method: "GET" }],
  ["another path", { method: "POST", path: "/other", headers: mcpHeaders("server/discover"), body: "{}" }],
  ["a foreign Origin", { method: "POST", headers: { ...mcpHeaders("server/discover"), origin: "https://evil.example" }, body: JSON.stringify(request("server/discover")) }],
  ["a declared length over maxBodyBytes", { method: "POST", headers: mcpHeaders("server/discover"), body: "x".repeat(4096) }],
];

describe("the Node adapter's own reading of our handler's requests", () => {
  it.each(cases)("answers %s exactly as the web Request path does", async (_name, init) => {
    const [a, b] = [await answerOf(direct, init), await answerOf(wrapped, init)];
    expect(a).toEqual(b);
    expect(a.status).toBeGreaterThanOrEqual(200);
  });

  it("hands handlers a web Request with the method, URL and headers as the host's request", async () => {
    const init = { method: "POST", headers: { ...mcpHeaders("tools/call", "whoami"), "x-tag": "t1" }, body: JSON.stringify(request("tools/call", { name: "whoami", arguments: {} })) };
    const { body } = await answerOf(direct, init);
    const seen = JSON.parse(JSON.parse(body).result.content[0].text);
    expect(seen).toEqual({ isRequest: true, method: "POST", url: "http://127.0.0.1:PORT/mcp", tag: "t1" });
  });

  it("writes a JSON answer with its Content-Length (not chunked)", async () => {
    const socket = await open(portOf(direct));
    const done = readAll(socket);
    const body = JSON.stringify(request("server/discover"));
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\nmcp-protocol-version: 2026-07-28\r\nmcp-method: server/discover\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
    const answer = parseResponse(await done)!;
    expect(answer.status).toBe(200);
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
  });

  it("refuses a chunked body that grows past maxBodyBytes with 413 and closes the connection instead of reading the rest", async () => {
    const socket = await open(portOf(direct));
    const done = readAll(socket);
    socket.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n");
    const chunk = "x".repeat(1000);
    for (let i = 0; i < 5; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`); // 5000 bytes, no end
    const text = await done; // the server closes: the peer never sent the last chunk
    const answer = parseResponse(text)!;
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body).error.message).toMatch(/maxBodyBytes/);
  });

  it("refuses a body that does not arrive within bodyTimeoutMs with 408, and keeps serving", async () => {
    const socket = await open(portOf(direct));
    const done = readAll(socket);
    socket.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{");
    const answer = parseResponse(await done)!;
    expect(answer.status).toBe(408);
    const after = await answerOf(direct, cases[0]![1]);
    expect(after.status).toBe(200);
  });

  it("makes the host's Request only for a handler that reads ctx.request", async () => {
    const Original = globalThis.Request;
    let made = 0;
    globalThis.Request = class extends Original {
      constructor(...args: ConstructorParameters<typeof Request>) {
        super(...args);
        made++;
      }
    } as typeof Request;
    const rawCall = async (name: string) => {
      const socket = await open(portOf(direct));
      const done = readAll(socket);
      const body = JSON.stringify(request("tools/call", { name, arguments: {} }));
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\nmcp-protocol-version: 2026-07-28\r\nmcp-method: tools/call\r\nmcp-name: ${name}\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      );
      return parseResponse(await done)!;
    };
    try {
      expect((await rawCall("confirm")).status).toBe(200);
      expect(made).toBe(0);
      const seen = JSON.parse(JSON.parse((await rawCall("whoami")).body).result.content[0].text);
      expect(seen.isRequest).toBe(true);
      expect(made).toBe(1);
    } finally {
      globalThis.Request = Original;
    }
  });

  it("aborts the host's Request signal, as well as ctx.signal, when the peer goes away", async () => {
    const socket = await open(portOf(direct));
    const body = JSON.stringify(request("tools/call", { name: "hold", arguments: {} }));
    const held = new Promise<AbortSignal>((resolve) => (holding = resolve));
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\nmcp-protocol-version: 2026-07-28\r\nmcp-method: tools/call\r\nmcp-name: hold\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    const signal = await held;
    expect(signal.aborted).toBe(false);
    socket.destroy();
    // Resolves only when the Request's signal aborts; the test times out otherwise.
    await new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener("abort", resolve, { once: true })));
    expect(signal.aborted).toBe(true);
  });
});
