import { createClient, httpTransport, type McpClient } from "@mrtr/client";

// A client of the gateway: to it the gateway is one server of 2026-07-28, whatever stands behind it.

/** A client of `endpoint` whose user answers every form from `answers` (by field name); `asked` records each question. */
export function gatewayClient(endpoint: string, answers: Record<string, string | number>): { client: McpClient; asked: string[] } {
  const asked: string[] = [];
  const client = createClient({
    name: "gateway-tour",
    version: "1.0.0",
    transport: httpTransport(endpoint),
    elicitation: {
      form: async (params) => {
        asked.push(params.message);
        // The form's own fields, answered from what this user would say.
        const fields = Object.keys(params.requestedSchema.properties);
        return { action: "accept", content: Object.fromEntries(fields.map((field) => [field, answers[field] ?? ""])) };
      },
    },
  });
  return { client, asked };
}

/** What one tour of the gateway saw: the tools listed, each call's text and the questions asked on the way. */
export interface Tour {
  tools: string[];
  menu: string;
  booking: string;
  letters: string;
  asked: string[];
  purge: string;
}

/** Lists the gateway's tools and calls one of each upstream, the two that ask among them, and the tool the policy hides. */
export async function tourTheGateway(endpoint: string): Promise<Tour> {
  const { client, asked } = gatewayClient(endpoint, { guests: 4, time: "20:30", year: 1912 });
  const textOf = (result: { content: { type: string; text?: string }[] }) => result.content.map((block) => block.text ?? `[${block.type}]`).join("\n");
  try {
    const tools = (await client.listAllTools()).map((tool) => tool.name).sort();
    const menu = textOf(await client.callTool("bistro_menu"));
    // Two rounds: the gateway passes bistro's input_required on, its requestState sealed inside the gateway's.
    const booking = textOf(await client.callTool("bistro_book_table", { day: "Friday" }));
    // One round: archive's elicitation/create request, turned by the gateway into input_required.
    const letters = textOf(await client.callTool("archive_find_letters"));
    // A tool the policy hides is refused exactly as one that does not exist.
    const purge = await client.callTool("archive_purge").then(textOf, (error: Error) => `refused: ${error.message}`);
    return { tools, menu, booking, letters, asked, purge };
  } finally {
    await client.close();
  }
}
