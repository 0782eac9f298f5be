/**
 * The example's rules: repeat lists and reads come from the cache while
 * fresh; `{ fresh: true }` and `cache: false` ask the server; each
 * acknowledgement of a listen stream drops what its filter follows; a
 * tools/list_changed drops the kept tool list only, a resources/updated the
 * kept read of that URI only; closing the client ends the stream.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { boardClient } from "../src/client.js";
import { nextEvent } from "../src/events.js";
import { main } from "../src/main.js";
import { boardServer, NOTES_URI, type Board } from "../src/server.js";

const boards: Board[] = [];
afterEach(async () => {
  for (const board of boards.splice(0)) await board.server.close();
});

/** A board, and a counting client of it. */
function setup() {
  const board = boardServer(randomBytes(32));
  boards.push(board);
  return { board, ...boardClient(inProcessTransport(board.server)) };
}

describe("the cache", () => {
  it("serves a repeat list and read while fresh, and asks again on { fresh: true }", async () => {
    const { client, sent } = setup();
    await client.listTools();
    await client.listTools();
    await client.readResource(NOTES_URI);
    await client.readResource(NOTES_URI);
    expect(sent).toEqual({ "tools/list": 1, "resources/read": 1 });
    await client.listTools(undefined, { fresh: true });
    expect(sent["tools/list"]).toBe(2);
    await client.close();
  });

  it("keeps nothing with cache: false", async () => {
    const { board } = setup();
    let lists = 0;
    const client = createClient({ name: "t", version: "1", transport: inProcessTransport(board.server), cache: false, middleware: [(call, next) => ((lists += call.method === "tools/list" ? 1 : 0), next())] });
    await client.listTools();
    await client.listTools();
    expect(lists).toBe(2);
    await client.close();
  });
});

describe("listening keeps the cache true", () => {
  it("drops, on the acknowledgement, what the filter follows (changes before it may have been missed)", async () => {
    const { client, sent } = setup();
    await client.listTools();
    await client.readResource(NOTES_URI);
    const events = client.listen({ toolsListChanged: true });
    expect((await nextEvent(events)).method).toBe("notifications/subscriptions/acknowledged");
    await client.listTools();
    await client.readResource(NOTES_URI);
    expect(sent).toEqual({ "tools/list": 2, "resources/read": 1 }); // the notes are not followed: still kept
    await client.close();
  });

  it("drops the kept tool list on tools/list_changed, and only it", async () => {
    const { board, client, sent } = setup();
    const events = client.listen({ toolsListChanged: true, resourceSubscriptions: [NOTES_URI] });
    await nextEvent(events);
    await client.listTools();
    await client.readResource(NOTES_URI);
    board.openPosting();
    expect((await nextEvent(events)).method).toBe("notifications/tools/list_changed");
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["read_notes", "post_note"]);
    await client.readResource(NOTES_URI);
    expect(sent).toEqual({ "tools/list": 2, "resources/read": 1 });
    await client.close();
  });

  it("drops the kept read of the updated resource on resources/updated, and only it", async () => {
    const { board, client, sent } = setup();
    const events = client.listen({ toolsListChanged: true, resourceSubscriptions: [NOTES_URI] });
    await nextEvent(events);
    await client.listTools();
    expect((await client.readResource(NOTES_URI)).contents).toEqual([{ uri: NOTES_URI, mimeType: "text/plain", text: "Stand-up at 9:30" }]);
    board.post("Lunch at noon");
    expect(await nextEvent(events)).toMatchObject({ method: "notifications/resources/updated", params: { uri: NOTES_URI } });
    expect((await client.readResource(NOTES_URI)).contents).toEqual([{ uri: NOTES_URI, mimeType: "text/plain", text: "Stand-up at 9:30\nLunch at noon" }]);
    await client.listTools();
    expect(sent).toEqual({ "tools/list": 1, "resources/read": 2 });
    await client.close();
  });

  it("ends the listen iteration when the client closes", async () => {
    const { client } = setup();
    const events = client.listen({ toolsListChanged: true });
    await nextEvent(events);
    await client.close();
    expect((await events.next()).done).toBe(true);
  });
});

it("main tells the story and passes its own checks", async () => {
  const lines: string[] = [];
  await main((line) => lines.push(line));
  expect(lines.at(-1)).toBe("  tools/list sent 2, resources/read sent 2");
});
