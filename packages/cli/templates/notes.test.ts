import assert from "node:assert/strict";
import { test } from "node:test";
import { createClient } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { server } from "./notes.js";

// Drives the server in process: no socket, no child process, the same rounds a host's client goes through.
test("greet asks the user's name, then greets them by it", async () => {
  const client = createClient({
    name: "test",
    version: "1.0.0",
    transport: inProcessTransport(server),
    elicitation: { form: async () => ({ action: "accept", content: { name: "Grace" } }) },
  });
  const result = await client.callTool("greet");
  assert.deepEqual(result.content, [{ type: "text", text: "Hello, Grace!" }]);
  await client.close();
});

test("greet still answers when the user declines", async () => {
  const client = createClient({ name: "test", version: "1.0.0", transport: inProcessTransport(server), elicitation: { form: async () => ({ action: "decline" }) } });
  assert.deepEqual((await client.callTool("greet")).content, [{ type: "text", text: "Hello, stranger!" }]);
  await client.close();
});
