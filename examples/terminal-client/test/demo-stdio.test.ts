/**
 * `npm run demo -- --stdio`'s server: the demo server launched as a child
 * process (src/serve-stdio.ts) and reached over its stdio through the same
 * connection the terminal client uses (`connectStdio`).
 */
import { describe, expect, it } from "vitest";
import { createClient } from "@mrtr/client";
import { connectStdio } from "../src/connect.js";
import { DEMO_TOOLS } from "../src/demo-server.js";

describe("the demo server over stdio", () => {
  it("lists its tools and asks its confirmation over the child's stdin and stdout; closing stops the child", async () => {
    // On the packages' source, as every test runs (the "@mrtr/source" export condition).
    const script = new URL("../src/serve-stdio.ts", import.meta.url).pathname;
    const connection = connectStdio(process.execPath, ["--conditions=@mrtr/source", "--import", "tsx", script]);
    const client = createClient({ transport: connection.transport, name: "demo-stdio-test", version: "1", elicitation: { form: async () => ({ action: "accept", content: { confirm: true } }) } });
    try {
      expect(connection.via).toMatch(/serve-stdio\.ts \(stdio\)$/);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(Object.values(DEMO_TOOLS)));
      const result = await client.callTool(DEMO_TOOLS.confirm, { project: "apollo" });
      expect((result.content[0] as { text: string }).text).toBe('Archived "apollo" and closed its 14 open tasks.');
    } finally {
      await client.close();
    }
    await expect(client.listTools()).rejects.toThrow(/closed/);
  });
});
