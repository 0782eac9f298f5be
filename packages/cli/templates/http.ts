import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { server } from "./notes.js";

// Streamable HTTP at http://127.0.0.1:3000/mcp, both eras, with the timeouts and limits a public endpoint needs.
const port = Number(process.env.PORT ?? 3000);
createNodeServer(createHttpHandler(server, { path: "/mcp" })).listen(port, "127.0.0.1", () => console.log(`MCP endpoint: http://127.0.0.1:${port}/mcp`));
