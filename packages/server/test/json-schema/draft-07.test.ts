/**
 * Tool schemas that name draft-07 in `$schema` (the official SDK 1.x writes
 * them so) are compiled in draft-07, by both validators: neither refused
 * nor read as 2020-12, whose `items` means something else.
 */
import { describe, expect, it } from "vitest";
import { createServer, inProcessTransport, type JsonSchemaValidator } from "@mrtr/server";
import { ajvValidator, interpretedValidator } from "@mrtr/server/json-schema";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
/** A pair [name, count]: draft-07 writes a tuple as `items: [...]` with `additionalItems`. */
const schema = {
  $schema: DRAFT_07,
  type: "object",
  properties: { pair: { type: "array", items: [{ type: "string" }, { $ref: "#/definitions/count" }], additionalItems: false } },
  required: ["pair"],
  definitions: { count: { type: "integer", minimum: 0 } },
};

describe.each([
  ["ajv", ajvValidator],
  ["interpreted", interpretedValidator],
] as [string, () => JsonSchemaValidator][])("a draft-07 tool schema with the %s validator", (_name, validator) => {
  const server = createServer({ name: "d7", version: "1.0.0", jsonSchemaValidator: validator() });
  server.tool({ name: "pair", inputSchema: schema as never, handler: () => ({ content: [{ type: "text", text: "ok" }] }) });
  const call = async (pair: unknown) => {
    const answer = await inProcessTransport(server).request({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "pair", arguments: { pair }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" } } } } as never);
    return (answer as { result?: { isError?: boolean; content: { text: string }[] }; error?: unknown }).result;
  };

  it("accepts arguments draft-07 accepts", async () => {
    expect(await call(["a", 1])).toMatchObject({ content: [{ text: "ok" }] });
  });

  it("refuses, as the model-correctable tool error, what draft-07 refuses: a second item of the wrong type, a third item, a negative count", async () => {
    for (const wrong of [["a", "b"], ["a", 1, 2], ["a", -1]]) {
      const result = await call(wrong);
      expect(result?.isError, JSON.stringify(wrong)).toBe(true);
      expect(result?.content[0]?.text).toContain("Invalid arguments for tool pair");
    }
  });
});
