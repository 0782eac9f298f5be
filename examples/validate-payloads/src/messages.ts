import type { CallToolRequest, CallToolResult } from "@mrtr/schema";
import { JSONRPC_VERSION, LATEST_PROTOCOL_VERSION } from "@mrtr/schema";

// The payloads the other files check: typed with @mrtr/schema, so the compiler catches a wrong shape in your own
// code; what arrives from elsewhere (a file, a socket, a fixture) is only `unknown` until a validator says otherwise.
export const validCall: CallToolRequest = {
  jsonrpc: JSONRPC_VERSION,
  id: 1,
  method: "tools/call",
  params: {
    name: "get_weather",
    arguments: { city: "Lisbon" },
    _meta: {
      "io.modelcontextprotocol/protocolVersion": LATEST_PROTOCOL_VERSION,
      "io.modelcontextprotocol/clientCapabilities": {},
    },
  },
};

/** The same request with its tool name a number: the kind of message a buggy peer sends. */
export const invalidCall: unknown = { ...validCall, id: 2, params: { ...validCall.params, name: 42 } };

/** A tool result whose text block holds a number where a string belongs. */
export const invalidResult: unknown = { resultType: "complete", content: [{ type: "text", text: 7 }] };

export const validResult: CallToolResult = { resultType: "complete", content: [{ type: "text", text: "Sunny, 24 °C" }] };
