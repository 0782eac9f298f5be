/**
 * The quick start in one command (`npm start -w @mrtr/example-quick-start`):
 * the server of server.ts over HTTP on a free port, as http.ts serves it,
 * called by client.ts's `bookTable`, and its answer checked (a wrong one
 * exits 1).
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { bookTable } from "./client.js";
import { server } from "./server.js";

const http = createNodeServer(createHttpHandler(server, { path: "/mcp" }));
http.listen(0, "127.0.0.1");
await once(http, "listening");
try {
  const endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const text = await bookTable(endpoint, "Friday", 4);
  console.log(`book_table answered: ${text}`);
  assert.equal(text, "Booked a table for 4 on Friday.");
} finally {
  http.close();
}
