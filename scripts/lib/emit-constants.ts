/**
 * Emits the protocol constants: those schema.ts declares (protocol version,
 * JSON-RPC version, error codes) copied as written, and method lists derived
 * from the JSON Schema so they cannot drift from the types.
 */
import type { JsonSchema } from "./json-schema.js";
import { methodOf, unionMembers } from "./schema-walk.js";

type Defs = Record<string, JsonSchema>;

function list(name: string, doc: string, values: string[]): string {
  const items = values.map((v) => `  ${JSON.stringify(v)},`).join("\n");
  return `/** ${doc} */\nexport const ${name} = [\n${items}\n] as const;`;
}

interface DerivedMethods {
  clientRequests: string[];
  clientNotifications: string[];
  serverNotifications: string[];
  inputRequired: string[];
  inputRequests: string[];
}

/** Method lists of the core protocol, derived from the schema. */
function deriveMethods(schema: JsonSchema): DerivedMethods {
  const defs = schema.$defs as Defs;
  const pick = (union: string) =>
    unionMembers(defs, union)
      .filter((n) => defs[n]?.deprecated !== true)
      .map((n) => methodOf(defs, n));
  const inputRequired = Object.keys(defs)
    .filter((n) => n.endsWith("ResultResponse"))
    .filter((n) => {
      const result = (defs[n]?.properties as Record<string, JsonSchema>).result;
      const members = (result?.anyOf as JsonSchema[] | undefined) ?? [];
      return members.some((m) => m.$ref === "#/$defs/InputRequiredResult");
    })
    .map((n) => methodOf(defs, n.replace(/ResultResponse$/, "Request")))
    .sort();
  return {
    clientRequests: pick("ClientRequest"),
    clientNotifications: pick("ClientNotification"),
    serverNotifications: pick("ServerNotification"),
    inputRequired,
    inputRequests: pick("InputRequest"),
  };
}

/** The core constants module. */
export function emitCoreConstants(schema: JsonSchema, copied: string[], header: string): string {
  const m = deriveMethods(schema);
  const parts = [
    ...copied,
    list("CLIENT_REQUEST_METHODS", "Methods a client may send as requests.", m.clientRequests),
    list("CLIENT_NOTIFICATION_METHODS", "Methods a client may send as notifications.", m.clientNotifications),
    list("SERVER_NOTIFICATION_METHODS", "Methods a server may send as notifications (core protocol).", m.serverNotifications),
    list(
      "INPUT_REQUIRED_METHODS",
      "The only request methods whose result MAY be an `InputRequiredResult`; any other method answering `input_required` violates the protocol.",
      m.inputRequired,
    ),
    list("INPUT_REQUEST_METHODS", "Methods a server may embed in `inputRequests` (core protocol).", m.inputRequests),
    "/** A method a client may send as a request. */\nexport type ClientRequestMethod = (typeof CLIENT_REQUEST_METHODS)[number];",
    "/** A request method whose result may be `input_required`. */\nexport type InputRequiredMethod = (typeof INPUT_REQUIRED_METHODS)[number];",
  ];
  return `${header}\n${parts.join("\n\n")}\n`;
}
