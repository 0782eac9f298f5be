/**
 * Logging (server/utilities/logging.mdx), opt-in: `ctx.log` sends
 * `notifications/message` only for a request whose `_meta` names a log
 * level, at or above it, on that request's stream before its answer; the
 * server declares `logging` exactly when the feature is registered.
 */
import { describe, expect, it } from "vitest";
import { createServer, ServerDefinitionError } from "@mrtr/server";
import { logging } from "@mrtr/deprecated/server";

const SECRET = "deprecated-logging-test-secret-0123456789";
const meta = (logLevel?: string) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  ...(logLevel !== undefined && { "io.modelcontextprotocol/logLevel": logLevel }),
});

function server() {
  return createServer({ name: "logs", version: "1", requestState: { secrets: [SECRET] }, features: [logging({ silenceDeprecationWarning: true })] }).tool({
    name: "work",
    handler: (_args, ctx) => {
      ctx.log("debug", "details");
      ctx.log("info", "started", "worker");
      ctx.log("error", { code: 7 });
      return { content: [{ type: "text", text: "done" }] };
    },
  });
}

async function call(logLevel?: string) {
  const sent: { method: string; params: unknown }[] = [];
  const response = await server().handle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "work", _meta: meta(logLevel) } }, { send: (n) => (sent.push(n as never), true) });
  return { sent, response };
}

describe("logging", () => {
  it("sends messages at or above the level the request names, in order, before the answer", async () => {
    const { sent, response } = await call("info");
    expect(sent).toEqual([
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "started", logger: "worker" } },
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "error", data: { code: 7 } } },
    ]);
    expect((response as { result?: { content?: unknown } }).result?.content).toEqual([{ type: "text", text: "done" }]);
    expect((await call("debug")).sent).toHaveLength(3);
    expect((await call("error")).sent).toHaveLength(1);
  });

  it("sends nothing for a request that names no level (the draft: MUST NOT)", async () => {
    expect((await call()).sent).toEqual([]);
  });

  it("declares the logging capability only when registered, and refuses the feature twice", async () => {
    const discover = { jsonrpc: "2.0", id: 2, method: "server/discover", params: { _meta: meta() } };
    const caps = (r: unknown) => (r as { result: { capabilities: Record<string, unknown> } }).result.capabilities;
    expect(caps(await server().handle(discover))).toEqual({ tools: {}, logging: {} });
    const plain = createServer({ name: "x", version: "1", requestState: { secrets: [SECRET] } }).tool({ name: "t", handler: () => ({ content: [] }) });
    expect(caps(await plain.handle(discover))).toEqual({ tools: {} });
    expect(() => createServer({ name: "x", version: "1", requestState: { secrets: [SECRET] }, features: [logging({ silenceDeprecationWarning: true }), logging({ silenceDeprecationWarning: true })] })).toThrow(ServerDefinitionError);
  });
});
