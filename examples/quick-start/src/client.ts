import { fileURLToPath } from "node:url";
import { createClient, httpTransport } from "@mrtr/client";

/** Calls `book_table` at `endpoint`, answering its question with `guests`; the tool's text. */
export async function bookTable(endpoint: string, day: string, guests: number): Promise<string> {
  const client = createClient({
    name: "bistro-client",
    version: "1.0.0",
    transport: httpTransport(endpoint),
    // Where a host shows the form to its user; here the answer is given in advance.
    elicitation: { form: async () => ({ action: "accept", content: { guests } }) },
  });
  try {
    const result = await client.callTool("book_table", { day });
    return result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
  } finally {
    await client.close();
  }
}

// npx tsx client.ts [endpoint] [day] [guests]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [endpoint = "http://127.0.0.1:3000/mcp", day = "Friday", guests = "2"] = process.argv.slice(2);
  console.log(await bookTable(endpoint, day, Number(guests)));
}
