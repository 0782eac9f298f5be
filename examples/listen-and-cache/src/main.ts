/**
 * The example's one command: the board server in this process, reached
 * through `inProcessTransport`, and a client that lists, reads, listens and
 * lists again. Repeat lists and reads are served from the cache; a
 * `tools/list_changed` drops the kept tool list, a `resources/updated` the
 * kept read of that resource, and nothing else. Checks its own results;
 * exits non-zero when one is wrong. Run from the repository root:
 * `npm start -w @mrtr/example-listen-and-cache`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpClient } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { boardClient } from "./client.js";
import { nextEvent } from "./events.js";
import { boardServer, NOTES_URI } from "./server.js";

/** The tools' names, listed twice: the second list comes from the cache while it is fresh. */
async function toolNames(client: McpClient): Promise<string> {
  await client.listAllTools();
  return (await client.listAllTools()).map((t) => t.name).join(", ");
}

/** The notes' text, read twice, as `toolNames` does. */
async function notesText(client: McpClient): Promise<string> {
  await client.readResource(NOTES_URI);
  const { contents } = await client.readResource(NOTES_URI);
  return contents.map((c) => ("text" in c ? c.text : "")).join("\n").replaceAll("\n", " | ");
}

/** Runs the story, prints it, checks it. */
export async function main(print: (line: string) => void = console.log): Promise<void> {
  const board = boardServer(randomBytes(32)); // a secret of this run only
  const { client, sent } = boardClient(inProcessTransport(board.server));
  const stop = new AbortController();
  const count = () => `tools/list sent ${sent["tools/list"] ?? 0}, resources/read sent ${sent["resources/read"] ?? 0}`;
  try {
    // Listen first: each acknowledgement drops what its filter follows (changes may have been missed before it).
    const events = client.listen({ toolsListChanged: true, resourceSubscriptions: [NOTES_URI] }, { signal: stop.signal });
    const ack = await nextEvent(events);
    assert.equal(ack.method, "notifications/subscriptions/acknowledged");
    print(`listening: ${JSON.stringify(ack.params.notifications)}`);

    print(`tools: ${await toolNames(client)}; notes: ${await notesText(client)}`);
    print(`  listed twice, read twice: ${count()}`);
    assert.deepEqual([sent["tools/list"], sent["resources/read"]], [1, 1], "the second list and read came from the cache");

    board.openPosting();
    const listChanged = await nextEvent(events);
    assert.equal(listChanged.method, "notifications/tools/list_changed");
    print(`event: ${listChanged.method}`);
    print(`tools: ${await toolNames(client)}; notes: ${await notesText(client)}`);
    print(`  ${count()}`);
    assert.deepEqual([sent["tools/list"], sent["resources/read"]], [2, 1], "only the tool list was asked again");

    const posted = await client.callTool("post_note", { text: "Demo at 16:00" });
    print(`called post_note: ${posted.content[0]?.type === "text" ? posted.content[0].text : ""}`);
    const updated = await nextEvent(events);
    assert.equal(updated.method, "notifications/resources/updated");
    print(`event: ${updated.method} ${updated.method === "notifications/resources/updated" ? updated.params.uri : ""}`);
    const notes = await notesText(client);
    print(`tools: ${await toolNames(client)}; notes: ${notes}`);
    print(`  ${count()}`);
    assert.equal(notes, "Stand-up at 9:30 | Demo at 16:00");
    assert.deepEqual([sent["tools/list"], sent["resources/read"]], [2, 2], "only the notes were read again");
  } finally {
    stop.abort(); // ends the listen stream; close() would too
    await client.close();
    await board.server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
