import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createNodeServer } from "@mrtr/server/node";
import { splitBill } from "./client.js";
import { mcpHandler } from "./server.js";

// npm start: the module served by Node's HTTP twice, two instances sharing only the secret (as isolates do), and a call whose rounds alternate between them.
const env = { MRTR_STATE_SECRET: process.env.MRTR_STATE_SECRET ?? randomBytes(32).toString("base64") };
const instances = [createNodeServer(mcpHandler(env)), createNodeServer(mcpHandler(env))];
for (const http of instances) await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
const endpoints = instances.map((http) => `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
try {
  console.log(`instances: ${endpoints.join(", ")}`);
  const { text, served } = await splitBill(endpoints, 50, 4);
  console.log(`split_bill(50), 4 people: ${text}`);
  console.log(`served by: ${served.map((url) => endpoints.indexOf(url) + 1).join(", ")} (the question's round by one instance, the retry by the other)`);
  assert.equal(text, "Each pays 12.50.");
  assert.deepEqual(served, [endpoints[0], endpoints[1]]);
} finally {
  for (const http of instances) {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }
}
