import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createHttpHandler } from "@mrtr/server";
import { server } from "./notes.js";

// The same server over Streamable HTTP, mounted in a Hono app at /mcp beside the app's own routes.
const mcp = createHttpHandler(server);
const app = new Hono();
app.get("/health", (c) => c.text("ok"));
app.all("/mcp", (c) => mcp(c.req.raw));

const port = Number(process.env.PORT ?? 3000);
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => console.log(`MCP endpoint: http://127.0.0.1:${port}/mcp`));
