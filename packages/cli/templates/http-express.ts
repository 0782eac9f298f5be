import express from "express";
import { createHttpHandler } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";
import { server } from "./notes.js";

// The same server over Streamable HTTP, mounted in an Express app at /mcp, before any body parser (it reads the body itself).
const app = express();
app.all("/mcp", toNodeListener(createHttpHandler(server)));
app.get("/health", (_req, res) => {
  res.send("ok");
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, "127.0.0.1", () => console.log(`MCP endpoint: http://127.0.0.1:${port}/mcp`));
