/** Options are checked where they are passed: a key a function does not take is a TypeError saying where it belongs. */
import { describe, expect, it } from "vitest";
import { createClient, type ClientOptions } from "@mrtr/client";
import { createServer, inProcessTransport } from "@mrtr/server";

const server = createServer({ name: "s", version: "1", onWarning: () => undefined }).tool({ name: "t", handler: () => ({ content: [{ type: "text", text: "ok" }] }) });
const base = { name: "c", version: "1", transport: inProcessTransport(server) };

describe("options checked where they are passed", () => {
  it("a call given an option of createClient (onRound) throws a TypeError naming createClient, before sending anything", async () => {
    const client = createClient(base);
    const error = await client.callTool("t", {}, { onRound: () => undefined } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('tools/call: unknown option "onRound": "onRound" is an option of createClient({ onRound }), for every call of the client. Its options are signal, timeoutMs, onProgress, fresh.');
  });

  it("createClient given a call's option (onProgress) throws a TypeError naming the call", () => {
    expect(() => createClient({ ...base, onProgress: () => undefined } as ClientOptions)).toThrow(/unknown option "onProgress": "onProgress" is an option of each call, such as client\.callTool\(name, args, \{ onProgress \}\)/);
  });

  it("a misspelt option throws, listing the options there are; the ones there are pass", async () => {
    const client = createClient(base);
    await expect(client.callTool("t", {}, { sigal: undefined } as never)).rejects.toThrow(/unknown option "sigal"\. Its options are signal, timeoutMs, onProgress, fresh\./);
    expect(() => createClient({ ...base, timeout: 5 } as never)).toThrow(/createClient: unknown option "timeout"\. Its options are transport, name, version/);
    expect((await client.callTool("t", {}, { timeoutMs: 5_000, fresh: true, signal: new AbortController().signal })).content).toEqual([{ type: "text", text: "ok" }]);
    expect(await client.listAllTools({ maxPages: 2, timeoutMs: 5_000 })).toHaveLength(1);
    await expect(client.listTools({}, { maxPages: 2 } as never)).rejects.toThrow(/unknown option "maxPages"/);
  });
});
