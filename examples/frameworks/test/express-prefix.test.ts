/**
 * An endpoint under a prefix in Express, the case the server README's notes
 * on mounting describe: a mount path given to `app.use` is cut off `req.url`
 * (so the handler would see another URL than the client called, which a
 * DPoP proof's `htu` and `protect`'s metadata paths are compared with), and
 * `req.url = req.originalUrl` gives it back; behind `protect`, the framework
 * routes the protected-resource metadata path to the same handler.
 */
import { createServer as createNodeHttpServer } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { protect, resourceMetadataPath, type AuthInfo } from "@mrtr/server/auth";
import { toNodeListener } from "@mrtr/server/node";
import { close, expectMrtrFlow, greetingServer, listen } from "./mrtr-flow.js";

const servers: ReturnType<typeof createNodeHttpServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(close));
});

/** An Express app on a free port; routes are added once the URL is known. */
async function started(): Promise<{ app: express.Express; base: string }> {
  const app = express();
  const http = createNodeHttpServer(app);
  servers.push(http);
  return { app, base: await listen(http) };
}

describe("Express, an endpoint under /api", () => {
  it("app.use cuts its mount path off req.url, so the handler sees /mcp for /api/mcp", async () => {
    const { server, paths } = greetingServer();
    const { app, base } = await started();
    app.use("/api", toNodeListener(createHttpHandler(server)));
    await expectMrtrFlow(`${base}/api/mcp`);
    expect(paths).toEqual(["/mcp", "/mcp"]);
  });

  it("a Router mounted with app.use hands the listener the whole URL once req.url is set back to req.originalUrl", async () => {
    const { server, paths } = greetingServer();
    const { app, base } = await started();
    const listener = toNodeListener(createHttpHandler(server));
    const api = express.Router();
    api.all("/mcp", (req, res) => {
      req.url = req.originalUrl;
      listener(req, res);
    });
    app.use("/api", api);
    await expectMrtrFlow(`${base}/api/mcp`);
    expect(paths).toEqual(["/api/mcp", "/api/mcp"]);
  });

  it("behind protect, the metadata path routed to the same handler is what the 401 challenge points at, and names the mounted endpoint", async () => {
    const { server, paths } = greetingServer();
    const { app, base } = await started();
    const resource = `${base}/api/mcp`;
    const ada: AuthInfo = { subject: "ada", issuer: "https://as.example", scopes: [], audience: [resource] };
    const handler = protect(createHttpHandler(server), { resource, authorizationServers: ["https://as.example"], verify: (token) => (token === "ada-token" ? ada : undefined) });
    app.all(["/api/mcp", resourceMetadataPath(resource)], toNodeListener(handler));

    const refused = await fetch(resource, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(refused.headers.get("www-authenticate") ?? "")?.[1];
    expect(metadataUrl).toBe(`${base}/.well-known/oauth-protected-resource/api/mcp`);
    const metadata = await fetch(metadataUrl!);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource, authorization_servers: ["https://as.example"] });

    await expectMrtrFlow(resource, { headers: { authorization: "Bearer ada-token" } });
    expect(paths).toEqual(["/api/mcp", "/api/mcp"]);
  });
});
