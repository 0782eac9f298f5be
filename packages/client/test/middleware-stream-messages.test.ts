/**
 * Client middleware hears what the server sends on a request's own stream
 * ahead of its answer, through `next(message, { onMessage })`: each layer's
 * listener, outermost first, after the call's own progress listener; one
 * that throws changes nothing; a call whose layers ask for nothing is sent
 * as before.
 */
import { describe, expect, it } from "vitest";
import { createClient, type ClientMiddleware } from "@mrtr/client";
import { createServer, inProcessTransport } from "@mrtr/server";

function server() {
  const s = createServer({ name: "steps", version: "1.0.0", requestState: { secrets: ["middleware-stream-messages-secret-0123456789"] } });
  s.tool({
    name: "steps",
    handler: async (_args, ctx) => {
      ctx.progress(1, 2, "half");
      ctx.progress(2, 2, "done");
      return { content: [{ type: "text", text: "ok" }] };
    },
  });
  return s;
}

/** A layer that records each stream message it hears under `name`. */
const listening =
  (name: string, heard: string[], fail = false): ClientMiddleware =>
  (_call, next) =>
    next(undefined, {
      onMessage: (m) => {
        heard.push(`${name}:${String(m.method)}:${String((m.params as { progress?: number } | undefined)?.progress)}`);
        if (fail) throw new Error("a listener that throws");
      },
    });

describe("client middleware and the request's stream", () => {
  it("tells each layer's listener the messages ahead of the answer, outermost first, after the call's own progress listener", async () => {
    const heard: string[] = [];
    const client = createClient({ name: "c", version: "1.0.0", transport: inProcessTransport(server()), middleware: [listening("outer", heard), listening("inner", heard)] });
    const result = await client.callTool("steps", {}, { onProgress: (p) => heard.push(`own:${p.progress}`) });
    expect(result.content).toEqual([{ type: "text", text: "ok" }]);
    expect(heard).toEqual([
      "own:1",
      "outer:notifications/progress:1",
      "inner:notifications/progress:1",
      "own:2",
      "outer:notifications/progress:2",
      "inner:notifications/progress:2",
    ]);
  });

  it("keeps the call whole when a listener throws", async () => {
    const heard: string[] = [];
    const client = createClient({ name: "c", version: "1.0.0", transport: inProcessTransport(server()), middleware: [listening("thrower", heard, true), listening("after", heard)] });
    const progress: number[] = [];
    const result = await client.callTool("steps", {}, { onProgress: (p) => progress.push(p.progress) });
    expect([result.content, progress, heard.filter((h) => h.startsWith("after")).length]).toEqual([[{ type: "text", text: "ok" }], [1, 2], 2]);
  });
});
