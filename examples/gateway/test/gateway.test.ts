/**
 * The gateway example, in process: two upstreams over HTTP on free ports,
 * two gateway instances sharing one secret in front of them, clients of
 * @mrtr/client; and gateway.json against the options the code builds.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport, type McpClient } from "@mrtr/client";
import { GatewayConfigError, loadGatewayConfig, parseGatewayConfig } from "@mrtr/gateway";
import type { CallToolResult } from "@mrtr/schema";
import { tourTheGateway } from "../src/client.js";
import { gatewayOptions, startGateway, type RunningGateway } from "../src/gateway.js";
import { archiveServer, bistroServer, serveUpstream, type RunningUpstream } from "../src/upstreams.js";

const env = { MRTR_STATE_SECRET: "example-gateway-test-secret-0123456789abcdef" };
const configFile = fileURLToPath(new URL("../gateway.json", import.meta.url));

/** A client that answers nothing itself: each round comes back to the test (manual mode). */
function manualClient(url: string): McpClient {
  return createClient({ name: "manual", version: "1.0.0", transport: httpTransport(url), elicitation: { form: "manual" } });
}

describe("the gateway example", () => {
  let bistro: RunningUpstream;
  let archive: RunningUpstream;
  let one: RunningGateway;
  let two: RunningGateway;

  beforeAll(async () => {
    bistro = await serveUpstream(bistroServer());
    archive = await serveUpstream(archiveServer());
    const options = gatewayOptions({ bistro: bistro.url, archive: archive.url }, env);
    one = await startGateway(options);
    two = await startGateway(options);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all([bistro?.close(), archive?.close()]);
  });

  it("offers both upstreams' tools under their names, but not the one the policy denies, and calls each", async () => {
    const tour = await tourTheGateway(one.url);
    expect(tour.tools).toEqual(["archive_find_letters", "bistro_book_table", "bistro_menu"]);
    expect(tour.menu).toBe("soup, risotto, tart");
    expect(tour.booking).toBe("Booked Friday 20:30 for 4.");
    expect(tour.letters).toBe("3 letters from 1912");
    expect(tour.asked).toEqual(["How many guests on Friday?", "At what time, for 4?", "Letters of which year?"]);
    expect(tour.purge).toMatch(/-32602: Unknown tool: archive_purge/);
  });

  it("speaks 2026-07-28 to bistro and initialize to archive", () => {
    expect(Object.fromEntries(one.gateway.status().map((s) => [s.name, [s.era, s.state]]))).toEqual({ bistro: ["modern", "up"], archive: ["legacy", "up"] });
  });

  it("carries bistro's rounds through sealed state: each retry may reach another gateway instance", async () => {
    const first = await manualClient(one.url).start<CallToolResult>("tools/call", { name: "bistro_book_table", arguments: { day: "Monday" } });
    if (first.status !== "input_required") throw new Error("expected a question");
    expect(Object.keys(first.inputRequests ?? {})).toEqual(["guests"]);
    expect(typeof first.requestState).toBe("string");
    const second = await manualClient(two.url).resume<CallToolResult>(first, { guests: { action: "accept", content: { guests: 2 } } });
    if (second.status !== "input_required") throw new Error("expected the second question");
    expect(Object.keys(second.inputRequests ?? {})).toEqual(["time"]);
    const done = await manualClient(one.url).resume<CallToolResult>(second, { time: { action: "accept", content: { time: "19:00" } } });
    expect(done.status === "complete" && done.result.content[0]).toEqual({ type: "text", text: "Booked Monday 19:00 for 2." });
  });

  it("turns archive's question into a round held by one instance: the retry elsewhere is refused with HeldElsewhereError", async () => {
    const first = await manualClient(one.url).start<CallToolResult>("tools/call", { name: "archive_find_letters", arguments: {} });
    if (first.status !== "input_required") throw new Error("expected a question");
    const [key, request] = Object.entries(first.inputRequests ?? {})[0]!;
    expect(request).toMatchObject({ method: "elicitation/create", params: { message: "Letters of which year?" } });
    const answer = { [key]: { action: "accept" as const, content: { year: 1905 } } };
    await expect(manualClient(two.url).resume(first, answer)).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("held by gateway instance") });
    // The instance holding it finishes it.
    const done = await manualClient(one.url).resume<CallToolResult>(first, answer);
    expect(done.status === "complete" && done.result.content[0]).toEqual({ type: "text", text: "3 letters from 1905" });
  });
});

describe("gateway.json", () => {
  it("loads, and describes the gateway the code builds for the URLs it names", async () => {
    const file = await loadGatewayConfig(configFile, { env });
    expect(file.gateway).toEqual(gatewayOptions({ bistro: "http://127.0.0.1:4101/mcp", archive: "http://127.0.0.1:4102/mcp" }, env));
    expect(file.front).toEqual({});
  });

  it("is checked against config.schema.json: a misspelt key is reported with its place", async () => {
    const value = { upstreams: { bistro: { url: "http://127.0.0.1:4101/mcp", timout: 5 } } };
    let error: unknown;
    try {
      parseGatewayConfig(value, { env: {} });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GatewayConfigError);
    expect((error as GatewayConfigError).issues).toEqual([expect.objectContaining({ pointer: "/upstreams/bistro/timout" })]);
  });
});
