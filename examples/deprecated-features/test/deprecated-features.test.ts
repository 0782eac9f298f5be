/**
 * The deprecated-features example: a tool that samples the client's model,
 * lists its roots and logs, through @mrtr/deprecated's plugins, served in
 * process; the client lends a canned completion and two roots.
 */
import { describe, expect, it } from "vitest";
import { createClient, JsonRpcError, type Transport } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { describeProject } from "../src/client.js";
import { server } from "../src/server.js";

/** An in-process transport that counts the requests of each method. */
function counted(): { transport: Transport; sent: string[] } {
  const inner = inProcessTransport(server);
  const sent: string[] = [];
  return { sent, transport: { ...inner, request: (message, options) => (sent.push(message.method), inner.request(message, options)) } };
}

describe("deprecated features: sampling, roots and logging", () => {
  it("answers with the client's model and roots, both asked in one round (one retry)", async () => {
    const { transport, sent } = counted();
    const { text, sampled } = await describeProject(transport);
    expect(text).toBe("A notes app for teams (in notes, shared)");
    expect(sampled).toEqual(["Describe this project in five words."]);
    expect(sent.filter((method) => method === "tools/call")).toHaveLength(2);
  });

  it("sends log messages at the level the request asked and up, on the request's own stream", async () => {
    const { log } = await describeProject(inProcessTransport(server));
    expect(log).toEqual([
      { level: "info", logger: "describe", data: "asking the client's model and roots" },
      { level: "info", logger: "describe", data: "asking the client's model and roots" },
      { level: "notice", logger: "describe", data: { roots: 2, model: "canned-model" } },
    ]);
  });

  it("sends no log message below the level asked", async () => {
    const { text, log } = await describeProject(inProcessTransport(server), "warning");
    expect(text).toBe("A notes app for teams (in notes, shared)");
    expect(log).toEqual([]);
  });

  it("refuses the call with -32021 when the client does not declare sampling and roots", async () => {
    const client = createClient({ name: "plain", version: "1.0.0", transport: inProcessTransport(server) });
    const failure = await client.callTool("describe_project").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JsonRpcError);
    expect((failure as JsonRpcError).code).toBe(-32021);
    expect((failure as JsonRpcError).data).toMatchObject({ requiredCapabilities: { sampling: {}, roots: {} } });
  });
});
