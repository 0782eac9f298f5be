import { createClient, httpTransport } from "@mrtr/client";
import { legacyClient } from "@mrtr/client/legacy";

/** What a call did: the tool's text, and which era the client found the server speaking. */
export interface Order {
  text: string;
  era: "modern" | "legacy" | undefined;
  /** The protocol version a legacy server negotiated in initialize. */
  protocolVersion?: string;
}

/**
 * A 2026-07-28 client: calls `order_coffee` at `url`, answering the size question with `size`. The same calls
 * and handler reach a server of either era; the legacy plugin (used by default, passed here to read its verdict)
 * finds out which one the server speaks.
 */
export async function orderCoffee(url: string, drink: string, size: string): Promise<Order> {
  const legacy = legacyClient();
  const client = createClient({
    name: "draft-host",
    version: "1.0.0",
    transport: httpTransport(url),
    elicitation: { form: async () => ({ action: "accept", content: { size } }) },
    legacy,
  });
  try {
    const result = await client.callTool("order_coffee", { drink });
    const text = result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
    const verdict = legacy.verdict;
    return { text, era: verdict?.era, ...(verdict?.era === "legacy" && { protocolVersion: verdict.protocolVersion }) };
  } finally {
    await client.close();
  }
}
