/**
 * A hostile or broken server cannot hang the client, make it buffer without
 * bound, or make it answer more than it chose to: every limit is hit with a
 * typed error naming the option that raises it.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createClient,
  FLOW_LIMIT_DEFAULTS,
  HTTP_TRANSPORT_DEFAULTS,
  httpTransport,
  JsonLimitError,
  JsonRpcError,
  LimitExceededError,
  ProtocolViolationError,
  RequestStateTooLargeError,
  RequestTimeoutError,
  ResponseTooLargeError,
  TooManyInputRequestsError,
  TransportError,
  type HttpTransportOptions,
} from "@mrtr/client";

type Behaviour = (req: IncomingMessage, res: ServerResponse, body: any) => void;

let http: Server;
let base: string;
/** Per scenario: bytes the server managed to write before the client went away, and whether the client hung up. */
const written = new Map<string, { bytes: number; closed: boolean }>();
const uploads = new Map<string, number[]>();

const complete = (id: unknown) => JSON.stringify({ jsonrpc: "2.0", id, result: { resultType: "complete", content: [] } });
const form = { method: "elicitation/create", params: { mode: "form", message: "?", requestedSchema: { type: "object", properties: {} } } };

/** Writes `chunk` until the client disconnects, counting the bytes. */
function flood(name: string, res: ServerResponse, chunk: string): void {
  const stats = { bytes: 0, closed: false };
  written.set(name, stats);
  res.on("close", () => (stats.closed = true));
  const pump = () => {
    while (!stats.closed && stats.bytes < 300 * 1024 * 1024) {
      stats.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
  };
  pump();
}

const behaviours: Record<string, Behaviour> = {
  silent: () => undefined,
  sse_kept_open: (_req, res, body) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`event: message\ndata: ${complete(body.id)}\n\n`);
    const stats = { bytes: 0, closed: false };
    written.set("sse_kept_open", stats);
    res.on("close", () => (stats.closed = true));
  },
  sse_flood_after_answer: (_req, res, body) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`data: ${complete(body.id)}\n\n`);
    flood("sse_flood_after_answer", res, `data: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } })}\n\n`);
  },
  sse_flood_before_answer: (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    flood("sse_flood_before_answer", res, `data: ${"x".repeat(1000)}\n\n`);
  },
  huge_json: (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[');
    flood("huge_json", res, '{"type":"text","text":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},');
  },
  doubling_state: (_req, res, body) => {
    const previous: string | undefined = body.params.requestState;
    const next = previous ? previous + previous : "s".repeat(1024);
    const list = uploads.get("doubling_state") ?? [];
    list.push(previous?.length ?? 0);
    uploads.set("doubling_state", list);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { resultType: "input_required", requestState: next } }));
  },
  thousand_questions: (_req, res, body) => {
    const inputRequests = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`q${i}`, form]));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { resultType: "input_required", inputRequests } }));
  },
  twenty_questions: (_req, res, body) => {
    res.writeHead(200, { "content-type": "application/json" });
    if (body.params.inputResponses) return void res.end(complete(body.id));
    const inputRequests = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i}`, form]));
    res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { resultType: "input_required", inputRequests } }));
  },
  wrong_id: (_req, res, body) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(complete(`${String(body.id)}-other`));
  },
  result_with_500: (_req, res, body) => {
    res.writeHead(500, { "content-type": "application/json" });
    res.end(complete(body.id));
  },
  html: (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html><body>Welcome</body></html>");
  },
  error_with_400: (_req, res, body) => {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, error: { code: -32602, message: "bad arguments" } }));
  },
};

beforeAll(async () => {
  http = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      behaviours[body.params.name as string]!(req, res, body);
    });
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(() => {
  http.closeAllConnections();
  return new Promise<void>((r) => http.close(() => r()));
});

function client(transport: HttpTransportOptions = {}, extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({
    transport: httpTransport(base, transport),
    name: "c",
    version: "1",
    elicitation: { form: async () => ({ action: "accept", content: {} }) },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value).slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe("client limits against a hostile server", () => {
  it("gives up on a server that never answers after timeoutMs, with RequestTimeoutError naming the option (default 60 s)", async () => {
    expect(HTTP_TRANSPORT_DEFAULTS.timeoutMs).toBe(60_000);
    const error = await failure(client({ timeoutMs: 300 }).callTool("silent"));
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toBeInstanceOf(LimitExceededError);
    expect((error as Error).message).toMatch(/timeoutMs/);
  });

  it("resolves on the answer event of a stream the server keeps open, and releases the stream", async () => {
    const result = await client({ timeoutMs: 5_000 }).callTool("sse_kept_open");
    expect(result.content).toEqual([]);
    expect(await until(() => written.get("sse_kept_open")?.closed === true)).toBe(true);
  });

  it("stops reading an event stream flooded after the answer", async () => {
    const result = await client().callTool("sse_flood_after_answer");
    expect(result.content).toEqual([]);
    expect(await until(() => written.get("sse_flood_after_answer")?.closed === true)).toBe(true);
    expect(written.get("sse_flood_after_answer")!.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("fails an event stream that floods before any answer once maxResponseBytes is read", async () => {
    const error = await failure(client({ maxResponseBytes: 1024 * 1024 }).callTool("sse_flood_before_answer"));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toMatch(/maxResponseBytes/);
    expect(await until(() => written.get("sse_flood_before_answer")?.closed === true)).toBe(true);
  });

  it("fails an endless JSON body at the default maxResponseBytes (16 MiB) without reading on", async () => {
    expect(HTTP_TRANSPORT_DEFAULTS.maxResponseBytes).toBe(16 * 1024 * 1024);
    const error = await failure(client().callTool("huge_json"));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(await until(() => written.get("huge_json")?.closed === true)).toBe(true);
    // The server could push a little past the limit into socket buffers, never hundreds of MiB.
    expect(written.get("huge_json")!.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses to echo a requestState larger than maxRequestStateBytes (default 256 KiB)", async () => {
    expect(FLOW_LIMIT_DEFAULTS.maxRequestStateBytes).toBe(256 * 1024);
    const error = await failure(client({}, { maxRounds: 100, backoff: { initialMs: 1, maxMs: 1 } }).callTool("doubling_state"));
    expect(error).toBeInstanceOf(RequestStateTooLargeError);
    expect((error as Error).message).toMatch(/maxRequestStateBytes/);
    const echoed = uploads.get("doubling_state")!;
    expect(Math.max(...echoed)).toBeLessThanOrEqual(256 * 1024);
  });

  it("refuses a round of 1,000 input requests without calling any handler (default maxInputRequests 32)", async () => {
    expect(FLOW_LIMIT_DEFAULTS.maxInputRequests).toBe(32);
    let calls = 0;
    const c = client({}, { elicitation: { form: async () => (calls++, { action: "accept", content: {} }) } });
    const error = await failure(c.callTool("thousand_questions"));
    expect(error).toBeInstanceOf(TooManyInputRequestsError);
    expect(calls).toBe(0);
  });

  it("runs at most inputConcurrency handlers at once (default 4)", async () => {
    expect(FLOW_LIMIT_DEFAULTS.inputConcurrency).toBe(4);
    let running = 0;
    let peak = 0;
    const c = client({}, {
      elicitation: {
        form: async () => {
          peak = Math.max(peak, ++running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          return { action: "accept", content: {} };
        },
      },
    });
    await c.callTool("twenty_questions");
    expect(peak).toBe(4);
  });

  it("refuses a JSON answer whose id is not the request's", async () => {
    const error = await failure(client().callTool("wrong_id"));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/id/);
  });

  it("treats a result carried by HTTP 500, and an HTML page, as transport errors", async () => {
    const r500 = await failure(client().callTool("result_with_500"));
    expect(r500).toBeInstanceOf(TransportError);
    expect((r500 as TransportError).status).toBe(500);
    const html = await failure(client().callTool("html"));
    expect(html).toBeInstanceOf(TransportError);
    expect((html as Error).message).toMatch(/text\/html/);
  });

  it("still reads a JSON-RPC error carried by HTTP 400 as the server's error", async () => {
    const error = await failure(client().callTool("error_with_400"));
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(-32602);
  });

  it("checks the response id for every transport, not only HTTP", async () => {
    const c = createClient({
      name: "c",
      version: "1",
      transport: { request: async (m) => ({ jsonrpc: "2.0", id: `${String(m.id)}x`, result: { resultType: "complete", content: [] } }) },
    });
    expect(await failure(c.callTool("t"))).toBeInstanceOf(ProtocolViolationError);
  });
});

describe("JSON limits on what the server sends", () => {
  it("refuses a response nested deeper than jsonLimits.maxDepth with JsonLimitError naming the option", async () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = [deep];
    const c = createClient({
      name: "c",
      version: "1",
      transport: { request: async (m) => ({ jsonrpc: "2.0", id: m.id, result: { resultType: "complete", content: [], structuredContent: { deep } } }) },
    });
    const error = await failure(c.callTool("t"));
    expect(error).toBeInstanceOf(JsonLimitError);
    expect((error as Error).message).toMatch(/jsonLimits\.maxDepth/);
    const relaxed = createClient({
      name: "c",
      version: "1",
      jsonLimits: { maxDepth: 200 },
      transport: { request: async (m) => ({ jsonrpc: "2.0", id: m.id, result: { resultType: "complete", content: [], structuredContent: { deep } } }) },
    });
    expect((await relaxed.callTool("t")).content).toEqual([]);
  });
});
