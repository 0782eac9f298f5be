import type { AddressInfo } from "node:net";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { server } from "./server.js";

// The same server over Streamable HTTP at /mcp, with Node's timeouts and connection limits set (PORT=0: any free port).
const port = Number(process.env.PORT ?? 3000);
const http = createNodeServer(createHttpHandler(server, { path: "/mcp" }));
http.listen(port, "127.0.0.1", () => {
  console.log(`MCP endpoint: http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
});
