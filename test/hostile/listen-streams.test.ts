/**
 * A flood of subscriptions/listen streams, on a real server with every
 * default on, over HTTP and over stdio (docs/architecture.md, "Fair
 * shares"): one caller holds at most its share (100 of 1 000) and gets 429s
 * past it, while another caller's stream is acknowledged; ten callers
 * holding every stream still leave a newcomer served, the stream opened
 * longest ago by the largest share ending with its closing result.
 */
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { limited, modernRequest, printFigures, range, useFixture, type Channel } from "./peers.js";

const fixture = useFixture();

type Json = Record<string, any>;
const ACK = "notifications/subscriptions/acknowledged";

/** A listen stream over its own connection from loopback address `from`, as `user`: the HTTP status and the first message (or the error). */
async function listenOverHttp(from: string, user: string): Promise<{ socket: Socket; status: number; first: Json; id: string; more: () => string }> {
  const m = modernRequest("subscriptions/listen", { notifications: { toolsListChanged: true } });
  const body = JSON.stringify(m);
  const socket = connect({ port: fixture().port, host: "127.0.0.1", localAddress: from });
  let text = "";
  socket.on("data", (d: Buffer) => (text += d.toString()));
  socket.on("error", () => undefined);
  socket.write(
    [
      "POST /mcp HTTP/1.1",
      `Host: 127.0.0.1:${fixture().port}`,
      "Content-Type: application/json",
      "Accept: application/json, text/event-stream",
      "MCP-Protocol-Version: 2026-07-28",
      "Mcp-Method: subscriptions/listen",
      `x-user: ${user}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      "",
      body,
    ].join("\r\n"),
  );
  for (let i = 0; i < 500; i++) {
    const head = text.indexOf("\r\n\r\n");
    if (head >= 0) {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)![1]);
      const rest = text.slice(head + 4);
      const data = /data: (.*)\n/.exec(rest)?.[1];
      if (data) return { socket, status, first: JSON.parse(data) as Json, id: m.id, more: () => text };
      if (status !== 200 && /\}\s*$/.test(rest)) return { socket, status, first: JSON.parse(rest.slice(rest.indexOf("{"))) as Json, id: m.id, more: () => text };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no answer to a listen from ${from}: ${text}`);
}

describe("a flood of listen streams, over HTTP", () => {
  const held: Awaited<ReturnType<typeof listenOverHttp>>[] = [];

  it("one caller holds at most its share (100); past it 429 with Retry-After, while another caller's stream is acknowledged", async () => {
    const before = await fixture().stats();
    const opened = await limited(range(110), 16, () => listenOverHttp("127.0.0.2", "mallory"));
    const acked = opened.filter((o) => o.status === 200);
    expect(acked).toHaveLength(100);
    held.push(...acked);
    const refused = opened.find((o) => o.status !== 200)!;
    expect(refused.status).toBe(429);
    expect(refused.first.error).toMatchObject({ code: -32603, data: { limit: "subscription streams", scope: "share" } });
    const alice = await listenOverHttp("127.0.0.1", "alice");
    expect(alice.first.method).toBe(ACK);
    held.push(alice);
    printFigures("listen streams, one caller at its share (100)", [["before", before], ["at the limit", await fixture().stats()]]);
  });

  it("ten callers holding every stream (1 000): a newcomer's is acknowledged, the one opened longest ago by the largest share ends with its closing result", async () => {
    for (const i of range(9)) {
      const opened = await limited(range(100), 16, () => listenOverHttp(`127.0.0.${i + 3}`, `mallory-${i}`));
      expect(opened.every((o) => o.first.method === ACK)).toBe(true);
      held.push(...opened);
    }
    const atLimit = await fixture().stats();
    expect(atLimit.activity.streams).toBe(1000);
    const bob = await listenOverHttp("127.0.0.1", "bob");
    try {
      expect(bob.first.method).toBe(ACK);
      // Two streams made room, each the one opened longest ago among the largest shares: the last attacker's 100th
      // (with Alice's, the 1 001st) ended Mallory's first, and Bob's ended the next attacker's first. Each got its closing result.
      await new Promise((r) => setTimeout(r, 100));
      const ended = held.filter((h) => h.more().includes('"resultType":"complete"'));
      expect(ended).toEqual([held[0], held[101]]);
      expect(held[100]!.more()).not.toContain('"resultType"'); // Alice's stream, the smallest share, stayed
      printFigures("listen streams, every stream held (1 000 by 10 callers)", [["at the limit", atLimit], ["after a newcomer", await fixture().stats()]]);
    } finally {
      for (const h of [...held, bob]) h.socket.destroy();
      await new Promise((r) => setTimeout(r, 200));
    }
    printFigures("listen streams, after the callers left", [["after", await fixture().stats()]]);
  });
});

describe("a flood of listen streams, over stdio", () => {
  const listen = (c: Channel) => {
    const m = modernRequest("subscriptions/listen", { notifications: { toolsListChanged: true } });
    const answer = c.request(m);
    const ack = c.next((n) => n.method === ACK && n.params._meta["io.modelcontextprotocol/subscriptionId"] === m.id);
    return Promise.race([answer.then((a) => ({ error: a.error as Json })), ack.then(() => ({ error: undefined }))]);
  };

  it("a stdio channel holds at most its share; another channel's stream is acknowledged", async () => {
    const before = await fixture().stats();
    const own = await limited(range(105), 16, () => listen(fixture().stdio));
    expect(own.filter((o) => o.error === undefined)).toHaveLength(100);
    expect(own.find((o) => o.error)!.error).toMatchObject({ code: -32603, data: { scope: "share" } });
    const honest = await fixture().channel();
    expect((await listen(honest)).error).toBeUndefined();
    printFigures("listen streams over stdio, one channel at its share (100)", [["before", before], ["at the limit", await fixture().stats()]]);
    honest.end();
  });
});
