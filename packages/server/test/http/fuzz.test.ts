/**
 * Seeded fuzzing of the real Node listener on loopback: hostile request
 * lines, Host and MCP headers, and bodies (random JSON, mutated requests,
 * deep nesting, long arrays, JSON strings holding requests, broken UTF-8).
 * The process stays up, every answer is well-formed JSON-RPC (or a plain 4xx
 * for HTTP-level refusals), nothing is a 500, and memory stays bounded.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rssOf } from "../../../../test/helpers/processes.js";
import { open, parseResponse, readAll } from "../../../../test/helpers/raw-http.js";
import { request } from "../helpers.js";
import { hostileServer } from "./hostile-server.js";

const server = hostileServer();

const METHODS = ["server/discover", "tools/list", "tools/call", "prompts/get", "resources/read", "completion/complete", "initialize", "x/y"];
const TOOLS = ["run", "count", "ask", "missing", ""];

/** Sets `value` at a random place inside `target` (a JSON object), returning a new object. */
function plant(target: unknown, path: number[], value: unknown): unknown {
  if (path.length === 0 || target === null || typeof target !== "object") return value;
  const keys = Object.keys(target as object);
  if (keys.length === 0) return value;
  const key = keys[path[0]! % keys.length]!;
  const copy: any = Array.isArray(target) ? [...target] : { ...(target as object) };
  copy[key] = plant(copy[key], path.slice(1), value);
  return copy;
}

const validRequest = fc.record({ method: fc.constantFrom(...METHODS), name: fc.constantFrom(...TOOLS) }).map(({ method, name }) => {
  const m = request(method, method === "resources/read" ? { uri: "test://x" } : { name, arguments: {} });
  return m as Record<string, unknown>;
});

// Values to plant, as JSON text (deep values stay text so no recursive code in the test touches them).
const nested = fc.integer({ min: 1, max: 5000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`);
const longArray = fc.integer({ min: 0, max: 60_000 }).map((n) => `[${Array(n).fill("0").join(",")}]`);
const PLANTED = "\u0000planted\u0000";

const body: fc.Arbitrary<Uint8Array> = fc.oneof(
  validRequest.map((m) => JSON.stringify(m)),
  fc
    .tuple(validRequest, fc.array(fc.nat(), { maxLength: 6 }), fc.oneof(fc.json({ maxDepth: 4 }), nested, longArray))
    .map(([m, path, v]) => JSON.stringify(plant(m, path, PLANTED)).replace(JSON.stringify(PLANTED), v)),
  validRequest.map((m) => JSON.stringify(JSON.stringify(m))),
  fc.tuple(validRequest, fc.oneof(fc.double(), fc.constant(1e30), fc.constant(null), fc.object())).map(([m, id]) => JSON.stringify({ ...m, id })),
  fc.json({ maxDepth: 5 }),
  fc.string({ maxLength: 200 }),
  fc.constant(""),
).map((text) => new TextEncoder().encode(text)).chain((bytes) =>
  fc.oneof(
    { weight: 9, arbitrary: fc.constant(bytes) },
    // Broken UTF-8 inside the body.
    { weight: 1, arbitrary: fc.nat({ max: Math.max(0, bytes.length) }).map((i) => new Uint8Array([...bytes.slice(0, i), 0xff, 0xc3, ...bytes.slice(i)])) },
  ),
);

const headerValue = fc.oneof(fc.constantFrom(...METHODS, ...TOOLS, "2026-07-28", "v999", "=?base64?dGVzdA==?="), fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }));

const exchange = fc.record({
  verb: fc.constantFrom("POST", "POST", "POST", "GET", "PUT", "DELETE", "OPTIONS", "TRACE", "HEAD", "PATCH"),
  target: fc.constantFrom("/mcp", "/mcp", "/mcp?x=1", "/", "//mcp", "http://localhost:99999/mcp", "http://127.0.0.1/mcp", "*"),
  host: fc.constantFrom("127.0.0.1", "localhost", "[::1]", "localhost:99999", "127.999.0.1", "evil.example", "a:b:c"),
  mcpMethod: fc.option(headerValue),
  mcpName: fc.option(headerValue),
  version: fc.option(headerValue),
  contentType: fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8", ""),
  origin: fc.option(fc.constantFrom("https://evil.example", "http://127.0.0.1", "null")),
  body,
});

type Exchange = typeof exchange extends fc.Arbitrary<infer T> ? T : never;

async function send(x: Exchange): Promise<string> {
  const lines = [`${x.verb} ${x.target} HTTP/1.1`, `Host: ${x.host}`, "Connection: close", `Content-Length: ${x.body.length}`];
  if (x.contentType) lines.push(`Content-Type: ${x.contentType}`);
  if (x.mcpMethod !== null) lines.push(`Mcp-Method: ${x.mcpMethod}`);
  if (x.mcpName !== null) lines.push(`Mcp-Name: ${x.mcpName}`);
  if (x.version !== null) lines.push(`MCP-Protocol-Version: ${x.version}`);
  if (x.origin !== null) lines.push(`Origin: ${x.origin}`);
  const socket = await open(server.port);
  const answer = readAll(socket);
  socket.write(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), Buffer.from(x.body)]));
  return answer;
}

function checkAnswer(text: string, x: Exchange): void {
  const r = parseResponse(text);
  expect(r, `no HTTP answer to ${x.verb} ${x.target}`).toBeDefined();
  const { status, headers, body } = r!;
  expect(status, body).not.toBe(500);
  if (status === 202) return void expect(body).toBe("");
  if (!headers["content-type"]?.startsWith("application/json") || x.verb === "HEAD") {
    // Node's own refusal of a malformed request, or a HEAD without a body.
    expect(status).toBeGreaterThanOrEqual(400);
    return;
  }
  const message = JSON.parse(body);
  if (status === 404 && message.error === "Not found") return; // another path: a plain 404
  expect(message.jsonrpc).toBe("2.0");
  if (status === 200) {
    expect(typeof message.result?.resultType).toBe("string");
    expect(["string", "number"]).toContain(typeof message.id);
    return;
  }
  expect(status).toBeGreaterThanOrEqual(400);
  expect(Number.isInteger(message.error?.code)).toBe(true);
  expect(typeof message.error?.message).toBe("string");
  if (message.id !== undefined) expect(["string", "number"]).toContain(typeof message.id);
}

describe("fuzzing the Node listener", () => {
  it("stays up and answers every hostile exchange with well-formed JSON-RPC or a plain 4xx, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(exchange, async (x) => {
        checkAnswer(await send(x), x);
        expect(server.child.exitCode).toBeNull();
      }),
      { seed: 20261201, numRuns: 400 },
    );
    const rss = await rssOf(server.child.pid!);
    if (rss !== undefined) expect(rss).toBeLessThan(400 * 1024 * 1024);
  }, 240_000);
});
