/** Error responses as peers send them: the client reports the server's error, whatever form of "no id" it uses. */
import { createClient, JsonRpcError, ProtocolViolationError } from "@mrtr/client";
import { describe, expect, it } from "vitest";
import { scripted } from "../scripted.js";

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe("error responses", () => {
  it("takes an error answered with id null (JSON-RPC 2.0's form for an unreadable request) as the server's error, as it takes one without an id", async () => {
    for (const id of [{ id: null }, {}]) {
      const transport = scripted(() => ({ ...id, error: { code: -32700, message: "Parse error" } }));
      const error = await failure(createClient({ transport, name: "c", version: "1" }).callTool("t"));
      expect(error, JSON.stringify(id)).toBeInstanceOf(JsonRpcError);
      expect((error as JsonRpcError).code).toBe(-32700);
    }
  });

  it("still refuses a malformed error, and a result answered with id null", async () => {
    const broken = scripted(() => ({ id: null, error: { code: "x", message: 3 } }));
    expect(await failure(createClient({ transport: broken, name: "c", version: "1" }).callTool("t"))).toBeInstanceOf(ProtocolViolationError);
    const result = scripted(() => ({ id: null, result: { resultType: "complete", content: [] } }));
    expect(await failure(createClient({ transport: result, name: "c", version: "1" }).callTool("t"))).toBeInstanceOf(ProtocolViolationError);
  });
});
