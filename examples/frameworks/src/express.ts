import { toNodeListener } from "@mrtr/server/node";
import express, { type Express } from "express";

/**
 * An Express app with the MCP endpoint at /mcp beside its own routes. `mcp`
 * is `createHttpHandler(server)`, with no `path`: the route decides what
 * reaches it. `toNodeListener` turns Express's request (a Node request) into
 * the web `Request`, from `req.url`: a route keeps it whole, while a mount
 * path given to `app.use` or a Router's mount is cut off it.
 */
export function expressApp(mcp: (request: Request) => Promise<Response>): Express {
  const app = express();
  app.get("/health", (_req, res) => {
    res.send("ok");
  });
  // Before any body parser: the handler reads the body itself, within its limits.
  app.all("/mcp", toNodeListener(mcp));
  // The app's own routes, after the endpoint, may parse JSON.
  app.use(express.json());
  app.post("/echo", (req, res) => {
    res.json(req.body);
  });
  return app;
}
