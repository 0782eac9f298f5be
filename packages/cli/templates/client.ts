import { createClient } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";

// A client that launches the server over stdio, as a host would, and answers its question with the name given here.
const name = process.argv[2] ?? "Ada";
const client = createClient({
  name: "notes-client",
  version: "1.0.0",
  transport: stdioTransport({ command: process.execPath, args: ["--import", "tsx", "stdio.ts"] }),
  elicitation: { form: async () => ({ action: "accept", content: { name } }) },
});

const result = await client.callTool("greet");
console.log(result.content[0]?.type === "text" ? result.content[0].text : result);
await client.close();
