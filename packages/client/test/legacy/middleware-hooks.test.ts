/**
 * Client middleware hooks that only sessions of initialize-based servers
 * run: around the client's answers to the server's requests, and at each
 * session's start and end. The peer is @mrtr/server's legacy bridge, over
 * its HTTP handler.
 */
import { createClient, httpTransport, type ClientSessionInfo, type InboundCall } from "@mrtr/client";
import { legacyClient } from "@mrtr/client/legacy";
import { createHttpHandler, createServer } from "@mrtr/server";
import { describe, expect, it } from "vitest";

const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };

function legacyPeer() {
  const server = createServer({ name: "hooks", version: "1.0.0", requestState: { secrets: ["client-hooks-secret-0123456789-abcdefghij"] } }).tool({
    name: "greet",
    async handler(_a, ctx) {
      const r = await ctx.elicit("name", { message: "Your name?", requestedSchema: NAME });
      return { content: [{ type: "text" as const, text: r.action === "accept" ? `hello ${String(r.content?.name)}` : `no (${r.action})` }] };
    },
  });
  const handler = createHttpHandler(server);
  const sessionIds: string[] = [];
  const fetch: typeof globalThis.fetch = async (url, init) => {
    const response = await handler(new Request(url, init));
    const sid = response.headers.get("mcp-session-id");
    if (sid && !sessionIds.includes(sid)) sessionIds.push(sid);
    return response;
  };
  return { transport: httpTransport("http://hooks.test/mcp", { fetch }), sessionIds };
}

describe("client middleware hooks in sessions of initialize-based servers", () => {
  it("runs inbound middleware around each answer to the server's requests, with the session; tells session observers of its start and end, once", async () => {
    const { transport, sessionIds } = legacyPeer();
    const inbound: InboundCall[] = [];
    const events: (ClientSessionInfo | { errorType?: string })[] = [];
    const client = createClient({
      transport,
      name: "c",
      version: "1",
      legacy: legacyClient({ mode: "legacy" }),
      elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
      middleware: [
        {
          inbound: async (call, next) => {
            inbound.push(call);
            return next();
          },
          session: (info) => {
            events.push(info);
            return (end) => void events.push(end);
          },
        },
      ],
    });
    const result = await client.callTool("greet");
    expect(result.content).toEqual([{ type: "text", text: "hello Ada" }]);
    expect(inbound.map((c) => c.method)).toEqual(["elicitation/create"]);
    expect(inbound[0]!.params.message).toBe("Your name?");
    expect(inbound[0]!.session).toEqual({ id: sessionIds[0], protocolVersion: "2025-11-25", transport: "http" });
    expect(events).toEqual([{ id: sessionIds[0], protocolVersion: "2025-11-25", transport: "http" }]);
    await client.close();
    await client.close();
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({});
  });

  it("an inbound middleware may answer in the handler's place, or refuse (the server's question then fails)", async () => {
    const { transport } = legacyPeer();
    let handled = 0;
    const client = (inbound: (call: InboundCall, next: () => Promise<unknown>) => Promise<unknown>) =>
      createClient({
        transport,
        name: "c",
        version: "1",
        legacy: legacyClient({ mode: "legacy" }),
        elicitation: { form: async () => (handled++, { action: "accept", content: { name: "Ada" } }) },
        middleware: [{ inbound }],
      });
    const declined = await client(async () => ({ action: "decline" })).callTool("greet");
    expect(declined.content).toEqual([{ type: "text", text: "no (decline)" }]);
    expect(handled).toBe(0);
    const refused = client(() => Promise.reject(new Error("not now")));
    await expect(refused.callTool("greet")).rejects.toThrow(/refused elicitation\/create: not now/);
  });
});
