/**
 * Bodies built to be expensive: a megabyte of nulls, nesting 100,000 deep,
 * several at once. Each is refused with -32600 carrying the request id before
 * validation runs, memory stays small, and a well-formed request sent beside
 * them is served.
 */
import { describe, expect, it } from "vitest";
import { rssOf } from "../../../../test/helpers/processes.js";
import { post, rawRequest, type RawResponse } from "../../../../test/helpers/raw-http.js";
import { request } from "../helpers.js";
import { hostileServer } from "./hostile-server.js";

const server = hostileServer();

/** A discover request whose clientCapabilities.experimental.x.a holds `inner` (JSON text). */
function withExperimental(inner: string): { id: number; text: string } {
  const m = request("server/discover") as Record<string, any>;
  const caps = JSON.stringify(m.params._meta["io.modelcontextprotocol/clientCapabilities"]);
  const text = JSON.stringify(m).replace(caps, `{"elicitation":{},"experimental":{"x":{"a":${inner}}}}`);
  return { id: m.id, text };
}

const headers = ["Mcp-Method: server/discover", "MCP-Protocol-Version: 2026-07-28"];

async function send(text: string): Promise<RawResponse> {
  const r = await rawRequest(server.port, post(text, headers));
  if (!("status" in r)) throw new Error(`no HTTP answer: ${r.raw.slice(0, 200)}`);
  return r;
}

const mib = (bytes: number | undefined) => (bytes === undefined ? "?" : (bytes / 1024 / 1024).toFixed(0));
const nulls = () => withExperimental(`[${Array(200_000).fill("null").join(",")}]`);
const deep = () => withExperimental(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);

describe("expensive bodies are refused before validation", () => {
  it("refuses ~1 MB of nulls inside clientCapabilities with -32600 and the request id, with small memory growth", async () => {
    const before = await rssOf(server.child.pid!);
    const { id, text } = nulls();
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const r = await send(text);
    const elapsed = performance.now() - started;
    expect(r.status).toBe(400);
    const answer = JSON.parse(r.body);
    expect(answer.id).toBe(id);
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toMatch(/limit/i);
    const after = await rssOf(server.child.pid!);
    // Figures for the record (not asserted: tests never assert timings).
    console.log(`1 MB of nulls: answered in ${elapsed.toFixed(0)} ms, server RSS ${mib(before)} -> ${mib(after)} MiB`);
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses nesting 100,000 deep with -32600 and the request id, not a stack overflow", async () => {
    const { id, text } = deep();
    const r = await send(text);
    expect(r.status).toBe(400);
    const answer = JSON.parse(r.body);
    expect(answer.id).toBe(id);
    expect(answer.error.code).toBe(-32600);
  });

  it("serves a well-formed request sent beside four expensive ones, and stays small", async () => {
    const started = performance.now();
    const hostile = [nulls(), nulls(), deep(), nulls()].map((b) => send(b.text));
    const good = request("tools/call", { name: "count", arguments: {} });
    const served = rawRequest(server.port, post(JSON.stringify(good), ["Mcp-Method: tools/call", "Mcp-Name: count", "MCP-Protocol-Version: 2026-07-28"])).then((r) => {
      console.log(`a well-formed request beside four expensive ones: answered in ${(performance.now() - started).toFixed(0)} ms`);
      return r;
    });
    const [answer, ...refusals] = await Promise.all([served, ...hostile]);
    expect((answer as RawResponse).status).toBe(200);
    expect(JSON.parse((answer as RawResponse).body).result.resultType).toBe("complete");
    for (const r of refusals) expect(JSON.parse(r.body).error.code).toBe(-32600);
    const rss = await rssOf(server.child.pid!);
    if (rss !== undefined) expect(rss).toBeLessThan(400 * 1024 * 1024);
    expect(server.child.exitCode).toBeNull();
  });
});
