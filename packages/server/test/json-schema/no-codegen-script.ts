/**
 * Run by default-validator.test.ts, bundled and started as
 * `node --disallow-code-generation-from-strings` (and without the flag, the
 * control): a default server's JSON Schema tool called with good and bad
 * arguments, and the explicit `ajvValidator()`'s refusal; prints one JSON line.
 */
import { createServer } from "@mrtr/server";
import { ajvValidator } from "@mrtr/server/json-schema";
import { codeGenerationAllowed } from "../../src/json-schema/default.js";

const meta = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "script", version: "1.0.0" },
};
const schema = { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"] } as const;
const call = (id: number, args: unknown) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "add", arguments: args, _meta: meta } });

async function serve(options: Record<string, unknown>) {
  const errors: string[] = [];
  const server = createServer({ name: "no-codegen", version: "1.0.0", requestState: { secrets: ["no-codegen-secret-0123456789-abcdefghijkl"] }, onError: (e) => void errors.push(String(e)), ...options });
  server.tool({ name: "add", inputSchema: schema, handler: (args) => ({ content: [{ type: "text", text: String((args as { a: number }).a + (args as { b: number }).b) }] }) });
  const good = await server.handle(call(1, { a: 1, b: 2 }));
  const bad = await server.handle(call(2, { a: "one", b: 2 }));
  return { good, bad, errors };
}

console.log(JSON.stringify({ probe: codeGenerationAllowed(), byDefault: await serve({}), withAjv: await serve({ jsonSchemaValidator: ajvValidator() }) }));
