import { toNodeListener } from "@mrtr/server/node";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * A Fastify app with the MCP endpoint at /mcp beside its own routes. `mcp` is
 * `createHttpHandler(server)`, with no `path`: the route decides what reaches
 * it. The endpoint sits in a plugin of its own, whose only content-type
 * parser leaves the body unread for the handler (which reads it within its
 * own limits); Fastify's parsers stay on the app's other routes. The route
 * hands Node's request and response to the listener, which answers:
 * `reply.hijack()` tells Fastify not to.
 */
export function fastifyApp(mcp: (request: Request) => Promise<Response>): FastifyInstance {
  const app = Fastify();
  const listener = toNodeListener(mcp);
  void app.register(async (endpoint) => {
    endpoint.removeAllContentTypeParsers();
    endpoint.addContentTypeParser("*", (_request, _body, done) => done(null));
    endpoint.all("/mcp", (request, reply) => {
      reply.hijack();
      listener(request.raw, reply.raw);
    });
  });
  app.get("/health", async () => "ok");
  app.post("/echo", async (request) => request.body);
  return app;
}
