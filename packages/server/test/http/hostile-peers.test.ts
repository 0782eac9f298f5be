/**
 * A hostile or broken peer cannot crash, stall or exhaust the Node server:
 * each case runs against a real server process on loopback, which must still
 * be alive and serving afterwards.
 */
import { describe, expect, it } from "vitest";
import { open, parseResponse, post, rawRequest, readAll, type RawResponse } from "../../../../test/helpers/raw-http.js";
import { request } from "../helpers.js";
import { hostileServer } from "./hostile-server.js";

const server = hostileServer({ REQUEST_TIMEOUT_MS: "1500", HEADERS_TIMEOUT_MS: "1000", MAX_CONNECTIONS: "8" });

function headersFor(message: { method: string; params?: Record<string, unknown> }): string[] {
  const lines = [`Mcp-Method: ${message.method}`, "MCP-Protocol-Version: 2026-07-28"];
  const name = message.params?.name;
  if (typeof name === "string") lines.push(`Mcp-Name: ${name}`);
  return lines;
}

/** A well-formed tool call over a raw connection. */
async function call(tool: string): Promise<RawResponse> {
  const m = request("tools/call", { name: tool, arguments: {} });
  const r = await rawRequest(server.port, post(JSON.stringify(m), headersFor(m)));
  if (!("status" in r)) throw new Error(`no HTTP answer: ${r.raw}`);
  return r;
}

async function stillServing(): Promise<void> {
  expect(server.child.exitCode, "the server process exited").toBeNull();
  const r = await call("count");
  expect(r.status).toBe(200);
  expect(JSON.parse(r.body).result.resultType).toBe("complete");
}

function refused(r: RawResponse | { raw: string }): RawResponse {
  expect("status" in r, `expected an HTTP answer, got ${JSON.stringify(r)}`).toBe(true);
  return r as RawResponse;
}

