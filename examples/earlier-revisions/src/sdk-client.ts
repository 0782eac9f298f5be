import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/**
 * A client of the 2025-11-25 revision, as most hosts are today: the official TypeScript SDK 1.x. It opens with
 * initialize, holds a session, and answers the server's elicitation/create requests with a handler of its own.
 */
export async function orderCoffeeAsSdkClient(url: string, drink: string, size: string): Promise<{ text: string; protocolVersion: string | undefined; asked: string[] }> {
  const client = new Client({ name: "sdk-host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return { action: "accept", content: { size } };
  });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: "order_coffee", arguments: { drink } });
    const content = result.content as { type: string; text?: string }[];
    return { text: content.map((block) => block.text ?? `[${block.type}]`).join("\n"), protocolVersion: transport.protocolVersion, asked };
  } finally {
    await transport.terminateSession(); // DELETE: the server ends the session now rather than at its idle timeout
    await client.close();
  }
}
