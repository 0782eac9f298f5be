/**
 * A Worker that is an MCP client: our `@mrtr/client` bundled into workerd,
 * calling the server whose URL the request's `?server=` names (a Node server
 * the test starts), answering its question itself, and returning what it got.
 */
import { createClient, httpTransport } from "@mrtr/client";

export default {
  async fetch(request: Request): Promise<Response> {
    const server = new URL(request.url).searchParams.get("server");
    if (server === null) return new Response("?server= is missing", { status: 400 });
    const client = createClient({
      name: "workerd-client",
      version: "1.0.0",
      transport: httpTransport(server),
      elicitation: { form: async () => ({ action: "accept", content: { name: "Worker" } }) },
    });
    try {
      const progress: number[] = [];
      const asked = await client.callTool("ask_name");
      const added = await client.callTool("add", { a: 40, b: 2 });
      const counted = await client.callTool("count", {}, { onProgress: ({ progress: p }) => void progress.push(p) });
      return Response.json({ asked: asked.content, added: added.content, counted: counted.content, progress });
    } catch (error) {
      return Response.json({ error: String(error) }, { status: 500 });
    } finally {
      await client.close();
    }
  },
};
