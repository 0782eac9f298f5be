/**
 * `client.close()` keeps its promise whatever the transport does on close: a
 * call in flight fails, and the server sees the request cancelled; a call
 * made afterwards is refused. Here over the in-process transport, which has
 * no close of its own (neither has the HTTP transport), so before, a call in
 * flight ran on to its answer.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "@mrtr/client";
import { createServer, inProcessTransport } from "@mrtr/server";

describe("client.close() with calls in flight, in process", () => {
  it("fails the call in flight, cancels it on the server, and refuses later calls", async () => {
    const server = createServer({ name: "slow", version: "1.0.0", requestState: { secrets: ["close-in-flight-test-secret-0123456789abcdef"] } });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let handlerSignal: AbortSignal | undefined;
    server.tool({
      name: "wait",
      handler: async (_args, ctx) => {
        handlerSignal = ctx.signal;
        started();
        await new Promise((resolve) => setTimeout(resolve, 5_000, undefined));
        return { content: [{ type: "text", text: "too late" }] };
      },
    });
    const client = createClient({ name: "c", version: "1.0.0", transport: inProcessTransport(server) });
    const call = client.callTool("wait");
    call.catch(() => {});
    await running;
    await client.close();
    await expect(call).rejects.toThrow(/closed/);
    expect(handlerSignal?.aborted).toBe(true);
    await expect(client.callTool("wait")).rejects.toThrow(/closed/);
  });
});