describe("the Node adapter under hostile requests", () => {
  const m = request("server/discover");
  const body = JSON.stringify(m);

  it("answers a Host with a port out of range with 400, and keeps serving", async () => {
    const r = refused(await rawRequest(server.port, post(body, headersFor(m), "localhost:99999")));
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.code).toBe(-32600);
    await stillServing();
  });

  it("answers a loopback-looking Host that is no address (127.999.0.1) with 400, and keeps serving", async () => {
    const r = refused(await rawRequest(server.port, post(body, headersFor(m), "127.999.0.1")));
    expect(r.status).toBe(400);
    await stillServing();
  });

  it("answers an absolute-form target that is no valid URL with 400, and keeps serving", async () => {
    const text = post(body, headersFor(m)).replace("POST /mcp HTTP/1.1", "POST http://localhost:99999/mcp HTTP/1.1");
    const r = refused(await rawRequest(server.port, text));
    expect(r.status).toBe(400);
    await stillServing();
  });

  it("answers TRACE (which the fetch API refuses) with 501 and methods Node does not know with 400, and keeps serving", async () => {
    const trace = refused(await rawRequest(server.port, "TRACE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
    expect(trace.status).toBe(501);
    expect(trace.headers.allow).toBe("POST");
    const track = refused(await rawRequest(server.port, "TRACK /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
    expect(track.status).toBe(400);
    await stillServing();
  });

  it("refuses a JSON string holding a message with -32600 and never runs it", async () => {
    const run = request("tools/call", { name: "run", arguments: {} });
    const r = refused(await rawRequest(server.port, post(JSON.stringify(JSON.stringify(run)), headersFor(run))));
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.code).toBe(-32600);
    const count = JSON.parse((await call("count")).body).result.content[0].text;
    expect(count).toBe("0");
  });

  it("refuses an array, a number and null as the body with -32600", async () => {
    for (const text of ["[]", `[${body}]`, "42", "null", "true"]) {
      const r = refused(await rawRequest(server.port, post(text, headersFor(m))));
      expect(r.status, text).toBe(400);
      expect(JSON.parse(r.body).error.code, text).toBe(-32600);
    }
  });

  it("refuses a numeric id beyond 2^53 with -32600 rather than echoing a rounded id", async () => {
    const text = body.replace(`"id":${m.id}`, '"id":123456789012345678901234567890');
    const r = refused(await rawRequest(server.port, post(text, headersFor(m))));
    expect(r.status).toBe(400);
    const answer = JSON.parse(r.body);
    expect(answer.error.code).toBe(-32600);
    expect(answer.id).toBeUndefined();
    expect(r.body).not.toContain("e+29");
  });

  it("echoes a large id sent as a string, and a safe integer id, exactly", async () => {
    for (const id of ['"123456789012345678901234567890"', "9007199254740991", "-9007199254740991"]) {
      const text = body.replace(`"id":${m.id}`, `"id":${id}`);
      const r = refused(await rawRequest(server.port, post(text, headersFor(m))));
      expect(r.status, id).toBe(200);
      expect(r.body, id).toContain(`"id":${id}`);
    }
  });
});

describe("the Node server's limits on slow and numerous peers", () => {
  it("cuts off a body sent one byte at a time once the request timeout passes (408), and keeps serving", async () => {
    const socket = await open(server.port);
    const answer = readAll(socket);
    const m = request("server/discover");
    const text = post(JSON.stringify(m), headersFor(m));
    const head = text.slice(0, text.indexOf("\r\n\r\n") + 4);
    socket.write(head);
    let i = 0;
    const drip = setInterval(() => {
      if (socket.destroyed || i >= 20) return clearInterval(drip);
      socket.write(text.slice(head.length + i, head.length + i + 1));
      i++;
    }, 250);
    const r = parseResponse(await answer);
    clearInterval(drip);
    // Closed long before the 20-byte drip (which would take 5 s) could finish a 100-byte body.
    expect(i).toBeLessThan(20);
    expect(r?.status).toBe(408);
    await stillServing();
  });

  it("holds each peer address to its share of connections: past it 429 at once, while another address still connects", async () => {
    // MAX_CONNECTIONS 8: each address's share is 4. Partial headers keep each connection open.
    const mine = await Promise.all(Array.from({ length: 4 }, () => open(server.port, "127.0.0.1")));
    for (const s of mine) s.write("POST /mcp HTTP/1.1\r\n");
    const extra = parseResponse(await readAll(await open(server.port, "127.0.0.1")));
    expect(extra?.status).toBe(429);
    expect(extra?.headers["retry-after"]).toBe("5");
    expect(JSON.parse(extra!.body)).toMatchObject({ error: { code: -32603, data: { limit: "connections", scope: "share" } } });
    const theirs = await open(server.port, "127.0.0.2");
    theirs.write("POST /mcp HTTP/1.1\r\n");
    await new Promise((r) => setTimeout(r, 50));
    expect(theirs.destroyed).toBe(false);
    for (const s of [...mine, theirs]) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    await stillServing();
  });

  it("when every connection is open, closes an idle one of the address holding the most; with every connection serving a request, 503", async () => {
    const idle = await Promise.all(Array.from({ length: 4 }, () => open(server.port, "127.0.0.1")));
    const closed = idle.map((s) => readAll(s));
    const busy = await Promise.all(Array.from({ length: 4 }, () => open(server.port, "127.0.0.2")));
    // A request whose body has not arrived yet is being served: its connection is never closed to make room.
    for (const s of busy) s.write(post("x".repeat(0), []).replace(/content-length: \d+/i, "Content-Length: 100"));
    await new Promise((r) => setTimeout(r, 100));
    const newcomer = await open(server.port, "127.0.0.3");
    newcomer.write("POST /mcp HTTP/1.1\r\n");
    await Promise.race(closed); // one of 127.0.0.1's idle connections went
    expect(busy.every((s) => !s.destroyed)).toBe(true);
    // Now 127.0.0.1 holds 3 idle; make them busy too, then nothing is idle: a newcomer is refused.
    const rest = idle.filter((s) => !s.destroyed && s.readyState === "open");
    for (const s of rest) s.write(post("", []).replace(/content-length: \d+/i, "Content-Length: 100"));
    newcomer.write("Content-Length: 100\r\nHost: 127.0.0.1\r\n\r\n");
    await new Promise((r) => setTimeout(r, 100));
    const refusedAll = parseResponse(await readAll(await open(server.port, "127.0.0.4")));
    expect(refusedAll?.status).toBe(503);
    for (const s of [...idle, ...busy, newcomer]) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    await stillServing();
  });
});
